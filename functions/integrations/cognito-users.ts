/**
 * The Cognito admin calls behind sign-up. Founders get a random username; they sign
 * in with their email (an alias) and the administrator with the username `admin`.
 */
import { env } from '../lib/env';
import { traced } from '../lib/tracing';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

/**
 * The client's module is loaded on the first call, not with the Lambda (see load-once.ts): of the
 * accounts area's routes only sign-up calls Cognito, and evaluating this client's module was the
 * largest part of the area's cold start.
 */
const cognito = loadOnce(async () => {
  const sdk = await import('./sdk/cognito');
  return { sdk, client: traced(new sdk.CognitoIdentityProviderClient(sdkClientOptions('cognito'))) };
});

export interface PoolUser {
  username: string;
  sub: string;
  email: string | null;
}

function attribute(attrs: { Name?: string; Value?: string }[] | undefined, name: string): string | null {
  return attrs?.find((a) => a.Name === name)?.Value ?? null;
}

export async function findUserByEmail(email: string): Promise<PoolUser | null> {
  const { sdk, client } = await cognito();
  const out = await client.send(
    new sdk.ListUsersCommand({
      UserPoolId: env('userPoolId'),
      Filter: `email = "${email.replace(/"/g, '')}"`,
      Limit: 2,
    }),
  );
  const user = out.Users?.[0];
  const sub = attribute(user?.Attributes, 'sub');
  if (!user?.Username || !sub) return null;
  return { username: user.Username, sub, email: attribute(user.Attributes, 'email') };
}

export async function getUser(username: string): Promise<PoolUser | null> {
  try {
    const { sdk, client } = await cognito();
    const out = await client.send(new sdk.AdminGetUserCommand({ UserPoolId: env('userPoolId'), Username: username }));
    const sub = attribute(out.UserAttributes, 'sub');
    return sub && out.Username ? { username: out.Username, sub, email: attribute(out.UserAttributes, 'email') } : null;
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return null;
    throw err;
  }
}

/** Whether the user belongs to any group (a coach, say): sign-up never reuses such a user. */
export async function isInAnyGroup(username: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  const out = await client.send(
    new sdk.AdminListGroupsForUserCommand({ UserPoolId: env('userPoolId'), Username: username, Limit: 1 }),
  );
  return (out.Groups?.length ?? 0) > 0;
}

async function createVerifiedUser(username: string, email: string): Promise<PoolUser> {
  try {
    const { sdk, client } = await cognito();
    const out = await client.send(
      new sdk.AdminCreateUserCommand({
        UserPoolId: env('userPoolId'),
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const sub = attribute(out.User?.Attributes, 'sub');
    if (!sub) throw new Error('Cognito returned a user without sub');
    return { username, sub, email };
  } catch (err) {
    // A parallel verify of the same sign-up created it a moment ago: the same user, so carry on with it.
    if (err instanceof Error && err.name === 'UsernameExistsException') {
      const user = await getUser(username);
      if (user) return user;
    }
    throw err;
  }
}

/**
 * Creates the user with a verified email and a permanent password; Cognito's policy errors pass through.
 * The caller has made sure `username` is one its own sign-up created (or new).
 */
export async function createUserWithPassword(username: string, email: string, password: string): Promise<PoolUser> {
  const user = (await getUser(username)) ?? (await createVerifiedUser(username, email));
  const { sdk, client } = await cognito();
  await client.send(
    new sdk.AdminSetUserPasswordCommand({
      UserPoolId: env('userPoolId'),
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
  return user;
}

/** Deletes the user; false when there is none (a retried deletion). */
export async function deleteUser(username: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  try {
    await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: env('userPoolId'), Username: username }));
    return true;
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return false;
    throw err;
  }
}
