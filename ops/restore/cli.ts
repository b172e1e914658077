/**
 * The restore commands' command lines: `restore:wait` (ops/restore/wait-table.ts) and `restore:replay`
 * (ops/restore/replay.ts). The stage gives the region; AWS credentials come from the environment as for the AWS CLI.
 */

import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { StageConfigError } from '../../infra/stages';
import { AWS_CLIENT_OPTIONS, stageFromArgs, UsageError } from '../lib/stage';
import { ReplayError, type ReplayReport, replayStream } from './replay';
import { TableWaitError, waitForTableActive } from './wait-table';

/** 0: done; 1: done, but something could not be replayed or waited for (the lines say what); 2: the command is wrong. */
export type ExitCode = 0 | 1 | 2;

export interface RestoreCliOptions {
  readonly cdkJsonPath?: string;
  readonly print?: (line: string) => void;
  /** Tests: the wait's poll interval. */
  readonly intervalMs?: number;
}

const WAIT_USAGE = 'Usage: npm run restore:wait -- --stage <name> --table <restored table> [--timeout-hours <h>]';
const REPLAY_USAGE =
  'Usage: npm run restore:replay -- --stage <name> --from-table <old table> --to-table <restored table> ' +
  '--since <restore point, ISO 8601 UTC> [--dry-run]';

async function regionOf(stage: string | undefined, cdkJsonPath: string | undefined): Promise<string> {
  return (await stageFromArgs(stage === undefined ? [] : ['--stage', stage], cdkJsonPath)).region;
}

/** Runs one command, turning a usage or stage error into exit code 2 with its message. */
async function guarded(print: (line: string) => void, usage: string, run: () => Promise<ExitCode>): Promise<ExitCode> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof UsageError || err instanceof StageConfigError || isParseError(err)) {
      print((err as Error).message);
      print(usage);
      return 2;
    }
    if (err instanceof TableWaitError || err instanceof ReplayError) {
      print(err.message);
      return 1;
    }
    throw err;
  }
}

export const isParseError = (err: unknown): boolean =>
  err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS');

const clientConfig = (region: string) => ({ region, ...AWS_CLIENT_OPTIONS });

export async function waitCli(argv: readonly string[], options: RestoreCliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  return guarded(print, WAIT_USAGE, async () => {
    const { values } = parseArgs({
      args: [...argv],
      options: { stage: { type: 'string' }, table: { type: 'string' }, 'timeout-hours': { type: 'string' } },
    });
    const region = await regionOf(values.stage, options.cdkJsonPath);
    if (!values.table) throw new UsageError('Name the table to wait for: --table <name>.');
    const hours = values['timeout-hours'] === undefined ? 24 : Number(values['timeout-hours']);
    if (!(hours > 0)) throw new UsageError('--timeout-hours takes a positive number of hours.');
    const client = new DynamoDBClient(clientConfig(region));
    let last = '';
    const waited = await waitForTableActive({
      client,
      tableName: values.table,
      timeoutMs: hours * 60 * 60_000,
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
      onPoll: (status, elapsed) => {
        if (status !== last)
          print(`${new Date().toISOString()} ${values.table}: ${status} (${Math.round(elapsed / 1000)} s)`);
        last = status;
      },
    });
    print(`${values.table} is ACTIVE after ${Math.round(waited / 1000)} s.`);
    return 0;
  });
}

export function formatReplay(report: ReplayReport, dryRun: boolean): string[] {
  const [written, removed] = dryRun ? ['to write', 'to delete'] : ['written', 'deleted'];
  const lines = [
    `${report.records} stream record(s) from the restore point on: ${report.put} item(s) ${written}, ` +
      `${report.deleted} ${removed}, ${report.unchanged} already current; ` +
      `${report.outboxSkipped} outbox record(s) not replayed (announced from the old table's stream).`,
  ];
  for (const key of report.conflicts) {
    lines.push(
      `CONFLICT ${key}: the restored item is none of the states the stream saw (written since the switch?); left as it is.`,
    );
  }
  if (report.lost) {
    lines.push(
      `LOST: the changes from ${report.lost.from} to ${report.lost.to} are not in the stream (it keeps 24 h and begins ` +
        'when it was enabled): they are not in the restored table.',
    );
  }
  return lines;
}

export async function replayCli(argv: readonly string[], options: RestoreCliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  return guarded(print, REPLAY_USAGE, async () => {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        stage: { type: 'string' },
        'from-table': { type: 'string' },
        'to-table': { type: 'string' },
        since: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
    });
    const region = await regionOf(values.stage, options.cdkJsonPath);
    const fromTable = values['from-table'];
    const toTable = values['to-table'];
    if (!fromTable || !toTable) throw new UsageError('Name both tables: --from-table <old> --to-table <restored>.');
    const since = new Date(values.since ?? '');
    if (!values.since || Number.isNaN(since.getTime())) {
      throw new UsageError('--since takes the restore point as an ISO 8601 time, e.g. 2026-01-31T12:00:00Z.');
    }
    const report = await replayStream({
      dynamodb: new DynamoDBClient(clientConfig(region)),
      streams: new DynamoDBStreamsClient(clientConfig(region)),
      fromTable,
      toTable,
      since,
      dryRun: values['dry-run'],
    });
    for (const line of formatReplay(report, values['dry-run'])) print(line);
    return report.conflicts.length > 0 || report.lost ? 1 : 0;
  });
}
