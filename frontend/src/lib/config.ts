import type { RuntimeConfig } from '../../../functions/lib/runtime-config';

export type { RuntimeConfig };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const AUTH_FLOWS: readonly RuntimeConfig['authFlowType'][] = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'];

let pending: Promise<RuntimeConfig> | undefined;
let loaded: RuntimeConfig | undefined;

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
  };
  const userPoolEndpoint = optionalString(data, 'userPoolEndpoint');
  if (userPoolEndpoint) config.userPoolEndpoint = userPoolEndpoint;
  const supportChatId = optionalString(data, 'supportChatId');
  if (supportChatId) config.supportChatId = supportChatId;
  return config;
}

/** Fetches `/config.json` once; later calls share the same request. */
export function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  pending ??= (async () => {
    // no-store: the file changes at each deploy while the build (and its cache headers) may not.
    const response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new ConfigError(`config.json answered ${response.status}`);
    loaded = parseRuntimeConfig(await response.json());
    return loaded;
  })();
  pending.catch(() => {
    // Let a retry (the boot error screen's reload) fetch again.
    pending = undefined;
  });
  return pending;
}

/** The configuration loaded at boot; only valid after `loadConfig` resolved. */
export function getConfig(): RuntimeConfig {
  if (!loaded) throw new ConfigError('getConfig() called before loadConfig() finished');
  return loaded;
}
