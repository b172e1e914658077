import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSecretCache, readAcceptedSecrets, readSecret, SECRET_CACHE_TTL_MS } from './secrets';

// Secrets Manager has no emulator here: the mock answers as it would, including its errors.
const secretsManager = mockClient(SecretsManagerClient);
const NAME = 'preseed/dev/stripe-secret-key';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clearSecretCache();
});
afterEach(() => {
  vi.useRealTimers();
  secretsManager.reset();
});

const reads = () => secretsManager.commandCalls(GetSecretValueCommand).length;

describe('readSecret', () => {
  it('keeps a value for SECRET_CACHE_TTL_MS (minutes), then reads the rotated one', async () => {
    expect(SECRET_CACHE_TTL_MS).toBeGreaterThanOrEqual(60_000);
    expect(SECRET_CACHE_TTL_MS).toBeLessThanOrEqual(15 * 60_000);
    secretsManager
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: 'sk_old' })
      .resolves({ SecretString: 'sk_new' });
    expect(await readSecret(NAME)).toBe('sk_old');
    vi.advanceTimersByTime(SECRET_CACHE_TTL_MS - 1);
    expect(await readSecret(NAME)).toBe('sk_old');
    expect(reads()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await readSecret(NAME)).toBe('sk_new');
    expect(reads()).toBe(2);
  });

  it('does not keep a failed read: the next call reads again, inside the TTL', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }))
      .resolves({ SecretString: 'sk_value' });
    await expect(readSecret(NAME)).rejects.toThrow('throttled');
    vi.advanceTimersByTime(1_000);
    expect(await readSecret(NAME)).toBe('sk_value');
    expect(reads()).toBe(2);
  });

  it('shares one read between calls made at once', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'sk_value' });
    expect(await Promise.all([readSecret(NAME), readSecret(NAME), readSecret(NAME)])).toEqual([
      'sk_value',
      'sk_value',
      'sk_value',
    ]);
    expect(reads()).toBe(1);
  });

  it('refuses a secret without a string value', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretBinary: new Uint8Array([1]) });
    await expect(readSecret(NAME)).rejects.toThrow(/no string value/);
  });
});

describe('readAcceptedSecrets', () => {
  it('gives the current and the previous value, and picks up the next rotation after the TTL', async () => {
    secretsManager
      .on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' })
      .resolvesOnce({ SecretString: 'two' })
      .resolves({ SecretString: 'three' });
    secretsManager
      .on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' })
      .resolvesOnce({ SecretString: 'one' })
      .resolves({ SecretString: 'two' });
    expect(await readAcceptedSecrets(NAME)).toEqual(['two', 'one']);
    vi.advanceTimersByTime(SECRET_CACHE_TTL_MS);
    expect(await readAcceptedSecrets(NAME)).toEqual(['three', 'two']);
  });

  it('fails, and keeps nothing, when the current value cannot be read', async () => {
    secretsManager
      .on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' })
      .rejectsOnce(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }))
      .resolves({ SecretString: 'two' });
    secretsManager.on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' }).resolves({ SecretString: 'one' });
    await expect(readAcceptedSecrets(NAME)).rejects.toThrow('denied');
    expect(await readAcceptedSecrets(NAME)).toEqual(['two', 'one']);
  });
});
