/**
 * Paging, which cognito-local does not do (it answers every user in one page): the export follows ListUsers',
 * ListGroups' and ListUsersInGroup's tokens to the last page, with Cognito's answers mocked.
 */
import {
  CognitoIdentityProviderClient,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { exportUserPool } from './export';

const cognito = mockClient(CognitoIdentityProviderClient);
afterEach(() => cognito.reset());

const user = (
  name: string,
  attrs: Record<string, string> = { sub: `sub-${name}`, email: `${name}@example.com` },
): UserType => ({
  Username: name,
  Attributes: Object.entries(attrs).map(([Name, Value]) => ({ Name, Value })),
  UserStatus: 'CONFIRMED',
  Enabled: true,
  UserCreateDate: new Date('2026-11-01T00:00:00Z'),
});

describe('exportUserPool', () => {
  it('reads every page of users, groups and members', async () => {
    cognito
      .on(ListUsersCommand, { PaginationToken: undefined })
      .resolves({ Users: [user('a'), user('b')], PaginationToken: 'u2' })
      .on(ListUsersCommand, { PaginationToken: 'u2' })
      .resolves({ Users: [user('c')] });
    cognito
      .on(ListGroupsCommand, { NextToken: undefined })
      .resolves({ Groups: [{ GroupName: 'admin' }], NextToken: 'g2' })
      .on(ListGroupsCommand, { NextToken: 'g2' })
      .resolves({ Groups: [{ GroupName: 'beta' }] });
    cognito
      .on(ListUsersInGroupCommand, { GroupName: 'admin', NextToken: undefined })
      .resolves({ Users: [user('a')], NextToken: 'm2' })
      .on(ListUsersInGroupCommand, { GroupName: 'admin', NextToken: 'm2' })
      .resolves({ Users: [user('c')] })
      .on(ListUsersInGroupCommand, { GroupName: 'beta' })
      .resolves({ Users: [user('c')] });

    const doc = await exportUserPool(
      cognito as unknown as CognitoIdentityProviderClient,
      'pool-1',
      new Date('2026-12-01T04:00:00Z'),
    );
    expect(doc.groups).toEqual(['admin', 'beta']);
    expect(doc.users.map((u) => [u.username, u.groups])).toEqual([
      ['a', ['admin']],
      ['b', []],
      ['c', ['admin', 'beta']],
    ]);
    expect(cognito.commandCalls(ListUsersCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: 'pool-1', Limit: 60, PaginationToken: undefined },
      { UserPoolId: 'pool-1', Limit: 60, PaginationToken: 'u2' },
    ]);
    expect(cognito.commandCalls(ListUsersInGroupCommand)).toHaveLength(3);
    expect(doc.exportedAt).toBe('2026-12-01T04:00:00.000Z');
  });

  it('leaves out a user without a sub and keeps an unverified, disabled one as it is', async () => {
    cognito.on(ListUsersCommand).resolves({
      Users: [
        user('nosub', { email: 'x@example.com' }),
        { ...user('off', { sub: 's', email: 'off@example.com', email_verified: 'false' }), Enabled: false },
      ],
    });
    cognito.on(ListGroupsCommand).resolves({ Groups: [] });
    const doc = await exportUserPool(cognito as unknown as CognitoIdentityProviderClient, 'pool-1');
    expect(doc.users).toEqual([
      {
        username: 'off',
        sub: 's',
        email: 'off@example.com',
        emailVerified: false,
        status: 'CONFIRMED',
        enabled: false,
        createdAt: '2026-11-01T00:00:00.000Z',
        groups: [],
      },
    ]);
  });
});
