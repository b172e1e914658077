/**
 * Share links against the real emulators: the owner copies a live link again (the same address, the
 * same view log), only the owner can, links made before that still open but say they cannot be copied; a deleted
 * founder's links and sessions tell investors so, and their other signed-in browser is told the account was deleted.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import { freshClientAddress } from '../../test/api-request';
import { api, createProfilelessUser, createUser, signIn, type TestUser, uniqueEmail } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';
import { createShareLink, type ShareLinkRecord } from '../store/share-links';

type Created = ResponseBody<'sharing.create'>;
type Address = ResponseBody<'sharing.linkAddress'>;
type Links = ResponseBody<'sharing.list'>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

async function share(founder: TestUser, body: Record<string, unknown> = { category: 'legal' }): Promise<Created> {
  const res = await api<Created>('POST', '/api/shares', { token: founder.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const address = (founder: TestUser, linkId: string) =>
  api<Address & { error?: string; message?: string }>('GET', `/api/shares/${linkId}/address`, {
    token: founder.token,
  });

const viewer = (clientAddress = freshClientAddress()) => ({
  info: (token: string) => api<{ error?: string }>('POST', '/api/shared/info', { body: { token }, clientAddress }),
  open: (token: string) =>
    api<ResponseBody<'sharing.viewerOpen'>>('POST', '/api/shared/open', { body: { token }, clientAddress }),
  download: (session: string, fileId: string) =>
    api<{ error?: string }>('POST', '/api/shared/download', { body: { session, fileId }, clientAddress }),
});

const deleteAccount = (founder: TestUser) =>
  api('POST', '/api/me/delete', { token: founder.token, body: { email: founder.email } });

/** A link stored as the table holds it, for the cases the API no longer makes (older tokens, rotated keys). */
async function storeLink(
  founder: TestUser,
  token: string,
  fields: Pick<ShareLinkRecord, 'tokenKey'> & Partial<ShareLinkRecord>,
): Promise<string> {
  const linkId = randomBytes(12).toString('base64url');
  await createShareLink({
    ownerSub: founder.sub,
    linkId,
    label: 'Stored link',
    scope: { kind: 'category', category: 'legal' },
    expiresAt: null,
    passcodeHash: null,
    requireEmail: false,
    showStartupName: false,
    allowDownload: true,
    createdAt: new Date().toISOString(),
    revokedAt: null,
    tokenHash: sha256(token),
    views: 0,
    downloads: 0,
    lastViewedAt: null,
    ...fields,
  });
  return linkId;
}

describe('copying a share link again', () => {
  it('gives the owner the same address at any time; it opens the same link, whose log keeps counting', async () => {
    const founder = await createUser();
    const created = await share(founder);
    expect(created.link.copyable).toBe(true);

    const first = await address(founder, created.link.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ token: created.token, path: created.path });
    const again = await address(founder, created.link.id);
    expect(again.body.token).toBe(created.token);

    // The link keeps no token in clear: only its hash and the key version it was derived with.
    const item = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.shareLink(founder.sub, created.link.id) }),
    );
    expect(JSON.stringify(item.Item)).not.toContain(created.token);
    expect(item.Item).toMatchObject({ tokenHash: sha256(created.token), tokenKey: '1' });

    const v = viewer();
    expect((await v.open(first.body.token)).status).toBe(200);
    expect((await v.open(created.token)).status).toBe(200);
    const links = await api<Links>('GET', '/api/shares', { token: founder.token });
    expect(links.body.links).toEqual([expect.objectContaining({ id: created.link.id, views: 2 })]);
  });

  it("is for the link's owner alone: another founder's request for its id finds nothing", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const created = await share(owner);
    const res = await address(other, created.link.id);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(created.token);
  });

  it('refuses a link nobody can open any more, saying why', async () => {
    const founder = await createUser();
    const created = await share(founder);
    expect((await api('DELETE', `/api/shares/${created.link.id}`, { token: founder.token })).status).toBe(204);
    const res = await address(founder, created.link.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/turned off: nobody can open it/);
  });

  it('keeps opening a link made before (a random token), which says it cannot be copied', async () => {
    const founder = await createUser();
    const token = randomBytes(32).toString('base64url');
    const linkId = await storeLink(founder, token, { tokenKey: null });
    expect((await viewer().info(token)).status).toBe(200);
    const links = await api<Links>('GET', '/api/shares', { token: founder.token });
    expect(links.body.links).toEqual([expect.objectContaining({ id: linkId, copyable: false, status: 'active' })]);
    const res = await address(founder, linkId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/created before links could be copied again.*Make a new link/);
  });

  it('never hands out an address that opens nothing: a removed key version or a key changed under its version', async () => {
    const founder = await createUser();
    // Minted with a version the stage's keys no longer hold (rotated out): it still opens by its hash.
    const rotatedOut = randomBytes(32).toString('base64url');
    const removed = await storeLink(founder, rotatedOut, { tokenKey: '0' });
    // Version "1" is there, but the token it derives now is not this link's (the key was changed in place).
    const changed = await storeLink(founder, randomBytes(32).toString('base64url'), { tokenKey: '1' });
    expect((await viewer().open(rotatedOut)).status).toBe(200);
    for (const linkId of [removed, changed]) {
      const res = await address(founder, linkId);
      expect(res.status, linkId).toBe(409);
      expect(res.body.message, linkId).toMatch(/cannot be shown\. Make a new link/);
      expect(res.body.token, linkId).toBeUndefined();
    }
  });

  it('refuses an expired link, saying so', async () => {
    const founder = await createUser();
    const linkId = await storeLink(founder, randomBytes(32).toString('base64url'), {
      tokenKey: '1',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const res = await address(founder, linkId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^This link is expired: nobody can open it/);
  });
});

