import type { RuntimeConfig } from '#shared/runtime-config';

export type { RuntimeConfig };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const AUTH_FLOWS: readonly RuntimeConfig['authFlowType'][] = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'];

let pending: Promise<RuntimeConfig> | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  if (typeof value !== 'string' || value.length === 0) throw new ConfigError(`config.json: ${key} is missing`);
  return value;
}

function optionalString(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Minor units (cents) and an ISO 4217 code, e.g. `{ amount: 29900, currency: 'EUR' }`. */
function requirePrice(data: Record<string, unknown>): RuntimeConfig['price'] {
  const price = data.price;
  if (!isRecord(price)) throw new ConfigError('config.json: price is missing');
  const { amount, currency } = price;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) {
    throw new ConfigError('config.json: price.amount must be a whole number of minor units');
  }
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency)) {
    throw new ConfigError('config.json: price.currency must be a three-letter currency code');
  }
  return { amount, currency: currency.toUpperCase() };
}

/** Checks the fields the app relies on, so a broken deployment fails at boot with a clear message. */
export function parseRuntimeConfig(data: unknown): RuntimeConfig {
  if (!isRecord(data)) throw new ConfigError('config.json is not an object');
  const authFlowType = data.authFlowType;
  if (!AUTH_FLOWS.includes(authFlowType as RuntimeConfig['authFlowType'])) {
    throw new ConfigError('config.json: authFlowType must be USER_SRP_AUTH or USER_PASSWORD_AUTH');
  }
  const config: RuntimeConfig = {
    stage: requireString(data, 'stage'),
    region: requireString(data, 'region'),
    userPoolId: requireString(data, 'userPoolId'),
    userPoolClientId: requireString(data, 'userPoolClientId'),
    authFlowType: authFlowType as RuntimeConfig['authFlowType'],
    apiBase: requireString(data, 'apiBase'),
    realtimeUrl: requireString(data, 'realtimeUrl'),
    price: requirePrice(data),
  };
  const userPoolEndpoint = optionalString(data, 'userPoolEndpoint');
  if (userPoolEndpoint) config.userPoolEndpoint = userPoolEndpoint;
  const supportChatId = optionalString(data, 'supportChatId');
  if (supportChatId) config.supportChatId = supportChatId;
  if (data.adminMfa !== undefined) {
    if (data.adminMfa !== 'required') throw new ConfigError('config.json: adminMfa must be "required" when present');
    config.adminMfa = 'required';
  }
  return config;
}

/** Fetches `/config.json` once; later calls share the same request. */
export function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  pending ??= (async () => {
    // no-store: the file changes at each deploy while the build (and its cache headers) may not.
    const response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new ConfigError(`config.json answered ${response.status}`);
    return parseRuntimeConfig(await response.json());
  })();
  pending.catch(() => {
    // Let a retry (the boot error screen's reload) fetch again.
    pending = undefined;
  });
  return pending;
}
