/**
 * Local AWS emulators for the offline stack: DynamoDB Local (Java), cognito-local, s3rver and
 * aws-ses-v2-local, all on 127.0.0.1 (DynamoDB Local on every interface: it has no bind option).
 * Nothing here registers signal handlers: the caller wires Ctrl+C to stop().
 */
import path from 'node:path';
import type { LogFn } from './child';
import { type RunningCognitoLocal, startCognitoLocal } from './cognito';
import type { CognitoTriggers } from './cognito-triggers';
import { LOCAL_ACCESS_KEY_ID, LOCAL_REGION, LOCAL_SECRET_ACCESS_KEY } from './credentials';
import { findJava, startDynamoDbLocal } from './dynamodb';
import { checkPortFree, EMULATOR_LABELS, type EmulatorName } from './ports';
import { type RunningS3rver, startS3rver } from './s3';
import { startSesLocal } from './ses';
import {
  DEFAULT_RESTART_LIMIT,
  EmulatorGaveUpError,
  type EmulatorState,
  exitWords,
  RestartBudget,
  type RestartLimit,
  windowWords,
} from './supervisor';
import type { EmulatorExit, RunningEmulator } from './types';

export type { LogFn } from './child';
export { type CognitoLocalOptions, type RunningCognitoLocal, startCognitoLocal } from './cognito';
export type { CognitoTriggers } from './cognito-triggers';
export {
  LOCAL_ACCESS_KEY_ID,
  LOCAL_REGION,
  LOCAL_SECRET_ACCESS_KEY,
} from './credentials';
export { type DynamoDbLocalOptions, findJava, JavaMissingError, startDynamoDbLocal } from './dynamodb';
export {
  checkPortFree,
  DEFAULT_PORTS,
  EMULATOR_LABELS,
  type EmulatorName,
  freePort,
  PORT_ENV_VARS,
  PortInUseError,
  portsFromEnv,
} from './ports';
export {
  corsRulesForOrigins,
  ensureBucket,
  type RunningS3rver,
  S3_LOCAL_CLIENT_CONFIG,
  type S3rverOptions,
  startS3rver,
} from './s3';
export { clearSentEmails, listSentEmails, type SentEmail, type SesLocalOptions, startSesLocal } from './ses';
export {
  DEFAULT_RESTART_LIMIT,
  EmulatorGaveUpError,
  type EmulatorState,
  type RestartLimit,
} from './supervisor';
export type { EmulatorExit, RunningEmulator } from './types';

export interface EmulatorOptions {
  /** Absolute directory for persistent data (npm start: <repo>/.local). Omit for in-memory / temp data (tests), wiped on stop. */
  dataDir?: string;
  /** Fixed ports (npm start uses fixed defaults so URLs are stable); 0 or omitted = pick a free port. */
  ports?: Partial<Record<EmulatorName, number>>;
  /** Where child-process output goes; default: discarded except on failure (then the last lines are in the error). */
  log?: LogFn;
  /** Also deliver cognito-local's confirmation codes as emails to the SES emulator (default true). */
  relayCognitoMail?: boolean;
  /** Lambda triggers cognito-local runs (in this process), e.g. the CustomMessage trigger that words its emails. */
  cognitoTriggers?: CognitoTriggers;
  /** The From of cognito-local's relayed emails (the app's sender, as the cloud pool sends from the SES identity). */
  cognitoMailFrom?: string;
  /** The local EventBridge cognito-local reports its session-ending calls to, as CloudTrail does in the cloud. */
  cognitoEventBus?: string;
  /**
   * Where the supervisor says that an emulator exited, that it is restarted, and that it gives up: lines a person
   * must see even when child output is discarded. Default: stderr.
   */
  warn?: (line: string) => void;
  /** How often one emulator may die and be restarted (default 3 times within 60 s). */
  restartLimit?: RestartLimit;
  /**
   * Called once when an emulator died more often than `restartLimit` allows; it then stays down. The emulators do
   * not stop themselves: the caller decides (npm start stops the stack and exits non-zero).
   */
  onFatal?: (error: EmulatorGaveUpError) => void;
}

