/**
 * The daily export on cognito-local and s3rver: a pool with founders and a coach in the admin group is exported,
 * the object read back holds each user's identity, state and groups, and nothing secret.
 */
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_GROUP, ENV_NAMES } from '#shared/deploy-names';
import { FIXTURE_PASSWORD, makeUserPool, type PoolFixture } from '../../test/user-pool-fixture';
import {
  exportKey,
  exportUserPool,
  USER_POOL_EXPORT_ENV,
  USER_POOL_EXPORT_PREFIX,
  writeUserPoolExport,
} from './export';

const s3 = new S3Client({ region: 'us-east-1', forcePathStyle: true });
const bucket = `user-pool-exports-${Date.now()}`;
let pool: PoolFixture;

beforeAll(async () => {
  pool = await makeUserPool(inject('cognitoEndpoint'));
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});

const readBack = async (key: string) => {
  const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return { text: (await out.Body?.transformToString()) ?? '', contentType: out.ContentType };
};

describe('the user pool export', () => {
  it('writes every user with identity, state and groups, and nothing else', async () => {
    const doc = await exportUserPool(pool.cognito, pool.userPoolId, new Date('2026-12-01T05:00:00.000Z'));
    const key = await writeUserPoolExport(s3, bucket, doc);
    expect(key).toBe('user-pool/2026-12-01/users-2026-12-01T05-00-00-000Z.json');
    expect(key.startsWith(USER_POOL_EXPORT_PREFIX)).toBe(true);
    const { text, contentType } = await readBack(key);
    expect(contentType).toBe('application/json');
    const read = JSON.parse(text);
    expect(read).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(read.version).toBe(1);
    expect(read.userPoolId).toBe(pool.userPoolId);
    expect(read.groups).toEqual([ADMIN_GROUP]);
    expect(read.users).toHaveLength(4);

    const byName = new Map(doc.users.map((u) => [u.username, u]));
    const coach = byName.get(pool.coach);
    expect(coach).toEqual({
      username: pool.coach,
      sub: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: `${pool.coach}@example.com`,
      emailVerified: true,
      status: 'CONFIRMED',
      enabled: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      groups: [ADMIN_GROUP],
    });
    expect(byName.get(pool.founders[0] ?? '')).toMatchObject({ groups: [], enabled: true, emailVerified: true });
    expect(byName.get(pool.disabledFounder)).toMatchObject({ enabled: false, status: 'CONFIRMED' });
    expect(byName.get(pool.unconfirmed)).toMatchObject({ status: 'UNCONFIRMED', emailVerified: false });
    expect(new Set(doc.users.map((u) => u.sub)).size).toBe(4);

    for (const user of read.users) {
      expect(Object.keys(user).sort()).toEqual(
        ['createdAt', 'email', 'emailVerified', 'enabled', 'groups', 'status', 'sub', 'username'].sort(),
      );
    }
    expect(text).not.toContain(FIXTURE_PASSWORD);
    expect(text.toLowerCase()).not.toMatch(/password|secret|token|mfa|totp/);
  });

  it('names each run by its time, so no run overwrites another', () => {
    expect(exportKey(new Date('2026-12-01T05:00:00.000Z'))).not.toBe(exportKey(new Date('2026-12-02T05:00:00.000Z')));
  });

  it('runs as the scheduled Lambda with the settings the stack gives it', async () => {
    process.env[USER_POOL_EXPORT_ENV.bucket] = bucket;
    const before = process.env[ENV_NAMES.userPoolId];
    process.env[ENV_NAMES.userPoolId] = pool.userPoolId;
    try {
      const { handler } = await import('./handler');
      const out = await handler({});
      expect(out.users).toBe(4);
      expect(JSON.parse((await readBack(out.key)).text).userPoolId).toBe(pool.userPoolId);
      delete process.env[USER_POOL_EXPORT_ENV.bucket];
      await expect(handler({})).rejects.toThrow(`${USER_POOL_EXPORT_ENV.bucket} is not set`);
    } finally {
      process.env[ENV_NAMES.userPoolId] = before;
    }
  });
});
