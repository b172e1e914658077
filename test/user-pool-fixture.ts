/**
 * A user pool of its own on cognito-local for the export and restore tests (they delete users, which the shared
 * pool's other tests must not see): two founders (one disabled), a coach in the admin group, and a sign-up never
 * confirmed. Free of vitest: the endpoint is passed in.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '#shared/deploy-names';

export const FIXTURE_PASSWORD = 'Fixture-Passw0rd!';

export interface PoolFixture {
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly founders: readonly string[];
  readonly disabledFounder: string;
  readonly coach: string;
  readonly unconfirmed: string;
}

export async function makeUserPool(endpoint: string): Promise<PoolFixture> {
  const cognito = new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1' });
  const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: `export-${randomUUID().slice(0, 8)}` }));
  const userPoolId = pool.UserPool?.Id ?? '';
  await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  const tag = randomUUID().slice(0, 8);
  const create = async (username: string) => {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: `${username}@example.com` },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: username,
        Password: FIXTURE_PASSWORD,
        Permanent: true,
      }),
    );
  };
  const founders = [`founder-a-${tag}`, `founder-b-${tag}`];
  const coach = `coach-${tag}`;
  for (const username of [...founders, coach]) await create(username);
  await cognito.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: founders[1] }));
  await cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: coach, GroupName: ADMIN_GROUP }),
  );
  const client = await cognito.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'fixture' }));
  const unconfirmed = `unconfirmed-${tag}`;
  await cognito.send(
    new SignUpCommand({
      ClientId: client.UserPoolClient?.ClientId ?? '',
      Username: unconfirmed,
      Password: FIXTURE_PASSWORD,
      UserAttributes: [{ Name: 'email', Value: `${unconfirmed}@example.com` }],
    }),
  );
  return { cognito, userPoolId, founders, disabledFounder: founders[1] ?? '', coach, unconfirmed };
}
