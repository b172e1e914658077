/** Reads a Secrets Manager secret once per container (values never sit in the environment). */
import { loadOnce } from './load-once';

const cache = new Map<string, Promise<string>>();
/** The client's module is loaded on the first read, not with the Lambda (see load-once.ts). */
const secretsManager = loadOnce(async () => {
  const sdk = await import('./sdk/secrets-manager');
  return { sdk, client: new sdk.SecretsManagerClient({ maxAttempts: 3 }) };
});

async function fetchSecret(name: string): Promise<string> {
  const { sdk, client } = await secretsManager();
  const out = await client.send(new sdk.GetSecretValueCommand({ SecretId: name }));
  if (!out.SecretString) throw new Error(`Secret ${name} has no string value`);
  return out.SecretString;
}

export function readSecret(name: string): Promise<string> {
  let value = cache.get(name);
  if (!value) {
    value = fetchSecret(name);
    // A failed read is not cached: the next request tries again.
    value.catch(() => cache.delete(name));
    cache.set(name, value);
  }
  return value;
}
