/** Reads a Secrets Manager secret once per container (values never sit in the environment). */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const cache = new Map<string, Promise<string>>();
let client: SecretsManagerClient | undefined;

export function readSecret(name: string): Promise<string> {
  let value = cache.get(name);
  if (!value) {
    client ??= new SecretsManagerClient({ maxAttempts: 3 });
    value = client.send(new GetSecretValueCommand({ SecretId: name })).then((out) => {
      if (!out.SecretString) throw new Error(`Secret ${name} has no string value`);
      return out.SecretString;
    });
    // A failed read is not cached: the next request tries again.
    value.catch(() => cache.delete(name));
    cache.set(name, value);
  }
  return value;
}
