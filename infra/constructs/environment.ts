import { ENV_NAMES, type EnvKey } from '#shared/deploy-names';

/**
 * Every Lambda gets the whole ENV_NAMES set (shared/deploy-names.ts): the values are
 * names and addresses, not permissions, and a handler's shared modules may read any
 * of them. What a function may actually do is decided by its grants.
 *
 * Taking a Record<EnvKey, string> makes a new name in ENV_NAMES a type error here until it has a value.
 */
export function lambdaEnvironment(values: Readonly<Record<EnvKey, string>>): Record<string, string> {
  const keys = Object.keys(ENV_NAMES) as EnvKey[];
  return Object.fromEntries(keys.map((key) => [ENV_NAMES[key], values[key]]));
}
