/**
 * The supervisor against real emulators: DynamoDB Local is killed with SIGKILL, as the reliability test of issue 35
 * did, and must be named in the log, started again on its port, and given up on when it keeps dying.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkPortFree,
  type EmulatorGaveUpError,
  type EmulatorName,
  type RunningEmulators,
  startEmulators,
} from './index';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function kill(emulators: RunningEmulators, service: EmulatorName): number {
  const { pid } = emulators.emulator(service);
  if (!pid) throw new Error(`${service} has no pid`);
  process.kill(pid, 'SIGKILL');
  return pid;
}

const portsOf = (emulators: RunningEmulators) =>
  Object.entries(emulators.endpoints).map(([service, url]) => [service, Number(new URL(url).port)] as const);

let started: RunningEmulators | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

describe('an emulator that dies', () => {
  it('is logged with its exit code and signal, restarted on its port and data directory, and answers again', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'preseed-supervisor-test-'));
    const lines: string[] = [];
    try {
      const emulators = await startEmulators({ dataDir, warn: (line) => lines.push(line) });
      started = emulators;
      const { port } = emulators.emulator('dynamodb');
      const dynamo = new DynamoDBClient({ endpoint: emulators.endpoints.dynamodb, region: 'us-east-1', credentials });
      try {
        await dynamo.send(
          new CreateTableCommand({
            TableName: 'kept',
            AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
            KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
            BillingMode: 'PAY_PER_REQUEST',
          }),
        );
        await dynamo.send(new PutItemCommand({ TableName: 'kept', Item: { pk: { S: 'k' }, v: { S: 'before' } } }));

        const pid = kill(emulators, 'dynamodb');
        await until('the exit line', () => lines.find((line) => line.includes('exited unexpectedly')));
        expect(lines[0]).toBe(
          `DynamoDB Local (pid ${pid}, port ${port}) exited unexpectedly: no exit code, signal SIGKILL.`,
        );
        expect(emulators.states().dynamodb).toBe('restarting');

        await until('the restart', () => emulators.states().dynamodb === 'running');
        expect(emulators.emulator('dynamodb').pid).not.toBe(pid);
        expect(emulators.emulator('dynamodb').port).toBe(port);
        expect(lines[1]).toMatch(/^Restarting DynamoDB Local on port \d+ and data directory \(restart 1 of 3/);
        expect(lines[2]).toMatch(/^DynamoDB Local is back on port \d+ \(pid \d+\), ready in \d+ ms\.$/);
        // The same client, the same endpoint, the data from before the death.
        const item = await dynamo.send(new GetItemCommand({ TableName: 'kept', Key: { pk: { S: 'k' } } }));
        expect(item.Item?.v?.S).toBe('before');
        expect(emulators.states()).toEqual({ dynamodb: 'running', cognito: 'running', s3: 'running', ses: 'running' });
      } finally {
        dynamo.destroy();
      }
    } finally {
      await started?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('gives up after the restart limit, calls onFatal once, and stop() still frees every port quickly', async () => {
    const lines: string[] = [];
    const fatal: EmulatorGaveUpError[] = [];
    const emulators = await startEmulators({
      warn: (line) => lines.push(line),
      restartLimit: { restarts: 1, windowMs: 60_000 },
      onFatal: (error) => fatal.push(error),
    });
    started = emulators;
    kill(emulators, 'dynamodb');
    await until('the first restart', () => lines.some((line) => line.includes('is back')));
    kill(emulators, 'dynamodb');
    await until('giving up', () => fatal.length > 0);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]?.name).toBe('EmulatorGaveUpError');
    expect(fatal[0]?.message).toBe(
      'DynamoDB Local exited unexpectedly more than 1 times within 60 s (last: no exit code, signal SIGKILL); it was not restarted again.',
    );
    expect(lines.at(-1)).toBe(fatal[0]?.message);
    expect(emulators.states().dynamodb).toBe('failed');

    const stopping = performance.now();
    await emulators.stop();
    expect(performance.now() - stopping).toBeLessThan(5_000);
    for (const [service, port] of portsOf(emulators))
      await expect(checkPortFree(port, service)).resolves.toBeUndefined();
  }, 90_000);

  it('stop() while a restart is under way finishes within a few seconds and frees every port', async () => {
    const emulators = await startEmulators({ warn: () => undefined });
    started = emulators;
    kill(emulators, 'dynamodb');
    await until('the restart to begin', () => emulators.states().dynamodb === 'restarting');
    const stopping = performance.now();
    await emulators.stop();
    expect(performance.now() - stopping).toBeLessThan(5_000);
    expect(emulators.states().dynamodb).toBe('stopped');
    for (const [service, port] of portsOf(emulators))
      await expect(checkPortFree(port, service)).resolves.toBeUndefined();
  }, 90_000);

  it('a deliberate stopService is left down: no restart, no log line', async () => {
    const lines: string[] = [];
    const emulators = await startEmulators({ warn: (line) => lines.push(line) });
    started = emulators;
    await emulators.stopService('dynamodb');
    await emulators.stopService('s3');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(lines).toEqual([]);
    expect(emulators.states()).toMatchObject({ dynamodb: 'stopped', s3: 'stopped', cognito: 'running' });
    await emulators.restartService('dynamodb');
    expect(emulators.states().dynamodb).toBe('running');
  }, 90_000);
});