export interface RunningEmulators {
  endpoints: Record<EmulatorName, string>;
  /**
   * Environment for AWS SDK v3 clients built with no options. S3 clients additionally need
   * S3_LOCAL_CLIENT_CONFIG (forcePathStyle), for which the SDK reads no environment variable.
   */
  env: Record<string, string>;
  /** Where each emulator keeps its data (temp dirs when no dataDir was given); DynamoDB in memory has none. */
  dataDirs: { dynamodb?: string; cognito: string; s3: string };
  /** Milliseconds each emulator took until it answered, and the whole call. */
  startupMs: Record<EmulatorName | 'total', number>;
  /** The emulator serving `service` now (port, pid); restartService() replaces it. */
  emulator(service: EmulatorName): RunningEmulator;
  /**
   * Stops one emulator while the others keep running, so a test can take a dependency down under a
   * running app; restartService() brings it back. Safe to call twice.
   */
  stopService(service: EmulatorName): Promise<void>;
  /**
   * Starts one emulator again on the same port (clients keep their endpoint), stopping it first if it runs.
   * Data survives only where it lives on disk: DynamoDB, Cognito and S3 with `dataDir`; SES always starts empty.
   */
  restartService(service: EmulatorName): Promise<RunningEmulator>;
  /** What each emulator is doing now, as the health check reports it. */
  states(): Record<EmulatorName, EmulatorState>;
  /** Stops everything; safe to call twice. */
  stop(): Promise<void>;
}