describe("a deleted founder's links and sessions", () => {
  it('tell investors the account was deleted (link and open session), keeping nothing of the founder', async () => {
    const founder = await createUser();
    const created = await share(founder);
    const v = viewer();
    const opened = await v.open(created.token);
    expect(opened.status).toBe(200);

    expect((await deleteAccount(founder)).status).toBe(200);

    const info = await v.info(created.token);
    expect(info.status).toBe(410);
    expect(info.body).toMatchObject({ error: 'ShareOwnerDeleted' });
    expect((await v.open(created.token)).body).toMatchObject({ error: 'ShareOwnerDeleted' });
    const download = await v.download(opened.body.session, '1700000000000-abcdefghij');
    expect(download.status).toBe(410);
    expect(download.body).toMatchObject({ error: 'ShareOwnerDeleted' });
    // A token never issued still reads as such: the tombstone is the deleted link's alone.
    expect((await v.info(randomBytes(32).toString('base64url'))).status).toBe(404);

    const tombstone = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.shareToken(sha256(created.token)) }),
    );
    expect(Object.keys(tombstone.Item ?? {}).sort()).toEqual(['PK', 'SK', 'expiresAt', 'ownerDeleted']);
    const inAYear = Date.now() / 1000 + 365 * 24 * 3600;
    expect(Math.abs(Number(tombstone.Item?.expiresAt) - inAYear)).toBeLessThan(120);
  });

  it("answers the founder's other signed-in browser 401 AccountDeleted on every route, not the payment page", async () => {
    const founder = await createUser();
    // The other browser's session: its own sign-in, still valid for minutes after the deletion.
    const other = (await signIn(founder.username, 'Founder-Passw0rd')).accessToken;
    expect((await deleteAccount(founder)).status).toBe(200);

    for (const [method, path, body] of [
      ['GET', '/api/me', undefined],
      ['POST', '/api/payments/checkout', undefined],
      ['GET', '/api/shares', undefined],
      ['GET', '/api/files', undefined],
    ] as const) {
      const res = await api<{ error: string; message: string }>(method, path, { token: other, body });
      expect(res.status, path).toBe(401);
      expect(res.body, path).toMatchObject({ error: 'AccountDeleted', message: expect.stringMatching(/deleted/) });
    }
    // The deletion record names nobody in clear (keyed by the sub's hash) and goes by TTL within a day.
    const record = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.deletedAccount(founder.sub) }));
    expect(record.Item?.PK).not.toContain(founder.sub);
    expect(Number(record.Item?.expiresAt)).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600 + 60);
  });

  it('tells a sign-in without a profile that was never deleted nothing of the kind', async () => {
    const email = uniqueEmail('halfway');
    const password = 'Halfway-Passw0rd!';
    await createProfilelessUser({ username: randomUUID(), email, password });
    const { accessToken } = await signIn(email, password);
    const me = await api<ResponseBody<'accounts.me'>>('GET', '/api/me', { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.profile).toBeNull();
  });
});
