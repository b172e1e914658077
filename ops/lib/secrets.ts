/**
 * Reads a Secrets Manager secret for a check or a setup step. The value is handed to code, never
 * printed: callers print only the state (missing / empty / present).
 */
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export type SecretRead = { state: 'missing' } | { state: 'empty' } | { state: 'present'; value: string };

export async function readSecretValue(client: SecretsManagerClient, name: string): Promise<SecretRead> {
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: name }));
    const value = out.SecretString ?? '';
    return value.trim() === '' ? { state: 'empty' } : { state: 'present', value };
  } catch (err) {
    if (err instanceof Error && err.name === 'ResourceNotFoundException') return { state: 'missing' };
    throw err;
  }
}
