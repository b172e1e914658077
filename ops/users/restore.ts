/**
 * Rebuilds a user pool from an export (functions/user-pool-export/export.ts): creates the users it lacks, without
 * an invitation email and with email_verified as exported, and adds every group membership it lacks. A user that
 * exists is left as it is (only missing memberships are added), so a second run changes nothing.
 *
 * Cognito gives a created user a new `sub`, and the table keys a founder's items by sub (`USER#<sub>`,
 * functions/store/keys.ts). This command does not rewrite those items: it returns, for every user whose sub in the
 * pool is not the exported one, the old sub and the new, for the operator to keep (the command writes them to a
 * file). Until the items are re-keyed, a restored founder signs in to an account with no profile.
 *
 * A created user gets a random permanent password nobody knows, not Cognito's temporary one: a user in
 * FORCE_CHANGE_PASSWORD cannot use "Forgot password", and that is how a restored user signs in again (the
 * password is not in the export). Users that never confirmed their sign-up are not restored; they sign up again.
 */
import { randomBytes } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  ListGroupsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { z } from 'zod';
import { USER_POOL_EXPORT_VERSION, type UserPoolExport } from '../../functions/user-pool-export/export';

const exportSchema = z.object({
  version: z.literal(USER_POOL_EXPORT_VERSION),
  userPoolId: z.string(),
  exportedAt: z.string(),
  groups: z.array(z.string()),
  users: z.array(
    z.object({
      username: z.string().min(1),
      sub: z.string().min(1),
      email: z.string(),
      emailVerified: z.boolean(),
      status: z.string(),
      enabled: z.boolean(),
      createdAt: z.string(),
      groups: z.array(z.string()),
    }),
  ),
});

export class ExportFormatError extends Error {
  override readonly name = 'ExportFormatError';
}

/** Reads an export's JSON, refusing anything that is not one (with what is wrong). */
export function parseUserPoolExport(text: string): UserPoolExport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ExportFormatError('The file is not JSON: name a user-pool export (user-pool/<date>/users-….json).');
  }
  const parsed = exportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ExportFormatError(
      `Not a user-pool export of version ${USER_POOL_EXPORT_VERSION}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}.`,
    );
  }
  return parsed.data;
}

export interface SubChange {
  readonly username: string;
  readonly oldSub: string;
  readonly newSub: string;
}

export interface RestoreReport {
  readonly created: readonly string[];
  readonly existing: number;
  /** Users not restored, with why (they sign up again). */
  readonly skipped: readonly { readonly username: string; readonly reason: 'unconfirmed' }[];
  readonly groupsCreated: readonly string[];
  /** `username → group` memberships added. */
  readonly membershipsAdded: readonly string[];
  /** Every user whose sub in the pool differs from the export's: the founder's table items are under oldSub. */
  readonly subChanges: readonly SubChange[];
}

export interface RestoreOptions {
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly from: UserPoolExport;
  readonly dryRun: boolean;
}

/** A password meeting every Cognito policy (lower, upper, digit, symbol, length) that nobody is told. */
const unknowablePassword = () => `Aa1!${randomBytes(24).toString('base64url')}`;

async function currentSub(cognito: CognitoIdentityProviderClient, userPoolId: string, username: string) {
  try {
    const out = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return out.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? '';
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return undefined;
    throw err;
  }
}

async function groupsOfPool(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<Set<string>> {
  const names = new Set<string>();
  let token: string | undefined;
  do {
    const out = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId, Limit: 60, NextToken: token }));
    for (const g of out.Groups ?? []) if (g.GroupName) names.add(g.GroupName);
    token = out.NextToken;
  } while (token);
  return names;
}

async function groupsOfUser(cognito: CognitoIdentityProviderClient, userPoolId: string, username: string) {
  const names = new Set<string>();
  let token: string | undefined;
  do {
    const out = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username, Limit: 60, NextToken: token }),
    );
    for (const g of out.Groups ?? []) if (g.GroupName) names.add(g.GroupName);
    token = out.NextToken;
  } while (token);
  return names;
}

export async function restoreUserPool({ cognito, userPoolId, from, dryRun }: RestoreOptions): Promise<RestoreReport> {
  const created: string[] = [];
  const skipped: { username: string; reason: 'unconfirmed' }[] = [];
  const groupsCreated: string[] = [];
  const membershipsAdded: string[] = [];
  const subChanges: SubChange[] = [];
  let existing = 0;

  const poolGroups = await groupsOfPool(cognito, userPoolId);
  const wanted = new Set([...from.groups, ...from.users.flatMap((u) => u.groups)]);
  for (const group of [...wanted].sort()) {
    if (poolGroups.has(group)) continue;
    if (!dryRun) await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
    groupsCreated.push(group);
  }

  for (const user of from.users) {
    let sub = await currentSub(cognito, userPoolId, user.username);
    let isNew = false;
    if (sub !== undefined) {
      existing++;
    } else if (user.status === 'UNCONFIRMED') {
      skipped.push({ username: user.username, reason: 'unconfirmed' });
      continue;
    } else {
      isNew = true;
      created.push(user.username);
      if (!dryRun) {
        const out = await cognito.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: user.username,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: user.email },
              { Name: 'email_verified', Value: String(user.emailVerified) },
            ],
          }),
        );
        sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
        await cognito.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: userPoolId,
            Username: user.username,
            Password: unknowablePassword(),
            Permanent: true,
          }),
        );
        if (!user.enabled) {
          await cognito.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: user.username }));
        }
      }
    }
    if (sub !== undefined && sub !== user.sub)
      subChanges.push({ username: user.username, oldSub: user.sub, newSub: sub });
    const has = isNew ? new Set<string>() : await groupsOfUser(cognito, userPoolId, user.username);
    for (const group of user.groups) {
      if (has.has(group)) continue;
      if (!dryRun) {
        await cognito.send(
          new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.username, GroupName: group }),
        );
      }
      membershipsAdded.push(`${user.username} → ${group}`);
    }
  }
  return { created, existing, skipped, groupsCreated, membershipsAdded, subChanges };
}
