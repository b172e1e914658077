import type { RuntimeConfig } from '../lib/config';

/** The runtime configuration the app's tests boot with (prices in minor units). */
export const TEST_CONFIG: RuntimeConfig = {
  stage: 'test',
  region: 'eu-west-1',
  userPoolId: 'local_test',
  userPoolClientId: 'test-client',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiBase: '/api',
  realtimeUrl: '/ws',
  price: { amount: 29900, currency: 'EUR' },
};
