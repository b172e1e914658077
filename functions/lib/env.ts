/**
 * The environment every Lambda reads. CDK sets these on each function; the local
 * stack sets the same names (plus the SDK's AWS_ENDPOINT_URL_<SERVICE>), so no
 * handler knows where it runs.
 */
import { ENV_NAMES, type EnvKey } from '#shared/deploy-names';

export { ENV_NAMES, type EnvKey, LOCAL_ONLY_ENV } from '#shared/deploy-names';

export function env(key: EnvKey): string {
  const name = ENV_NAMES[key];
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export function optionalEnv(key: EnvKey): string | undefined {
  return process.env[ENV_NAMES[key]] || undefined;
}
