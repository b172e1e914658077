/**
 * Real users in cognito-local with a founder profile, and their phase flags. Free of
 * vitest on purpose: the integration tests (test/helpers.ts, which passes the endpoints
 * it is given by the global setup) and the benchmark (which starts its own stack) share it.
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
import type { PhaseFlag } from '#shared/domain/phases';
import { ddb, tableName } from '../functions/store/client';
import { refreshDirectoryEntry } from '../functions/store/directory';
import { keys, stats } from '../functions/store/keys';

/** Where the user pool lives and the app client that signs users in. */
export interface UserPool {
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

export interface TestUser {
  sub: string;
  username: string;
  email: string;
  token: string;
}

const clients = new Map<string, CognitoIdentityProviderClient>();

/** One client per endpoint, reused: creating users by the dozen should not open a connection each. */
function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  let client = clients.get(endpoint);
  if (!client) {
    client = new CognitoIdentityProviderClient({ endpoint });
    clients.set(endpoint, client);
  }
  return client;
}

export async function signInToPool(
  pool: UserPool,
  username: string,
  password: string,
): Promise<{ accessToken: string; idToken: string }> {
  const out = await cognitoClient(pool.endpoint).send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
  const result = out.AuthenticationResult;
  if (!result?.AccessToken || !result.IdToken) throw new Error('sign-in returned no tokens');
  return { accessToken: result.AccessToken, idToken: result.IdToken };
}

/** What a confirmed sign-in needs: who, with which email, and a permanent password. */
export interface VerifiedUser {
  username: string;
  email: string;
  password: string;
  /** A group to put the user in (`admin` for a coach). */
  group?: string;
}

/** A confirmed user with a verified email and a permanent password, and no profile; returns its sub. */
export async function createVerifiedPoolUser(
  pool: Omit<UserPool, 'clientId'>,
  { username, email, password, group }: VerifiedUser,
): Promise<string> {
  const cognito = cognitoClient(pool.endpoint);
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
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
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: pool.userPoolId,
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
  if (group) {
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: username, GroupName: group }),
    );
  }
  return sub;
}

/** A user in cognito-local with a profile item; `paid` decides whether founder routes open. */
export async function createPoolUser(
  pool: UserPool,
  options: { paid?: boolean; admin?: boolean } = {},
): Promise<TestUser> {
  const username = randomUUID();
  const email = `founder-${username.slice(0, 8)}@example.com`;
  const password = 'Founder-Passw0rd';
  const sub = await createVerifiedPoolUser(pool, {
    username,
    email,
    password,
    ...(options.admin ? { group: 'admin' } : {}),
  });
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
  // In the coaches' founder directory as a real sign-up would be.
  await refreshDirectoryEntry(sub);
  const { accessToken } = await signInToPool(pool, username, password);
  return { sub, username, email, token: accessToken };
}

/** Sets phase flags directly: coaches' unlocks are another feature's API; tests and the benchmark need the state. */
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
