/**
 * The user pool's export: every user's identity and groups, written daily as one JSON object to a bucket of its
 * own (infra/constructs/user-pool-export.ts), so a lost or damaged pool can be rebuilt (ops/users/restore.ts).
 * Cognito cannot export passwords, MFA secrets or tokens, and this keeps only the fields it names: a restored user
 * sets a new password with "Forgot password", and a coach enrols an authenticator app again.
 */

import { USER_POOL_EXPORT_ENV, USER_POOL_EXPORT_PREFIX } from '#shared/deploy-names';
import {
  type CognitoIdentityProviderClient,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '../integrations/sdk/cognito';
import { PutObjectCommand, type S3Client } from '../integrations/sdk/s3';

export const USER_POOL_EXPORT_VERSION = 1;
export { USER_POOL_EXPORT_ENV, USER_POOL_EXPORT_PREFIX };

export interface ExportedUser {
  readonly username: string;
  readonly sub: string;
  readonly email: string;
  readonly emailVerified: boolean;
  /** Cognito's UserStatus: CONFIRMED, FORCE_CHANGE_PASSWORD, UNCONFIRMED, … */
  readonly status: string;
  readonly enabled: boolean;
  readonly createdAt: string;
  readonly groups: readonly string[];
}

export interface UserPoolExport {
  readonly version: typeof USER_POOL_EXPORT_VERSION;
  readonly userPoolId: string;
  readonly exportedAt: string;
  readonly groups: readonly string[];
  readonly users: readonly ExportedUser[];
}

/** ListUsers' and ListUsersInGroup's largest page. */
const PAGE = 60;

async function allPages<T>(page: (token: string | undefined) => Promise<{ items: T[]; next: string | undefined }>) {
  const items: T[] = [];
  let token: string | undefined;
  do {
    const out = await page(token);
    items.push(...out.items);
    token = out.next;
  } while (token);
  return items;
}

const attribute = (user: UserType, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

export async function exportUserPool(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  now: Date = new Date(),
): Promise<UserPoolExport> {
  const users = await allPages(async (token) => {
    const out = await cognito.send(
      new ListUsersCommand({ UserPoolId: userPoolId, Limit: PAGE, PaginationToken: token }),
    );
    return { items: out.Users ?? [], next: out.PaginationToken };
  });
  const groups = await allPages(async (token) => {
    const out = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId, Limit: PAGE, NextToken: token }));
    return { items: (out.Groups ?? []).flatMap((g) => (g.GroupName ? [g.GroupName] : [])), next: out.NextToken };
  });
  const groupsOf = new Map<string, string[]>();
  for (const group of groups) {
    const members = await allPages(async (token) => {
      const out = await cognito.send(
        new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group, Limit: PAGE, NextToken: token }),
      );
      return { items: (out.Users ?? []).flatMap((u) => (u.Username ? [u.Username] : [])), next: out.NextToken };
    });
    for (const username of members) groupsOf.set(username, [...(groupsOf.get(username) ?? []), group]);
  }
  return {
    version: USER_POOL_EXPORT_VERSION,
    userPoolId,
    exportedAt: now.toISOString(),
    groups: [...groups].sort(),
    users: users.flatMap((user): ExportedUser[] => {
      const sub = attribute(user, 'sub');
      if (!user.Username || !sub) return [];
      return [
        {
          username: user.Username,
          sub,
          email: attribute(user, 'email') ?? '',
          emailVerified: attribute(user, 'email_verified') === 'true',
          status: user.UserStatus ?? 'UNKNOWN',
          enabled: user.Enabled !== false,
          createdAt: (user.UserCreateDate ?? now).toISOString(),
          groups: [...(groupsOf.get(user.Username) ?? [])].sort(),
        },
      ];
    }),
  };
}

/** One object per run, named by its time so a listing reads in order and no run overwrites another. */
export const exportKey = (at: Date): string =>
  `${USER_POOL_EXPORT_PREFIX}${at.toISOString().slice(0, 10)}/users-${at.toISOString().replace(/[:.]/g, '-')}.json`;

export async function writeUserPoolExport(s3: S3Client, bucket: string, doc: UserPoolExport): Promise<string> {
  const key = exportKey(new Date(doc.exportedAt));
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: JSON.stringify(doc),
      ContentType: 'application/json',
    }),
  );
  return key;
}
