/**
 * The Cognito admin calls behind sign-up. Founders get a random username; they sign
 * in with their email (an alias) and the administrator with the username `admin`.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../lib/env';

let client: CognitoIdentityProviderClient | undefined;
function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient({ maxAttempts: 3 });
  return client;
}

export interface PoolUser {
  username: string;
  sub: string;
  email: string | null;
}

function attribute(attrs: { Name?: string; Value?: string }[] | undefined, name: string): string | null {
  return attrs?.find((a) => a.Name === name)?.Value ?? null;
}

export async function findUserByEmail(email: string): Promise<PoolUser | null> {
  const out = await cognito().send(
    new ListUsersCommand({ UserPoolId: env('userPoolId'), Filter: `email = "${email.replace(/"/g, '')}"`, Limit: 2 }),
  );
  const user = out.Users?.[0];
  const sub = attribute(user?.Attributes, 'sub');
  if (!user?.Username || !sub) return null;
  return { username: user.Username, sub, email: attribute(user.Attributes, 'email') };
}

export async function getUser(username: string): Promise<PoolUser | null> {
  try {
    const out = await cognito().send(new AdminGetUserCommand({ UserPoolId: env('userPoolId'), Username: username }));
    const sub = attribute(out.UserAttributes, 'sub');
    return sub && out.Username ? { username: out.Username, sub, email: attribute(out.UserAttributes, 'email') } : null;
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return null;
    throw err;
  }
}

/** Creates the user with a verified email and a permanent password; Cognito's policy errors pass through. */
export async function createUserWithPassword(username: string, email: string, password: string): Promise<PoolUser> {
  const existing = await getUser(username);
  const user: PoolUser =
    existing ??
    (await cognito()
      .send(
        new AdminCreateUserCommand({
          UserPoolId: env('userPoolId'),
          Username: username,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      )
      .then((out) => {
        const sub = attribute(out.User?.Attributes, 'sub');
        if (!sub) throw new Error('Cognito returned a user without sub');
        return { username, sub, email } satisfies PoolUser;
      }));
  await cognito().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: env('userPoolId'),
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
  return user;
}

export async function deleteUser(username: string): Promise<void> {
  await cognito().send(new AdminDeleteUserCommand({ UserPoolId: env('userPoolId'), Username: username }));
}