/** Starts all four emulators in parallel; if one fails, stops the others and throws its error. */
export async function startEmulators(options: EmulatorOptions = {}): Promise<RunningEmulators> {
  const started = performance.now();
  const ports = options.ports ?? {};
  // Missing Java and every busy fixed port are reported at once, before anything starts.
  await settleOrThrow([
    findJava(),
    ...(Object.entries(ports) as [EmulatorName, number | undefined][])
      .filter((entry): entry is [EmulatorName, number] => Boolean(entry[1]))
      .map(([service, port]) => checkPortFree(port, service)),
  ]);

  const running: RunningEmulator[] = [];
  const track = async <T extends RunningEmulator>(start: Promise<T>): Promise<T> => {
    const emulator = await start;
    running.push(emulator);
    return emulator;
  };
  const common = { dataDir: options.dataDir, log: options.log };
  const relay = options.relayCognitoMail ?? true;
  const cognitoOptions = (ses: RunningEmulator) => ({
    ...common,
    ...(relay ? { mailRelayEndpoint: ses.endpoint } : {}),
    ...(options.cognitoTriggers ? { triggers: options.cognitoTriggers } : {}),
    ...(options.cognitoMailFrom ? { mailFrom: options.cognitoMailFrom } : {}),
    ...(options.cognitoEventBus ? { eventBusEndpoint: options.cognitoEventBus } : {}),
  });
  let results: [RunningEmulator, RunningS3rver, [RunningEmulator, RunningCognitoLocal]];
  try {
    results = await settleOrThrow([
      track(startDynamoDbLocal({ ...common, port: ports.dynamodb })),
      track(startS3rver({ ...common, port: ports.s3 })),
      // SES first (in-process, ~0.2 s) so cognito-local can relay code emails to it.
      (async (): Promise<[RunningEmulator, RunningCognitoLocal]> => {
        const ses = await track(startSesLocal({ port: ports.ses }));
        const cognito = await track(startCognitoLocal({ ...cognitoOptions(ses), port: ports.cognito }));
        return [ses, cognito];
      })(),
    ] as const);
  } catch (error) {
    await Promise.allSettled(running.map((emulator) => emulator.stop()));
    throw error;
  }
  const [dynamodb, s3, [ses, cognito]] = results;
  const endpoints = { dynamodb: dynamodb.endpoint, cognito: cognito.endpoint, s3: s3.endpoint, ses: ses.endpoint };
  const current = new Map<EmulatorName, RunningEmulator>([
    ['dynamodb', dynamodb],
    ['s3', s3],
    ['ses', ses],
    ['cognito', cognito],
  ]);
  // Restarts still waiting for their emulator to answer give up when stop() is called; DynamoDB Local alone can
  // take 10 s to start on a busy machine, and Ctrl+C must not wait for that.
  const aborting = new AbortController();
  const { signal } = aborting;
  const starters: Record<EmulatorName, () => Promise<RunningEmulator>> = {
    dynamodb: () => startDynamoDbLocal({ ...common, port: dynamodb.port, signal }),
    s3: () => startS3rver({ ...common, port: s3.port, signal }),
    ses: () => startSesLocal({ port: ses.port }),
    cognito: () => startCognitoLocal({ ...cognitoOptions(ses), port: cognito.port, signal }),
  };
  let stopping: Promise<void> | undefined;
  // A restart still starting when stop() is called must be awaited, or its new emulator would outlive stop().
  const restarts = new Set<Promise<unknown>>();
  const states = new Map<EmulatorName, EmulatorState>([...current.keys()].map((service) => [service, 'running']));

  const restartService = (service: EmulatorName): Promise<RunningEmulator> => {
    if (stopping) throw new Error(`${EMULATOR_LABELS[service]} cannot restart: the emulators are stopping`);
    const restart = (async () => {
      states.set(service, 'restarting');
      try {
        await current.get(service)?.stop();
        const emulator = await starters[service]();
        current.set(service, emulator);
        states.set(service, 'running');
        supervise(emulator);
        return emulator;
      } catch (error) {
        states.set(service, 'stopped');
        throw error;
      }
    })();
    restarts.add(restart);
    return restart.finally(() => restarts.delete(restart));
  };

  const warn = options.warn ?? ((line: string) => process.stderr.write(`[emulators] ${line}\n`));
  const limit = options.restartLimit ?? DEFAULT_RESTART_LIMIT;
  const budgets = new Map<EmulatorName, RestartBudget>();
  const budgetOf = (service: EmulatorName): RestartBudget => {
    const budget = budgets.get(service) ?? new RestartBudget(limit);
    budgets.set(service, budget);
    return budget;
  };
  const sameData = options.dataDir ? 'and data directory' : '(its data was in memory or a temporary directory: gone)';

  /** Restarts `dead` until one start succeeds or the budget is spent. */
  const recover = async (dead: RunningEmulator, exit: EmulatorExit): Promise<void> => {
    const { service, port } = dead;
    const label = EMULATOR_LABELS[service];
    warn(`${label} (pid ${dead.pid ?? 'none'}, port ${port}) exited unexpectedly: ${exitWords(exit)}.`);
    const budget = budgetOf(service);
    let lastFailure = exitWords(exit);
    for (;;) {
      if (stopping) return;
      if (!budget.take(Date.now())) {
        states.set(service, 'failed');
        const error = new EmulatorGaveUpError(
          `${label} exited unexpectedly more than ${limit.restarts} times within ${windowWords(limit)} (last: ${lastFailure}); it was not restarted again.`,
        );
        warn(error.message);
        options.onFatal?.(error);
        return;
      }
      warn(
        `Restarting ${label} on port ${port} ${sameData} (restart ${budget.used} of ${limit.restarts} allowed within ${windowWords(limit)}).`,
      );
      try {
        const emulator = await restartService(service);
        warn(
          `${label} is back on port ${emulator.port} (pid ${emulator.pid ?? 'none'}), ready in ${emulator.startedInMs} ms.`,
        );
        return;
      } catch (error) {
        if (stopping) return;
        lastFailure = error instanceof Error ? error.message : String(error);
        warn(`${label} did not start again: ${lastFailure}`);
        // Still down while the next attempt waits its turn.
        states.set(service, 'restarting');
      }
    }
  };

  /** Watches one emulator's process: an exit that stop() did not ask for is recovered from. */
  function supervise(emulator: RunningEmulator): void {
    void emulator.exited?.then((exit) => {
      // A replaced emulator's exit is the restart's doing, not a death.
      if (exit.requested || stopping || current.get(emulator.service) !== emulator) return;
      states.set(emulator.service, 'restarting');
      void recover(emulator, exit);
    });
  }
  for (const emulator of current.values()) supervise(emulator);

  return {
    endpoints,
    env: sdkEnv(endpoints),
    dataDirs: {
      ...(options.dataDir ? { dynamodb: path.resolve(options.dataDir, 'dynamodb') } : {}),
      cognito: cognito.workDir,
      s3: s3.directory,
    },
    startupMs: {
      dynamodb: dynamodb.startedInMs,
      cognito: cognito.startedInMs,
      s3: s3.startedInMs,
      ses: ses.startedInMs,
      total: Math.round(performance.now() - started),
    },
    emulator: (service) => {
      const emulator = current.get(service);
      if (!emulator) throw new Error(`No ${EMULATOR_LABELS[service]} was started`);
      return emulator;
    },
    stopService: async (service) => {
      states.set(service, 'stopped');
      await current.get(service)?.stop();
    },
    restartService: async (service) => restartService(service),
    states: () => Object.fromEntries(states) as Record<EmulatorName, EmulatorState>,
    stop: () => {
      for (const service of states.keys()) if (states.get(service) !== 'failed') states.set(service, 'stopped');
      aborting.abort();
      stopping ??= Promise.allSettled([...restarts])
        .then(() => settleOrThrow([...current.values()].map((emulator) => emulator.stop())))
        .then(() => undefined);
      return stopping;
    },
  };
}

/** Variables that point SDK v3 clients created with no options at the emulators. */
export function sdkEnv(endpoints: Record<EmulatorName, string>): Record<string, string> {
  return {
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: LOCAL_SECRET_ACCESS_KEY,
  };
}

type Settled<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/** Like Promise.all, but waits for every promise; one failure is rethrown as is, several as an AggregateError. */
async function settleOrThrow<T extends readonly unknown[]>(promises: T): Promise<Settled<T>> {
  const results = await Promise.allSettled(promises);
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) {
    throw new AggregateError(
      errors,
      errors.map((error) => (error instanceof Error ? error.message : String(error))).join('\n'),
    );
  }
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as Settled<T>;
}
