/**
 * Boots the whole product offline: emulators, the local event bus, bootstrap,
 * then the one HTTP origin. Used by `npm start`, `npm run dev`, the integration
 * tests' global setup, the browser tests and the benchmark.
 */
import type { RuntimeConfig } from '../../functions/lib/runtime-config';
import { resetDdbClient } from '../../functions/store/client';
import { type BootstrapResult, bootstrapLocal } from './bootstrap';
import { checkPortFree, freePort, listSentEmails, type RunningEmulators, startEmulators } from './emulators/index';
import { type LocalEventBus, startLocalEventBus } from './event-bus';
import { FRONTEND_DIST, FRONTEND_ROOT } from './frontend-build';
import { createJwtAuthorizer } from './jwt-authorizer';
import { createLocalServer } from './server';

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
}

export interface LocalStack {
  url: string;
  port: number;
  config: RuntimeConfig;
  resources: BootstrapResult;
  emulators: RunningEmulators;
  bus: LocalEventBus;
  stop(): Promise<void>;
}

export const LOCAL_REGION = 'us-east-1';

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  if (options.port !== 0) await checkPortFree(options.port, 'Preseed app', 'PORT');
  const emulators = await startEmulators({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.emulatorPorts ? { ports: options.emulatorPorts } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const cleanup: Array<() => Promise<void>> = [() => emulators.stop()];
  const stopAll = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  try {
    Object.assign(process.env, emulators.env);
    const bus = await startLocalEventBus();
    cleanup.push(() => bus.stop());
    process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = bus.endpoint;
    process.env.STAGE = 'local';
    process.env.EVENT_BUS_NAME = 'preseed-local';
    resetDdbClient();

    // The app port must be known before bootstrap: the bucket's CORS names the origin.
    const port = options.port || (await freePort());
    const url = `http://localhost:${port}`;
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

    const config: RuntimeConfig = {
      stage: 'local',
      region: LOCAL_REGION,
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      userPoolEndpoint: emulators.endpoints.cognito,
      authFlowType: 'USER_PASSWORD_AUTH',
      apiBase: '/api',
    };
    const issuer = `${emulators.endpoints.cognito}/${resources.userPoolId}`;
    const { server, setFrontend } = createLocalServer({
      config,
      authorizer: createJwtAuthorizer(issuer, resources.userPoolClientId),
      bus,
      listEmails: () => listSentEmails(emulators.endpoints.ses),
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

    return { url, port, config, resources, emulators, bus, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
