/**
 * Helpers for integration tests: real users in cognito-local, real tokens, and
 * HTTP calls to the local API server that runs the route table.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import type { PhaseFlag } from '../functions/domain/phases';
import { ddb, tableName } from '../functions/store/client';
import { keys, stats } from '../functions/store/keys';
import { listSentEmails, type SentEmail } from '../infra/local/emulators/index';
import { TEST_ADMIN_PASSWORD } from './constants';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${inject('apiUrl')}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // leave as text: a test asserting JSON will say so
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

let cognito: CognitoIdentityProviderClient | undefined;
function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint') });
  return cognito;
}

export async function signIn(username: string, password: string): Promise<{ accessToken: string; idToken: string }> {
  const out = await cognitoClient().send(
    new InitiateAuthCommand({
      ClientId: inject('userPoolClientId'),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
  const result = out.AuthenticationResult;
  if (!result?.AccessToken || !result.IdToken) throw new Error('sign-in returned no tokens');
  return { accessToken: result.AccessToken, idToken: result.IdToken };
}

export async function adminToken(): Promise<string> {
  return (await signIn('admin', TEST_ADMIN_PASSWORD)).accessToken;
}

export interface TestUser {
  sub: string;
  username: string;
  email: string;
  token: string;
}

/** A user in cognito-local with a profile item; `paid` decides whether founder routes open. */
export async function createUser(options: { paid?: boolean; admin?: boolean } = {}): Promise<TestUser> {
  const username = randomUUID();
  const email = `founder-${username.slice(0, 8)}@example.com`;
  const password = 'Founder-Passw0rd';
  const poolId = inject('userPoolId');
  const created = await cognitoClient().send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('cognito-local returned no sub');
  await cognitoClient().send(
    new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: username, Password: password, Permanent: true }),
  );
  if (options.admin) {
    await cognitoClient().send(
      new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: 'admin' }),
    );
  }
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.profile(sub),
        email,
        firstName: 'Test',
        lastName: 'Founder',
        startupName: 'Test Startup',
        paid: options.paid ?? true,
        createdAt: new Date().toISOString(),
      },
    }),
  );
  // Counted like a real sign-up, so platform statistics stay consistent with the profiles.
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.stat(stats.users),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  const { accessToken } = await signIn(username, password);
  return { sub, username, email, token: accessToken };
}

/** Waits until the local bus has delivered every event published so far. */
export async function eventsSettled(): Promise<{ deadLetters: number }> {
  const res = await fetch(`${inject('apiUrl')}/_dev/events/idle`);
  return (await res.json()) as { deadLetters: number };
}

/** Emails the app sent to one address, newest first (read from the SES emulator). */
export async function emailsTo(address: string): Promise<SentEmail[]> {
  const all = await listSentEmails(inject('sesEndpoint'));
  return all.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The 6-digit code in the newest sign-up email to an address. */
export async function latestSignupCode(address: string): Promise<string> {
  const [mail] = await emailsTo(address);
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no sign-up code emailed to ${address}`);
  return code;
}

export function uniqueEmail(prefix = 'founder'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Sets phase flags directly: coaches' unlocks are another feature's API; these tests need the state. */
export async function setPhases(sub: string, flags: Partial<Record<PhaseFlag, boolean>>): Promise<void> {
  const names = Object.keys(flags) as PhaseFlag[];
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.phases(sub),
      UpdateExpression: `SET ${names.map((_n, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, flags[n]])),
    }),
  );
}

/** A founder who saved an idea and answered every trigger question through the API. */
export async function founderWithTriggerDone(): Promise<TestUser> {
  const founder = await createUser();
  await api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Meal plans for busy parents' } });
  const { questions } = (
    await api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', { token: founder.token })
  ).body;
  await Promise.all(
    questions.map((q, i) =>
      api('PUT', `/api/answers/trigger/${q.id}`, { token: founder.token, body: { answers: [`Answer ${i}`] } }),
    ),
  );
  return founder;
}
