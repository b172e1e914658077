/**
 * `npm run events:redrive [-- --consumer <name>] [--url <app url>]`: sends the local bus's parked deliveries
 * (`.local/dead-letters/`) to their consumer once more, through the running `npm start` (it has the consumers and
 * the emulators they need). One line per parked delivery: DELIVERED ones leave the store, FAILED ones stay.
 *
 * With `--stage <stage> --consumer <name> [--limit N] [--dry-run]` the same script redrives that consumer's
 * dead-letter queue in the stage (ops/events/redrive.ts): one script, so the runbook names one command for both.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SQSClient } from '@aws-sdk/client-sqs';
import { COGNITO_SESSIONS_RULE, RULES } from '#shared/events';
import { StageConfigError } from '../infra/stages';
import { NotDeployedError, parseLimit, type RedriveClients, redriveCloud } from '../ops/events/redrive';
import { AWS_CLIENT_OPTIONS, stageNamed, UsageError } from '../ops/lib/stage';
import type { RedriveResult } from './event-bus';
import { deadLetterDirOf, LOCAL_DATA_DIR } from './paths';

/** 0: nothing left parked; 1: some still fail (the lines say which); 2: the command is wrong or no stack answers. */
export type ExitCode = 0 | 1 | 2;

const CONSUMERS: readonly string[] = [...RULES.map((r) => r.consumer), COGNITO_SESSIONS_RULE.consumer];
const USAGE = [
  'Usage: npm run events:redrive -- [--consumer <name>] [--url <app url, default http://localhost:3000>]',
  '   or: npm run events:redrive -- --stage <stage> --consumer <name> [--limit <N>] [--dry-run]',
].join('\n');

export function formatRedrive(results: readonly RedriveResult[]): string[] {
  const lines = results.map((r) =>
    r.outcome === 'delivered'
      ? `DELIVERED ${r.consumer} ${r.eventId} (${r.detailType}): removed from the store.`
      : `FAILED ${r.consumer} ${r.eventId} (${r.detailType}): ${r.error ?? 'unknown error'}; still parked as ${r.file}.`,
  );
  const delivered = results.filter((r) => r.outcome === 'delivered').length;
  lines.push(`${delivered} delivered, ${results.length - delivered} still parked.`);
  return lines;
}

export async function redriveEventsCli(argv: readonly string[], options: RedriveCliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  const send = options.fetch ?? fetch;
  let values: { consumer?: string; url?: string; stage?: string; limit?: string; 'dry-run'?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        consumer: { type: 'string' },
        url: { type: 'string' },
        stage: { type: 'string' },
        limit: { type: 'string' },
        'dry-run': { type: 'boolean' },
      },
    }));
  } catch (err) {
    print((err as Error).message);
    print(USAGE);
    return 2;
  }
  if (values.consumer !== undefined && !CONSUMERS.includes(values.consumer)) {
    print(`No consumer named "${values.consumer}": one of ${CONSUMERS.join(', ')} (shared/events.ts).`);
    print(USAGE);
    return 2;
  }
  if (values.stage !== undefined) return redriveStage(values.stage, values, options, print);
  // The offline store is small and its redrive one request: a limit or a dry run there would only mislead.
  if (values.limit !== undefined || values['dry-run']) {
    print("--limit and --dry-run work on a stage's queue: add --stage <stage>.");
    print(USAGE);
    return 2;
  }
  const base = values.url ?? `http://localhost:${process.env.PORT ?? 3000}`;
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
    print(`--url ${base} is not an http(s) address, such as http://localhost:3000.`);
    print(USAGE);
    return 2;
  }
  const target = new URL('/_dev/events/redrive', base);
  if (values.consumer) target.searchParams.set('consumer', values.consumer);
  let res: Response;
  try {
    res = await send(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  } catch {
    print(`Nothing answers at ${base}: start the stack (npm start) and run this again.`);
    print(`The parked deliveries wait in ${deadLetterDirOf(LOCAL_DATA_DIR)}.`);
    return 2;
  }
  if (!res.ok) {
    print(`${base} answered ${res.status} to the redrive: is it Preseed's npm start?`);
    return 2;
  }
  const { results } = (await res.json()) as { results: RedriveResult[] };
  for (const line of formatRedrive(results)) print(line);
  return results.some((r) => r.outcome === 'failed') ? 1 : 0;
}

export interface RedriveCliOptions {
  readonly print?: (line: string) => void;
  readonly fetch?: typeof fetch;
  readonly cdkJsonPath?: string;
  /** Made from the stage's Region when absent. */
  readonly clients?: (region: string) => RedriveClients;
}

const stageClients = (region: string): RedriveClients => {
  const config = { region, ...AWS_CLIENT_OPTIONS };
  return {
    cloudFormation: new CloudFormationClient(config),
    sqs: new SQSClient(config),
    lambda: new LambdaClient(config),
  };
};

async function redriveStage(
  stageName: string,
  values: { consumer?: string; url?: string; limit?: string; 'dry-run'?: boolean },
  options: RedriveCliOptions,
  print: (line: string) => void,
): Promise<ExitCode> {
  try {
    // --url names a local stack; with --stage one of the two is a mistake, and guessing which could move real events.
    if (values.url !== undefined) {
      throw new UsageError('--url is for the offline stack and --stage for a deployed one: give one of them.');
    }
    // A whole stage's queues at once would redrive consumers whose cause may not be fixed yet.
    if (values.consumer === undefined) {
      throw new UsageError(`Name the consumer whose queue to redrive: --consumer <${CONSUMERS.join(' | ')}>.`);
    }
    const limit = parseLimit(values.limit);
    const stage = await stageNamed(stageName, options.cdkJsonPath);
    const clients = (options.clients ?? stageClients)(stage.region);
    return await redriveCloud(
      clients,
      { stackName: stage.stackName, consumer: values.consumer, limit, dryRun: values['dry-run'] === true },
      print,
    );
  } catch (err) {
    if (err instanceof NotDeployedError) {
      print(err.message);
      return 2;
    }
    if (err instanceof UsageError || err instanceof StageConfigError) {
      print(err.message);
      print(USAGE);
      return 2;
    }
    throw err;
  }
}
