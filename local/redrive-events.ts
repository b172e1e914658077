/**
 * `npm run events:redrive [-- --consumer <name>] [--url <app url>]`: sends the local bus's parked deliveries
 * (`.local/dead-letters/`) to their consumer once more, through the running `npm start` (it has the consumers and
 * the emulators they need). One line per parked delivery: DELIVERED ones leave the store, FAILED ones stay.
 * The cloud's dead-letter queues are redriven with the AWS CLI (docs/operations.md, "Redrive failed events").
 */
import { parseArgs } from 'node:util';
import { COGNITO_SESSIONS_RULE, RULES } from '#shared/events';
import type { RedriveResult } from './event-bus';
import { deadLetterDirOf, LOCAL_DATA_DIR } from './paths';

/** 0: nothing left parked; 1: some still fail (the lines say which); 2: the command is wrong or no stack answers. */
export type ExitCode = 0 | 1 | 2;

const CONSUMERS: readonly string[] = [...RULES.map((r) => r.consumer), COGNITO_SESSIONS_RULE.consumer];
const CLOUD =
  'This command redrives the offline stack\'s parked events; a stage\'s dead-letter queues are redriven with the AWS CLI (docs/operations.md, "Redrive failed events").';
const USAGE = 'Usage: npm run events:redrive -- [--consumer <name>] [--url <app url, default http://localhost:3000>]';

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

export async function redriveEventsCli(
  argv: readonly string[],
  options: { print?: (line: string) => void; fetch?: typeof fetch } = {},
): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  const send = options.fetch ?? fetch;
  let values: { consumer?: string; url?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { consumer: { type: 'string' }, url: { type: 'string' } },
    }));
  } catch (err) {
    print((err as Error).message);
    if (argv.includes('--stage')) print(CLOUD);
    print(USAGE);
    return 2;
  }
  if (values.consumer !== undefined && !CONSUMERS.includes(values.consumer)) {
    print(`No consumer named "${values.consumer}": one of ${CONSUMERS.join(', ')} (shared/events.ts).`);
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
