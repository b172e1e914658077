/**
 * Boots the whole product offline: emulators, the local event bus, bootstrap,
 * then the one HTTP origin. Used by `npm start`, `npm run dev`, the integration
 * tests' global setup, the browser tests and the benchmark.
 */

import { join } from 'node:path';
import { SHARE_LINK_KEYS_ENV } from '#shared/deploy-names';
import { LOCAL_REALTIME_PATH } from '#shared/realtime-messages';
import type { RuntimeConfig } from '#shared/runtime-config';
import { handler as customMessage } from '../functions/cognito/custom-message';
import { resetStripeClient } from '../functions/integrations/stripe';
import { ADMIN_MFA_REQUIRED } from '../functions/lib/admin-mfa';
import { ENV_NAMES, env, LOCAL_ONLY_ENV } from '../functions/lib/env';
import { setHealthCheck } from '../functions/lib/health';
import { rootLogger } from '../functions/lib/logger';
import { handler as realtimeHandler, resetTokenVerifier } from '../functions/realtime/handler';
import { resetDdbClient } from '../functions/store/client';
import { type BootstrapResult, bootstrapLocal, LOCAL_NAMES } from './bootstrap';
import {
  checkPortFree,
  type EmulatorGaveUpError,
  type EmulatorState,
  freePort,
  listSentEmails,
  type RestartLimit,
  type RunningEmulators,
  startEmulators,
} from './emulators/index';
import { type LocalEventBus, startLocalEventBus } from './event-bus';
import { FRONTEND_DIST, FRONTEND_ROOT } from './frontend-build';
import { createJwtAuthorizer } from './jwt-authorizer';
import { deadLetterDirOf, retryingDirOf } from './paths';
import { type LocalRealtime, startLocalRealtime } from './realtime';
import type { RetryPolicy } from './retry-schedule';
import { createLocalServer } from './server';
import { type LocalStreamPoller, startLocalStreamPoller } from './stream-poller';
import { STREAM_POSITION_FILE } from './stream-position';
import { type LocalStripe, startLocalStripe } from './stripe/server';

export interface LocalStackOptions {
  /** Persistent data directory (`.local/`); omit for in-memory data that vanishes on stop. */
  dataDir?: string;
  /** App port; 0 picks a free one. */
  port: number;
  frontend: 'static' | 'vite' | 'none';
  adminPassword: string;
  /** Fixed emulator ports (npm start); omitted ones are picked free. */
  emulatorPorts?: Partial<Record<'dynamodb' | 'cognito' | 's3' | 'ses', number>>;
  log?: (service: string, line: string) => void;
  /**
   * 'local' runs the Stripe emulator; 'env' uses real Stripe test mode when STRIPE_SECRET_KEY is set
   * (with STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET), else the emulator. Tests always pass 'local'.
   */
  stripe?: 'local' | 'env';
  /**
   * 'required' makes coaches set up an authenticator app, as every cloud stage does (functions/lib/admin-mfa.ts).
   * Off by default, so a newcomer's admin signs in with the password alone; the test stack keeps it off.
   */
  adminMfa?: 'required' | 'off';
  /**
   * How often the stream is read in the background (default a quarter second). The crash test holds background
   * reads back, so that only `/_dev/events/idle` delivers and a kill finds events committed but unread.
   */
  streamPollMs?: number;
  /** The bus's retry schedule; RETRY_POLICY (the cloud's) unless a test shortens it. */
  retryPolicy?: RetryPolicy;
  /** Where the emulator supervisor's lines go (an emulator exited, is restarted, is given up on); default stderr. */
  warn?: (line: string) => void;
  restartLimit?: RestartLimit;
  /** An emulator kept dying and stays down: npm start stops the stack and exits non-zero. */
  onFatal?: (error: EmulatorGaveUpError) => void;
}

export interface LocalStack {
  url: string;
  port: number;
  config: RuntimeConfig;
  resources: BootstrapResult;
  emulators: RunningEmulators;
  /** The local EventBridge; its idle() also waits until the table's stream is drained. */
  bus: LocalEventBus;
  /** Reads the table's stream into the stream consumer, as Lambda's event source does in the cloud. */
  stream: LocalStreamPoller;
  /** The WebSocket side: `stop()`/`start()` it to see clients reconnect. */
  realtime: LocalRealtime;
  /** The local Stripe emulator, unless real Stripe test mode is in use. */
  stripe: LocalStripe | null;
  stop(): Promise<void>;
}

export const LOCAL_REGION = 'us-east-1';
/**
 * How long one stop step may take before the next runs anyway: a step waiting on a dead emulator (a poll retrying,
 * a request in flight) must not keep the emulators, last in line, and their ports alive.
 */
