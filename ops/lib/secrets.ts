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

/**
 * Stores the Stripe key typed at a hidden prompt: out of the shell history and any output, and handed to the CLI on
 * its standard input by the `printf` builtin, so no process ever has it as an argument (`ps` would show it).
 */
export const storeStripeKeyCommand = (region: string, secretName: string, exists: boolean): string =>
  `read -rs STRIPE_KEY && printf %s "$STRIPE_KEY" | aws secretsmanager ` +
  `${exists ? 'put-secret-value --secret-id' : 'create-secret --name'} ${secretName} --region ${region} ` +
  '--secret-string file:///dev/stdin; unset STRIPE_KEY';
