/**
 * The offline stack as a process of its own, for the crash tests: what `npm start` runs, on the data directory
 * PRESEED_DATA_DIR, on free ports and without the frontend (which a kill has nothing to do with, and whose first
 * build would cost the test a minute). When ready it prints one line, `READY {json}`, with what a test needs to reach
 * it. PRESEED_STREAM_POLL_MS holds the stream's background reads back (see LocalStackOptions.streamPollMs).
 */
import '../../local/quiet-warnings';
import { setLogSink } from '../../functions/lib/logger';
import { startLocalStack } from '../../local/stack';
import { TEST_ADMIN_PASSWORD } from '../constants';

export interface StackProcessInfo {
  url: string;
  dynamodb: string;
  cognito: string;
  userPoolId: string;
  clientId: string;
  tableName: string;
}

const dataDir = process.env.PRESEED_DATA_DIR;
if (!dataDir) throw new Error('PRESEED_DATA_DIR names the data directory the stack keeps its data in');
const pollMs = Number(process.env.PRESEED_STREAM_POLL_MS ?? '');
// As `npm start` without --verbose: the terminal (here the test's output) gets warnings and errors only.
setLogSink((line, level) => {
  if (level === 'warn' || level === 'error') process.stderr.write(`${line}\n`);
});
const stack = await startLocalStack({
  dataDir,
  port: 0,
  frontend: 'none',
  adminPassword: TEST_ADMIN_PASSWORD,
  stripe: 'local',
  ...(pollMs > 0 ? { streamPollMs: pollMs } : {}),
});
const info: StackProcessInfo = {
  url: stack.url,
  dynamodb: stack.emulators.endpoints.dynamodb,
  cognito: stack.emulators.endpoints.cognito,
  userPoolId: stack.resources.userPoolId,
  clientId: stack.resources.userPoolClientId,
  tableName: stack.resources.tableName,
};
process.stdout.write(`READY ${JSON.stringify(info)}\n`);
const stop = () => void stack.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
