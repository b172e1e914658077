/**
 * Reads Secrets Manager secrets (values never sit in the environment), cached per container for a few minutes:
 * a rotated value (a new Stripe key, the next origin secret) is picked up within SECRET_CACHE_TTL_MS without a
 * redeploy, while a warm container does not call Secrets Manager on every request.
 */

import { traced } from '../lib/tracing';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

/** How long a read value is used before it is read again. */
export const SECRET_CACHE_TTL_MS = 5 * 60_000;

/** The client's module is loaded on the first read, not with the Lambda (see load-once.ts). */
const secretsManager = loadOnce(async () => {
  const sdk = await import('./sdk/secrets-manager');
  return { sdk, client: traced(new sdk.SecretsManagerClient(sdkClientOptions('secretsManager'))) };
});

interface Entry<T> {
  readonly value: Promise<T>;
  readonly expiresAt: number;
}

/** A per-key cache of reads that expire; a failed read is dropped at once, so the next request tries again. */
function expiringCache<T>(read: (key: string) => Promise<T>): { get(key: string): Promise<T>; clear(): void } {
  const entries = new Map<string, Entry<T>>();
  return {
    get(key) {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && now < cached.expiresAt) return cached.value;
      const value = read(key);
      const entry = { value, expiresAt: now + SECRET_CACHE_TTL_MS };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}

/** One version stage's value; undefined when the secret has no version in that stage (no AWSPREVIOUS yet). */
async function fetchStage(name: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | undefined> {
  const { sdk, client } = await secretsManager();
  try {
    const out = await client.send(new sdk.GetSecretValueCommand({ SecretId: name, VersionStage: stage }));
    if (!out.SecretString) throw new Error(`Secret ${name} (${stage}) has no string value`);
    return out.SecretString;
  } catch (err) {
    if (stage === 'AWSPREVIOUS' && err instanceof Error && err.name === 'ResourceNotFoundException') return undefined;
    throw err;
  }
}

async function fetchCurrent(name: string): Promise<string> {
  const value = await fetchStage(name, 'AWSCURRENT');
  if (value === undefined) throw new Error(`Secret ${name} has no current value`);
  return value;
}

const current = expiringCache(fetchCurrent);
const accepted = expiringCache(async (name) => {
  const [now, before] = await Promise.all([fetchCurrent(name), fetchStage(name, 'AWSPREVIOUS')]);
  return before === undefined || before === now ? [now] : [now, before];
});

/** The secret's current value. */
export function readSecret(name: string): Promise<string> {
  return current.get(name);
}

/**
 * The values a caller may present during a rotation: the current one and the one before it (Secrets Manager's
 * AWSPREVIOUS, which a put moves the old value to). The origin check accepts either, so the API keeps answering
 * CloudFront between `npm run rotate:origin-secret` and the deploy that makes CloudFront send the new one.
 */
export function readAcceptedSecrets(name: string): Promise<string[]> {
  return accepted.get(name);
}

/** For tests: forget every cached value. */
export function clearSecretCache(): void {
  current.clear();
  accepted.clear();
}