const STOP_STEP_MS = 2_000;
/** How long idle() goes on while every drain still finds records (see idle below). */
const BUSY_IDLE_MS = 20_000;
/** What the local Stripe charges and the pages show; the cloud takes both from the stage config. */
export const LOCAL_PRICE = { amount: 29900, currency: 'eur' } as const;
const LOCAL_STRIPE_PRICE_ID = 'price_local_preseed';
/** Only the local emulator and the local API know it; real webhooks never reach a laptop. */
const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_preseed';
/** The share-link keys offline (deployed: a secret the stack generates, functions/lib/share-link-keys.ts). */
const LOCAL_SHARE_LINK_KEYS = JSON.stringify({ current: '1', '1': 'local-share-link-key-not-a-secret-0123456789' });

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  if (options.port !== 0) await checkPortFree(options.port, 'Preseed app', 'PORT');
  // Known before cognito-local starts: it reports the calls that end sessions to the bus, as CloudTrail does.
  const busPort = await freePort();
  const emulators = await startEmulators({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.emulatorPorts ? { ports: options.emulatorPorts } : {}),
    ...(options.log ? { log: options.log } : {}),
    // Cognito's own emails (the password-reset code) in the words the cloud pool's trigger gives them.
    cognitoTriggers: { CustomMessage: customMessage },
    cognitoMailFrom: LOCAL_NAMES.mailFrom,
    cognitoEventBus: `http://127.0.0.1:${busPort}`,
    ...(options.warn ? { warn: options.warn } : {}),
    ...(options.restartLimit ? { restartLimit: options.restartLimit } : {}),
    ...(options.onFatal ? { onFatal: options.onFatal } : {}),
  });
  const up = (state: EmulatorState) => (state === 'running' ? 'up' : 'down');
  setHealthCheck(() => {
    const states = emulators.states();
    return { dynamodb: up(states.dynamodb), cognito: up(states.cognito), s3: up(states.s3), ses: up(states.ses) };
  });
  // The emulators stop last and unbounded: their own stop ends in SIGKILL after 3 s.
  const cleanup: Array<() => Promise<void>> = [
    async () => {
      await emulators.stop();
      setHealthCheck(undefined);
    },
  ];
  let stopping: Promise<void> | undefined;
  const stopAll = () => {
    stopping ??= (async () => {
      const [last, ...rest] = cleanup;
      for (const step of rest.reverse()) await bounded(step);
      await last?.().catch(() => undefined);
    })();
    return stopping;
  };
  try {
    Object.assign(process.env, emulators.env);
    // Parked deliveries live with the rest of the data, so `npm run events:redrive` finds them after a restart,
    // and so do the ones waiting for a retry, so a crash loses none; an in-memory stack keeps both in memory.
    const rawBus = await startLocalEventBus({
      port: busPort,
      ...(options.dataDir
        ? { deadLetterDir: deadLetterDirOf(options.dataDir), retryingDir: retryingDirOf(options.dataDir) }
        : {}),
      ...(options.retryPolicy ? { retryPolicy: options.retryPolicy } : {}),
    });
    cleanup.push(() => rawBus.stop());
    process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = rawBus.endpoint;
    process.env.STAGE = 'local';
    // No X-Ray daemon offline (Tracer is off outside Lambda anyway; this says so where it matters).
    process.env.POWERTOOLS_TRACE_ENABLED = 'false';
    // A fixed key, so a link copied before a restart is the same link after it (nothing offline is secret).
    process.env[SHARE_LINK_KEYS_ENV] ||= LOCAL_SHARE_LINK_KEYS;
    process.env.EVENT_BUS_NAME = 'preseed-local';
    const adminMfaRequired = options.adminMfa === 'required';
    if (adminMfaRequired) process.env[ENV_NAMES.adminMfa] = ADMIN_MFA_REQUIRED;
    else delete process.env[ENV_NAMES.adminMfa];
    resetDdbClient();

    // The app port must be known before bootstrap: the bucket's CORS names the origin.
    const port = options.port || (await freePort());
    const url = `http://localhost:${port}`;

    const realStripe = options.stripe === 'env' && Boolean(process.env[LOCAL_ONLY_ENV.stripeSecretKey]);
    let stripe: LocalStripe | null = null;
    if (realStripe) {
      for (const name of [ENV_NAMES.stripePriceId, LOCAL_ONLY_ENV.stripeWebhookSecret]) {
        if (!process.env[name])
          throw new Error(`STRIPE_SECRET_KEY is set, so real Stripe test mode needs ${name} too.`);
      }
    } else {
      const localStripe = await startLocalStripe({
        webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
        webhookUrl: () => `${url}/api/payments/webhook`,
      });
      stripe = localStripe;
      cleanup.push(() => localStripe.stop());
      Object.assign(process.env, {
        [LOCAL_ONLY_ENV.stripeSecretKey]: localStripe.secretKey,
        [LOCAL_ONLY_ENV.stripeWebhookSecret]: LOCAL_STRIPE_WEBHOOK_SECRET,
        [LOCAL_ONLY_ENV.stripeApiUrl]: localStripe.endpoint,
        [ENV_NAMES.stripePriceId]: LOCAL_STRIPE_PRICE_ID,
      });
    }
    // The price a paid session must match; with real Stripe test mode, set them to that price's.
    process.env[ENV_NAMES.priceAmount] ||= String(LOCAL_PRICE.amount);
    process.env[ENV_NAMES.priceCurrency] ||= LOCAL_PRICE.currency;
    resetStripeClient();
    const resources = await bootstrapLocal({
      adminPassword: options.adminPassword,
      allowedOrigins: [url, `http://127.0.0.1:${port}`],
    });
    Object.assign(process.env, {
      TABLE_NAME: resources.tableName,
      DATA_BUCKET: resources.bucketName,
      USER_POOL_ID: resources.userPoolId,
      USER_POOL_CLIENT_ID: resources.userPoolClientId,
      MAIL_FROM: resources.mailFrom,
      SITE_URL: url,
    });

    const stream = await startLocalStreamPoller({
      endpoint: emulators.endpoints.dynamodb,
      tableName: resources.tableName,
      region: LOCAL_REGION,
      // Beside the table's own files, so the position lives and is wiped (npm run reset) with the data it points into.
      ...(options.dataDir ? { positionFile: join(options.dataDir, STREAM_POSITION_FILE) } : {}),
      ...(options.streamPollMs ? { intervalMs: options.streamPollMs } : {}),
    });
    cleanup.push(() => stream.stop());
    // Idle means nothing left to announce either: consumers write outbox items, and the stream sends them.
    const settling: LocalEventBus = {
      ...rawBus,
      async idle() {
        const started = Date.now();
        for (;;) {
          await rawBus.idle();
          if ((await stream.drain()) === 0) return;
          // Others writing all the time (the suites share one stack) would keep this loop going for ever; by now
          // every chain of events set off before the call has had many rounds to finish.
          if (Date.now() - started > BUSY_IDLE_MS) return;
        }
      },
    };

    const issuer = `${emulators.endpoints.cognito}/${resources.userPoolId}`;
    const realtime = await startLocalRealtime({
      handler: realtimeHandler,
      log: rootLogger.child({ component: 'local-realtime' }),
    });
    cleanup.push(() => realtime.close());
    Object.assign(process.env, {
      [ENV_NAMES.tokenIssuer]: issuer,
      [ENV_NAMES.realtimeEndpoint]: realtime.managementEndpoint,
    });
    resetTokenVerifier();
    // Now that the consumers' environment is complete: what a crashed run left waiting for a retry goes on.
    await rawBus.resumeRetries();

    const config: RuntimeConfig = {
      stage: 'local',
      region: LOCAL_REGION,
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      userPoolEndpoint: emulators.endpoints.cognito,
      authFlowType: 'USER_PASSWORD_AUTH',
      apiBase: '/api',
      realtimeUrl: LOCAL_REALTIME_PATH,
      price: { amount: Number(env('priceAmount')), currency: env('priceCurrency') },
      ...(adminMfaRequired ? { adminMfa: ADMIN_MFA_REQUIRED } : {}),
    };
    const { server, setFrontend } = createLocalServer({
      config,
      authorizer: createJwtAuthorizer(issuer, resources.userPoolClientId),
      bus: settling,
      realtime,
      listEmails: () => listSentEmails(emulators.endpoints.ses),
      storageEndpoint: emulators.endpoints.s3,
      frontend: options.frontend === 'static' ? { mode: 'static', distDir: FRONTEND_DIST } : { mode: 'none' },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    cleanup.push(
      () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    );

    if (options.frontend === 'vite') {
      const { createServer: createVite } = await import('vite');
      const vite = await createVite({
        configFile: `${FRONTEND_ROOT}vite.config.ts`,
        server: { middlewareMode: true, hmr: { server } },
        appType: 'spa',
      });
      cleanup.push(() => vite.close());
      setFrontend({ mode: 'vite', handle: (req, res, next) => vite.middlewares(req, res, next) });
    }

    return { url, port, config, resources, emulators, bus: settling, stream, realtime, stripe, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** Runs a stop step for at most STOP_STEP_MS; one that fails or hangs does not hold the others up. */
async function bounded(step: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, STOP_STEP_MS);
  });
  await Promise.race([step().catch(() => undefined), late]);
  clearTimeout(timer);
}
