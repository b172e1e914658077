/**
 * The user-pool restore on cognito-local (and s3rver for an export read from S3): export a pool, delete its users,
 * restore; the users, their state and their groups are back (with new subs, mapped old → new), and a second run
 * changes nothing.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  DeleteGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_GROUP } from '#shared/deploy-names';
import { exportUserPool, type UserPoolExport, writeUserPoolExport } from '../../functions/user-pool-export/export';
import { makeUserPool, type PoolFixture } from '../../test/user-pool-fixture';
import { usersRestoreCli } from './cli';
import { ExportFormatError, parseUserPoolExport, restoreUserPool } from './restore';

let pool: PoolFixture;
let exported: UserPoolExport;
let dir: string;

beforeAll(async () => {
  pool = await makeUserPool(inject('cognitoEndpoint'));
  exported = await exportUserPool(pool.cognito, pool.userPoolId);
  dir = await mkdtemp(path.join(tmpdir(), 'users-restore-'));
});

const getUser = (username: string) =>
  pool.cognito.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
const groupsOf = async (username: string) =>
  (
    await pool.cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: pool.userPoolId, Username: username }))
  ).Groups?.map((g) => g.GroupName);
const deleteUser = (username: string) =>
  pool.cognito.send(new AdminDeleteUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
const attr = (out: Awaited<ReturnType<typeof getUser>>, name: string) =>
  out.UserAttributes?.find((a) => a.Name === name)?.Value;

describe('restoring the user pool from an export', () => {
  it('a dry run of a pool that lost its users and group says what it would do and does nothing', async () => {
    for (const u of [pool.coach, ...pool.founders, pool.unconfirmed]) await deleteUser(u);
    await pool.cognito.send(new DeleteGroupCommand({ UserPoolId: pool.userPoolId, GroupName: ADMIN_GROUP }));
    const report = await restoreUserPool({
      cognito: pool.cognito,
      userPoolId: pool.userPoolId,
      from: exported,
      dryRun: true,
    });
    expect(report.groupsCreated).toEqual([ADMIN_GROUP]);
    expect([...report.created].sort()).toEqual([pool.coach, ...pool.founders].sort());
    expect(report.membershipsAdded).toEqual([`${pool.coach} → ${ADMIN_GROUP}`]);
    expect(report.subChanges).toEqual([]);
    await expect(getUser(pool.coach)).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('recreates the users, their state and their groups, maps old subs to new; a second run changes nothing', async () => {
    const file = path.join(dir, 'export.json');
    const mapping = path.join(dir, 'mapping.json');
    await writeFile(file, JSON.stringify(exported));
    const lines: string[] = [];
    const args = ['--stage', 'dev', '--pool', pool.userPoolId, '--from', file, '--mapping', mapping];
    expect(await usersRestoreCli(args, { print: (l) => lines.push(l) })).toBe(1);

    const coach = await getUser(pool.coach);
    expect(attr(coach, 'email')).toBe(`${pool.coach}@example.com`);
    expect(attr(coach, 'email_verified')).toBe('true');
    // CONFIRMED, not FORCE_CHANGE_PASSWORD: "Forgot password" works only for a confirmed user.
    expect(coach.UserStatus).toBe('CONFIRMED');
    expect(coach.Enabled).toBe(true);
    expect(await groupsOf(pool.coach)).toEqual([ADMIN_GROUP]);
    expect(await groupsOf(pool.founders[0] ?? '')).toEqual([]);
    expect((await getUser(pool.disabledFounder)).Enabled).toBe(false);
    // Never confirmed: not restored (the person signs up again).
    await expect(getUser(pool.unconfirmed)).rejects.toMatchObject({ name: 'UserNotFoundException' });

    const subs = JSON.parse(await readFile(mapping, 'utf8'));
    const old = new Map(exported.users.map((u) => [u.username, u.sub]));
    expect(subs).toHaveLength(3);
    for (const change of subs) {
      expect(change.oldSub).toBe(old.get(change.username));
      expect(change.newSub).toBe(attr(await getUser(change.username), 'sub'));
      expect(change.newSub).not.toBe(change.oldSub);
    }
    expect(lines).toContain(`GROUP ${ADMIN_GROUP}: created.`);
    expect(lines).toContain(`MEMBER ${pool.coach} → ${ADMIN_GROUP}: added.`);
    expect(lines.filter((l) => l.startsWith('USER ')).length).toBe(3);
    expect(lines).toContain(`SKIPPED ${pool.unconfirmed}: never confirmed the sign-up; signs up again.`);
    expect(lines.join('\n')).toMatch(
      /3 user\(s\) created, 0 already in the pool, 1 skipped; 1 membership\(s\) added\./,
    );
    expect(lines.at(-1)).toMatch(/old → new written to .*mapping\.json.*keyed by the old sub and are not rewritten/);

    const again: string[] = [];
    expect(await usersRestoreCli(args, { print: (l) => again.push(l) })).toBe(1);
    expect(again.filter((l) => /^(GROUP|USER|MEMBER) /.test(l))).toEqual([]);
    expect(again.join('\n')).toMatch(
      /0 user\(s\) created, 3 already in the pool, 1 skipped; 0 membership\(s\) added\./,
    );
    expect(JSON.parse(await readFile(mapping, 'utf8'))).toEqual(subs);
    expect(await groupsOf(pool.coach)).toEqual([ADMIN_GROUP]);
  });

  it('adds a lost membership to a user that is still there, and leaves the user alone', async () => {
    const sub = attr(await getUser(pool.founders[0] ?? ''), 'sub');
    const withGroup: UserPoolExport = {
      ...exported,
      users: exported.users.map((u) =>
        u.username === pool.founders[0] ? { ...u, sub: sub ?? '', groups: [ADMIN_GROUP] } : u,
      ),
    };
    const report = await restoreUserPool({
      cognito: pool.cognito,
      userPoolId: pool.userPoolId,
      from: withGroup,
      dryRun: false,
    });
    expect(report.created).toEqual([]);
    expect(report.membershipsAdded).toEqual([`${pool.founders[0]} → ${ADMIN_GROUP}`]);
    expect(report.subChanges.map((c) => c.username)).not.toContain(pool.founders[0]);
    expect(attr(await getUser(pool.founders[0] ?? ''), 'sub')).toBe(sub);
  });

  it('reads the export from S3 by its s3:// address', async () => {
    const s3 = new S3Client({ region: 'us-east-1', forcePathStyle: true });
    const bucket = `users-restore-${Date.now()}`;
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const key = await writeUserPoolExport(s3, bucket, exported);
    const lines: string[] = [];
    const args = ['--stage', 'dev', '--pool', pool.userPoolId, '--from', `s3://${bucket}/${key}`, '--dry-run'];
    expect(await usersRestoreCli(args, { print: (l) => lines.push(l) })).toBe(1);
    expect(lines.join('\n')).toMatch(/0 user\(s\) to create, 3 already in the pool/);
  });

  it('refuses a wrong command line or a file that is not an export, with what to do (exit 2)', async () => {
    const lines: string[] = [];
    const print = (l: string) => lines.push(l);
    expect(await usersRestoreCli(['--stage', 'dev', '--from', 'x.json'], { print })).toBe(2);
    expect(lines.join('\n')).toMatch(/--pool <user pool id>/);
    expect(await usersRestoreCli(['--stage', 'dev', '--pool', pool.userPoolId], { print })).toBe(2);
    expect(lines.join('\n')).toMatch(/Name the export/);
    expect(await usersRestoreCli(['--pool', pool.userPoolId, '--from', 'x.json'], { print })).toBe(2);
    expect(await usersRestoreCli(['--stage', 'dev', '--bogus'], { print })).toBe(2);
    const missing = path.join(dir, 'missing.json');
    expect(await usersRestoreCli(['--stage', 'dev', '--pool', pool.userPoolId, '--from', missing], { print })).toBe(2);
    expect(lines.at(-1)).toMatch(/ENOENT/);
    const notExport = path.join(dir, 'other.json');
    await writeFile(notExport, JSON.stringify({ version: 2 }));
    expect(await usersRestoreCli(['--stage', 'dev', '--pool', pool.userPoolId, '--from', notExport], { print })).toBe(
      2,
    );
    expect(lines.at(-1)).toMatch(/^Not a user-pool export of version 1: version:/);
    expect(() => parseUserPoolExport('{')).toThrow(ExportFormatError);
    expect(() => parseUserPoolExport('{')).toThrow(/not JSON/);
  });
});
