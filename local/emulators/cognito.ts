import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { awsJsonProbe, type LogFn, nodeChildEnv, startChildEmulator } from './child';
import { type CognitoTriggers, type RunningTriggerEndpoint, startTriggerEndpoint } from './cognito-triggers';
import { EMULATOR_LABELS, resolvePort } from './ports';
import type { RunningEmulator } from './types';

const LABEL = EMULATOR_LABELS.cognito;
const WRAPPER = fileURLToPath(new URL('./cognito-local-server.cjs', import.meta.url));

export interface CognitoLocalOptions {
  /** Root data directory; cognito-local keeps `.cognito/` under <dataDir>/cognito. Omitted: a temp dir removed on stop. */
  dataDir?: string;
  port?: number;
  log?: LogFn;
  readyTimeoutMs?: number;
  /** Aborting it stops a start still waiting for the emulator to answer. */
  signal?: AbortSignal;
  /** aws-ses-v2-local endpoint: confirmation-code emails are also sent there (so the mail viewer shows them). */
  mailRelayEndpoint?: string;
  /** Lambda triggers of every pool, run in this process (cognito-triggers.ts); none by default. */
  triggers?: CognitoTriggers;
  /** The From of the relayed emails (the app's sender); Cognito's own address by default. */
  mailFrom?: string;
  /** The local EventBridge: the calls that end sessions are reported there as CloudTrail events (the wrapper). */
  eventBusEndpoint?: string;
}

export interface RunningCognitoLocal extends RunningEmulator {
  /** cognito-local's working directory; pools live in <workDir>/.cognito/db/<poolId>.json. */
  workDir: string;
}

/**
 * Starts cognito-local in a child process through our wrapper, which adds GetTokensFromRefreshToken
 * and GlobalSignOut. Tokens are issued by http://127.0.0.1:<port>/<poolId>.
 */
/**
 * cognito-local's default config gives every new pool UsernameAttributes ['email'] (usernames must be emails).
 * Our pool, like the cloud one, uses a plain username plus an email alias, so the default is cleared.
 */
async function writeConfig(workDir: string, triggers: RunningTriggerEndpoint | undefined): Promise<void> {
  const dir = path.join(workDir, '.cognito');
  await mkdir(dir, { recursive: true });
  const config = {
    UserPoolDefaults: { UsernameAttributes: [] },
    // cognito-local's triggers are global (every pool), like our one pool's in the cloud.
    ...(triggers
      ? {
          LambdaClient: {
            endpoint: triggers.endpoint,
            region: 'local',
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          },
          TriggerFunctions: triggers.functions,
        }
      : {}),
  };
  await writeFile(path.join(dir, 'config.json'), `${JSON.stringify(config)}\n`);
}

export async function startCognitoLocal(options: CognitoLocalOptions = {}): Promise<RunningCognitoLocal> {
  const started = performance.now();
  const port = await resolvePort('cognito', options.port);
  const temporary = !options.dataDir;
  // cognito-local always stores data in ./.cognito, so the working directory is the data location.
  const workDir = options.dataDir
    ? path.resolve(options.dataDir, 'cognito')
    : await mkdtemp(path.join(os.tmpdir(), 'preseed-cognito-'));
  await mkdir(workDir, { recursive: true });
  const triggers = options.triggers ? await startTriggerEndpoint(options.triggers) : undefined;
  try {
    await writeConfig(workDir, triggers);
  } catch (error) {
    await triggers?.stop();
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const env = nodeChildEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    // Its bundled aws-sdk v2 (only used for Lambda triggers) prints an end-of-support notice on every start.
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    ...(options.mailRelayEndpoint ? { PRESEED_COGNITO_MAIL_RELAY: options.mailRelayEndpoint } : {}),
    ...(options.mailFrom ? { PRESEED_COGNITO_MAIL_FROM: options.mailFrom } : {}),
    ...(options.eventBusEndpoint ? { PRESEED_COGNITO_EVENT_BUS: options.eventBusEndpoint } : {}),
  });
  // cognito-local would send this fixed value as every confirmation code; a stray CODE variable must not do that.
  delete env.CODE;
  const running = await startChildEmulator({
    service: 'cognito',
    port,
    started,
    spawn: {
      label: LABEL,
      command: process.execPath,
      args: [WRAPPER],
      cwd: workDir,
      env,
      log: options.log,
      exitWithParent: true,
    },
    cleanup: async () => {
      await triggers?.stop();
      if (temporary) await rm(workDir, { recursive: true, force: true });
    },
    ...(options.signal ? { signal: options.signal } : {}),
    readyTimeoutMs: options.readyTimeoutMs ?? 20_000,
    probe: awsJsonProbe(endpoint, {
      target: 'AWSCognitoIdentityProviderService.ListUserPools',
      jsonVersion: '1.1',
      body: '{"MaxResults":1}',
    }),
  });
  return { ...running, workDir };
}
