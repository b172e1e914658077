/**
 * The local server over a built-site folder with no emulators behind it: for tests of what it serves
 * itself (pages, assets, malformed addresses). API calls find no authorizer, bus or realtime side.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { RuntimeConfig } from '#shared/runtime-config';
import type { LocalEventBus } from './event-bus';
import type { LocalRealtime } from './realtime';
import { createLocalServer } from './server';

export const TEST_SITE_CONFIG: RuntimeConfig = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiBase: '/api',
  realtimeUrl: '/ws',
  price: { amount: 100, currency: 'eur' },
};
const bus: LocalEventBus = {
  endpoint: 'http://127.0.0.1:1',
  idle: async () => undefined,
  retrying: () => [],
  deadLetters: () => [],
  redrive: async () => [],
  resumeRetries: async () => [],
  stop: async () => undefined,
};
const realtime: LocalRealtime = {
  managementEndpoint: 'http://127.0.0.1:1',
  handleUpgrade: (_req, socket) => socket.destroy(),
  stop: async () => undefined,
  start: () => undefined,
  close: async () => undefined,
};

export async function serveDist(distDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  const { server } = createLocalServer({
    config: TEST_SITE_CONFIG,
    authorizer: { verify: async () => null },
    bus,
    realtime,
    listEmails: async () => [],
    frontend: { mode: 'static', distDir },
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.close();
      await once(server, 'close');
    },
  };
}
