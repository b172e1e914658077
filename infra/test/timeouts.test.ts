/**
 * Every outbound call a function may make gives up, retries and back-off included, before the function's own
 * timeout: otherwise a hung dependency kills the invocation instead of reaching the fallback or the error answer.
 * What a function may call is read from what its bundle contains (esbuild's metafile of its entry), its timeout
 * from the template, the limits from functions/integrations/timeouts.ts, which the clients are built from.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { STREAM_CONSUMER } from '#shared/table-stream';
import {
  AI_BEDROCK_CALLS,
  AI_WEBHOOK_TIMEOUT_MS,
  FUNCTION_TIMEOUT_SECONDS,
  SDK_CLIENTS,
  type SdkClientName,
  STRIPE_CALLS,
  sdkWorstCaseMs,
  streamBatchWorstCaseMs,
  stripeWorstCaseMs,
} from '../../functions/integrations/timeouts';
import { AppFunction } from '../constructs/function';
import { lambdaEntries } from '../constructs/lambda-entries';
import { repoPath } from '../constructs/paths';
import { synthStage } from './synth';

type Outbound = SdkClientName | 'stripe' | 'aiWebhook' | 'bedrock';

/** The module that makes each kind of outbound call; a bundle containing it may make that call. */
const CALLERS: Record<string, Outbound> = {
  'functions/store/client.ts': 'dynamodb',
  'functions/integrations/sdk/s3.ts': 's3',
  'functions/integrations/sdk/cognito.ts': 'cognito',
  'functions/integrations/sdk/eventbridge.ts': 'eventBridge',
  'functions/integrations/sdk/secrets-manager.ts': 'secretsManager',
  'functions/integrations/sdk/ses.ts': 'ses',
  'functions/integrations/sdk/apigateway-management.ts': 'apiGatewayManagement',
  'functions/integrations/stripe.ts': 'stripe',
  'functions/integrations/ai/webhook.ts': 'aiWebhook',
  'functions/integrations/sdk/bedrock-runtime.ts': 'bedrock',
};

async function outboundCallsOf(entry: string): Promise<Outbound[]> {
  const result = await build({
    entryPoints: [repoPath(entry)],
    bundle: true,
    write: false,
    metafile: true,
    // Our own modules are what name the calls; packages need not be read.
    packages: 'external',
    platform: 'node',
    format: 'esm',
    absWorkingDir: repoPath(),
    logLevel: 'error',
  });
  return Object.keys(result.metafile.inputs).flatMap((input) => {
    const call = CALLERS[input];
    return call ? [call] : [];
  });
}

/** A consumer's AI call uses the consumer's limits; every other function the API's. */
const aiKindOf = (entry: string) => (entry.startsWith('functions/consumers/') ? 'consumer' : 'http');

function worstCaseMs(call: Outbound, entry: string): number {
  if (call === 'stripe') return stripeWorstCaseMs();
  if (call === 'aiWebhook') return AI_WEBHOOK_TIMEOUT_MS[aiKindOf(entry)];
  if (call === 'bedrock') return sdkWorstCaseMs(AI_BEDROCK_CALLS[aiKindOf(entry)]);
  return sdkWorstCaseMs(SDK_CLIENTS[call]);
}

describe.each(['dev', 'prod'])('outbound calls of every function on stage %s', (stageName) => {
  const { stack } = synthStage(stageName);
  const functions = stack.node.findAll().filter((node): node is AppFunction => node instanceof AppFunction);
  const calls = new Map<AppFunction, Outbound[]>();

  beforeAll(async () => {
    for (const fn of functions) calls.set(fn, await outboundCallsOf(fn.entry));
  }, 60_000);

  it('covers every function the project deploys', () => {
    expect(functions.map((fn) => fn.entry).sort()).toEqual(
      lambdaEntries()
        .map((e) => e.entry)
        .sort(),
    );
  });

  it("each give up before the function's timeout, every attempt and back-off counted", () => {
    const tooLong: string[] = [];
    for (const fn of functions) {
      const timeoutMs = Duration.seconds(Number((fn.node.defaultChild as CfnFunction).timeout)).toMilliseconds();
      for (const call of calls.get(fn) ?? []) {
        const worst = worstCaseMs(call, fn.entry);
        if (worst >= timeoutMs) tooLong.push(`${fn.entry}: ${call} may take ${worst} ms of its ${timeoutMs} ms`);
      }
    }
    expect(tooLong).toEqual([]);
  });

  it('finds the calls it checks: DynamoDB everywhere but the Cognito trigger, Stripe in payments, AI in the ai area only', () => {
    const byEntry = new Map(functions.map((fn) => [fn.entry, calls.get(fn) ?? []]));
    expect(byEntry.get('functions/http/payments.ts')).toEqual(expect.arrayContaining(['stripe', 'dynamodb']));
    expect(byEntry.get('functions/http/ai.ts')).toContain('aiWebhook');
    expect(byEntry.get('functions/consumers/suggestions.ts')).toContain('aiWebhook');
    expect(byEntry.get('functions/http/ai.ts')).toContain('bedrock');
    // Answer saves never wait on the model: the journey function's bundle holds no AI client.
    expect(byEntry.get('functions/http/journey.ts')).not.toContain('bedrock');
    expect(byEntry.get('functions/http/journey.ts')).not.toContain('aiWebhook');
    expect(byEntry.get('functions/consumers/suggestions.ts')).toContain('bedrock');
    expect(byEntry.get('functions/http/dataroom.ts')).toContain('s3');
    expect(byEntry.get('functions/consumers/email-sender.ts')).toContain('ses');
  });
});

describe('the limits themselves', () => {
  it('leave the API room for its work after the slowest call: each at most 90% of 10 s', () => {
    const httpMs = FUNCTION_TIMEOUT_SECONDS.http * 1000;
    for (const [name, limits] of Object.entries(SDK_CLIENTS)) {
      expect(sdkWorstCaseMs(limits), name).toBeLessThanOrEqual(httpMs * 0.9);
      expect(limits.connectionTimeoutMs, name).toBeLessThanOrEqual(limits.requestTimeoutMs);
    }
    expect(stripeWorstCaseMs()).toBeLessThanOrEqual(httpMs * 0.9);
    expect(AI_WEBHOOK_TIMEOUT_MS.http).toBeLessThanOrEqual(httpMs * 0.6);
    expect(AI_WEBHOOK_TIMEOUT_MS.consumer).toBeLessThan(FUNCTION_TIMEOUT_SECONDS.consumer * 1000);
    // Idea generation waits on Bedrock inside an API request: one attempt, well under the function's 10 s (and so
    // under API Gateway's 30 s), leaving the error answer time to go out.
    expect(AI_BEDROCK_CALLS.http.maxAttempts).toBe(1);
    expect(sdkWorstCaseMs(AI_BEDROCK_CALLS.http)).toBeLessThanOrEqual(httpMs * 0.7);
    expect(FUNCTION_TIMEOUT_SECONDS.http).toBeLessThan(29);
    expect(sdkWorstCaseMs(AI_BEDROCK_CALLS.consumer)).toBeLessThan(FUNCTION_TIMEOUT_SECONDS.consumer * 1000);
  });

  it("give the table's stream consumer time for its slowest batch", () => {
    expect(streamBatchWorstCaseMs(STREAM_CONSUMER.batchSize)).toBe(189_000);
    expect(streamBatchWorstCaseMs(STREAM_CONSUMER.batchSize)).toBeLessThan(FUNCTION_TIMEOUT_SECONDS.stream * 1000);
  });

  it('count every attempt and the longest back-off before each retry', () => {
    expect(sdkWorstCaseMs({ maxAttempts: 1, connectionTimeoutMs: 100, requestTimeoutMs: 200 })).toBe(200);
    // 3 × 1.5 s, then 1 s and 2 s of back-off.
    expect(sdkWorstCaseMs({ maxAttempts: 3, connectionTimeoutMs: 500, requestTimeoutMs: 1_500 })).toBe(7_500);
    // 2 × 4 s and Stripe's 0.5 s before its retry.
    expect(stripeWorstCaseMs(STRIPE_CALLS)).toBe(8_500);
    expect(stripeWorstCaseMs({ timeoutMs: 10_000, maxNetworkRetries: 2 })).toBe(31_500);
  });

  it('are what every client in functions/ is built with: no client sets its own', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(file);
      }
    };
    walk(repoPath('functions'));
    const unlimited = files.filter((file) => {
      const source = readFileSync(file, 'utf8');
      const builds = /new [\w.]*Client\(/.test(source);
      return builds && !source.includes('sdkClientOptions(');
    });
    expect(unlimited.map((file) => path.relative(repoPath(), file))).toEqual([]);
  });
});
