/**
 * Share links against the real emulators: a link's token reaches exactly the files it shares, passcodes
 * are hashed and their guessing limited, expired and revoked links answer 410, and every view and download
 * is logged for the founder (and emails them, at most once a link an hour).
 */
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import { INLINE_READ_PATH } from '#shared/deploy-names';
import { SHARE_LIMITS } from '#shared/domain/sharing';
import { freshClientAddress } from '../../test/api-request';
import { api, createUser, emailsTo, eventsSettled, onSite, pdfBytes, type TestUser } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';

type FileView = ResponseBody<'dataroom.confirmUpload'>['file'];
type Created = ResponseBody<'sharing.create'>;
type Opened = ResponseBody<'sharing.viewerOpen'>;
type Events = ResponseBody<'sharing.linkViews'>;

/** Uploads as the browser does (presigned POST, then confirm) and returns the recorded file. */
async function upload(founder: TestUser, name: string, bytes: Buffer, category = 'pitch-deck'): Promise<FileView> {
  const start = await api<ResponseBody<'dataroom.startUpload'>>('POST', '/api/files/uploads', {
    token: founder.token,
    body: { name, size: bytes.length, contentType: 'application/pdf', category },
  });
  expect(start.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  expect((await fetch(start.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const confirmed = await api<{ file: FileView }>('POST', '/api/files', {
    token: founder.token,
    body: { key: start.body.key, name, category },
  });
  expect(confirmed.status).toBe(201);
  return confirmed.body.file;
}

async function share(founder: TestUser, body: Record<string, unknown>): Promise<Created> {
  const res = await api<Created>('POST', '/api/shares', { token: founder.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const viewer = (clientAddress = freshClientAddress()) => ({
  info: (token: string) => api('POST', '/api/shared/info', { body: { token }, clientAddress }),
  open: (token: string, extra: Record<string, string> = {}) =>
    api<Opened>('POST', '/api/shared/open', { body: { token, ...extra }, clientAddress }),
  download: (session: string, fileId: string, disposition?: 'inline') =>
    api<{ url: string; name: string; error?: string }>('POST', '/api/shared/download', {
      body: { session, fileId, ...(disposition ? { disposition } : {}) },
      clientAddress,
    }),
});

/** The same id with its last character changed: well formed, never issued. */
const tampered = (id: string) => `${id.slice(0, -1)}${id.endsWith('a') ? 'b' : 'a'}`;

describe('share links', () => {
  it('shares one file behind a passcode: the viewer downloads the same bytes and the founder sees both in the log', async () => {
    const founder = await createUser();
    const bytes = pdfBytes(64 * 1024);
    const deck = await upload(founder, 'Deck.pdf', bytes);
    const created = await share(founder, { fileIds: [deck.id], passcode: 'open-sesame-42', label: 'Seed round' });
    expect(created.token).toMatch(/^[\w-]{43}$/);
    // The token after `#`: browsers never send the fragment, so no access log or Referer keeps it.
    expect(created.path).toBe(`/share#${created.token}`);
    expect(created.link).toMatchObject({
      label: 'Seed round',
      hasPasscode: true,
      showStartupName: false,
      status: 'active',
      views: 0,
    });

    // Only hashes are stored: the token's SHA-256 finds the link, and no attribute holds the token or passcode.
    const tokenHash = createHash('sha256').update(created.token).digest('base64url');
    const pointer = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.shareToken(tokenHash) }));
    expect(pointer.Item).toMatchObject({ ownerSub: founder.sub, linkId: created.link.id });
    const item = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.shareLink(founder.sub, created.link.id) }),
    );
    const stored = JSON.stringify(item.Item);
    expect(stored).not.toContain(created.token);
    expect(stored).not.toContain('open-sesame-42');
    expect(String(item.Item?.passcodeHash)).toMatch(/^scrypt\$/);

    const v = viewer();
    const info = await v.info(created.token);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ needsPasscode: true, needsEmail: false, startupName: null });
    expect((await v.open(created.token)).status).toBe(400);
    const wrong = await v.open(created.token, { passcode: 'open-sesame-43' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: 'WrongPasscode' });

    const opened = await v.open(created.token, { passcode: 'open-sesame-42' });
    expect(opened.status).toBe(200);
    expect(opened.body.files.map((f) => f.id)).toEqual([deck.id]);
    const link = await v.download(opened.body.session, deck.id);
    expect(link.status).toBe(200);
    expect(link.body.name).toBe('Deck.pdf');
    const fetched = await fetch(link.body.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment/);
    // Inline: a path of the site's own origin, never the store's address, answered sandboxed.
    const inline = await v.download(opened.body.session, deck.id, 'inline');
    expect(inline.body.url.startsWith(`${INLINE_READ_PATH}/`)).toBe(true);
    const read = await fetch(onSite(inline.body.url));
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
    expect(read.headers.get('content-disposition')).toMatch(/^inline/);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.headers.get('content-security-policy')).toBe('sandbox');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    // Only reads: the path passes nothing else to the store.
    expect((await fetch(onSite(inline.body.url), { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(onSite(inline.body.url), { method: 'HEAD' })).headers.get('content-security-policy')).toBe(
      'sandbox',
    );

    const log = await api<Events>('GET', `/api/shares/${created.link.id}/views`, { token: founder.token });
    expect(log.status).toBe(200);
    expect(log.body.events.map((e) => e.kind)).toEqual(['open', 'download', 'view']);
    expect(log.body.events[1]).toMatchObject({ fileId: deck.id, fileName: 'Deck.pdf', linkLabel: 'Seed round' });
    const perFile = await api<Events>('GET', `/api/share-views?fileId=${deck.id}`, { token: founder.token });
    expect(perFile.body.events.map((e) => e.kind)).toEqual(['open', 'download']);
    const recent = await api<Events>('GET', '/api/share-views', { token: founder.token });
    expect(recent.body.events).toHaveLength(3);
    const links = await api<ResponseBody<'sharing.list'>>('GET', '/api/shares', { token: founder.token });
    expect(links.body.links[0]).toMatchObject({ id: created.link.id, views: 1, downloads: 2 });
  });

  it("never shows viewers the founder's label, nor the startup name unless the link says so; behind a passcode only that one is needed", async () => {
    const founder = await createUser();
    const deck = await upload(founder, 'Secret merger deck.pdf', pdfBytes(256));
    const v = viewer();
    const leaks = (body: unknown) => JSON.stringify(body);

    // A passcode link, label given: before the passcode, nothing but "passcode needed" — not even the expiry.
    const expiresAt = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const guarded = await share(founder, {
      fileIds: [deck.id],
      label: 'Acme Corp only',
      passcode: 'right-passcode',
      expiresAt,
    });
    const before = await v.info(guarded.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ needsPasscode: true, needsEmail: false, startupName: null });
    const wrong = await v.open(guarded.token, { passcode: 'wrong-passcode' });
    expect(wrong.status).toBe(403);
    for (const body of [before.body, wrong.body]) {
      expect(leaks(body)).not.toMatch(/Acme Corp only|Secret merger deck|Test Startup/);
    }
    // After it: the files and the expiry, still no label and no startup name.
    const after = await v.open(guarded.token, { passcode: 'right-passcode' });
    expect(after.status).toBe(200);
    expect(after.body).not.toHaveProperty('label');
    expect(after.body).toMatchObject({ startupName: null, expiresAt: guarded.link.expiresAt });
    expect(leaks(after.body)).not.toMatch(/Acme Corp only|Test Startup/);

    // The default label (the first file's name) stays the founder's too, on a link with no passcode.
    const open = await share(founder, { fileIds: [deck.id] });
    expect(open.link.label).toBe('Secret merger deck.pdf');
    const openInfo = await v.info(open.token);
    expect(openInfo.body).toEqual({ needsPasscode: false, needsEmail: false, startupName: null, expiresAt: null });
    const opened = await v.open(open.token);
    expect(opened.body).not.toHaveProperty('label');
    expect(opened.body.files.map((f) => f.name)).toEqual(['Secret merger deck.pdf']);

    // The founder may show the startup name: then it is shown before the passcode too, and only it.
    const named = await share(founder, {
      fileIds: [deck.id],
      label: 'Acme Corp only',
      passcode: 'right-passcode',
      showStartupName: true,
    });
    expect(named.link.showStartupName).toBe(true);
    expect((await v.info(named.token)).body).toEqual({
      needsPasscode: true,
      needsEmail: false,
      startupName: 'Test Startup',
    });
    const namedOpen = await v.open(named.token, { passcode: 'right-passcode' });
    expect(namedOpen.body.startupName).toBe('Test Startup');
    expect(leaks(namedOpen.body)).not.toContain('Acme Corp only');

    // The founder still sees every label, and the option, in their list.
    const list = await api<ResponseBody<'sharing.list'>>('GET', '/api/shares', { token: founder.token });
    expect(list.body.links.map((l) => [l.label, l.showStartupName])).toEqual([
      ['Acme Corp only', true],
      ['Secret merger deck.pdf', false],
      ['Acme Corp only', false],
    ]);
  });

  it("never reaches a file the link does not share: unshared, another founder's, tampered ids, other categories", async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const shared = await upload(a, 'Shared.pdf', pdfBytes(1024));
    const unshared = await upload(a, 'Unshared.pdf', pdfBytes(1024));
    const legal = await upload(a, 'Terms.pdf', pdfBytes(1024), 'legal');
    const others = await upload(b, 'Theirs.pdf', pdfBytes(1024));

    // Another founder's file cannot even be put on a link.
    const foreign = await api('POST', '/api/shares', { token: a.token, body: { fileIds: [shared.id, others.id] } });
    expect(foreign.status).toBe(400);

    const created = await share(a, { fileIds: [shared.id] });
    const v = viewer();
    const opened = await v.open(created.token);
    expect(opened.status).toBe(200);
    expect(opened.body.files.map((f) => f.name)).toEqual(['Shared.pdf']);
    for (const fileId of [unshared.id, legal.id, others.id, tampered(shared.id)]) {
      const res = await v.download(opened.body.session, fileId);
      expect(res.status, fileId).toBe(404);
      expect(res.body).not.toHaveProperty('url');
    }
    // A tampered session or token opens nothing either.
    expect((await v.download(tampered(opened.body.session), shared.id)).status).toBe(410);
    expect((await v.info(tampered(created.token))).status).toBe(404);

    // A category link lists that category's files, and only the owner's.
    const category = await share(a, { category: 'legal' });
    const byCategory = await v.open(category.token);
    expect(byCategory.body.files.map((f) => f.name)).toEqual(['Terms.pdf']);
    expect((await v.download(byCategory.body.session, shared.id)).status).toBe(404);
    expect((await v.download(byCategory.body.session, legal.id)).status).toBe(200);

    // Founder B cannot revoke or read A's link.
    expect((await api('DELETE', `/api/shares/${created.link.id}`, { token: b.token })).status).toBe(404);
    expect((await api('GET', `/api/shares/${created.link.id}/views`, { token: b.token })).status).toBe(404);
    expect((await api<Events>('GET', '/api/share-views', { token: b.token })).body.events).toEqual([]);
  });

  it('limits passcode guessing per link (even the right passcode waits) and per client address', async () => {
    const founder = await createUser();
    const file = await upload(founder, 'Cap table.pdf', pdfBytes(512));
    const created = await share(founder, { fileIds: [file.id], passcode: 'right-passcode' });
    // Each guess from another address: the per-link limit alone stops them.
    for (let i = 0; i < SHARE_LIMITS.wrongPasscodesPerLink; i++) {
      expect((await viewer().open(created.token, { passcode: `wrong-${i}-guess` })).status).toBe(403);
    }
    const blocked = await viewer().open(created.token, { passcode: 'right-passcode' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(blocked.body).toMatchObject({ error: 'TooManyRequests' });

    // One address guessing across fresh links is stopped by the per-client limit.
    const client = freshClientAddress();
    const guesser = viewer(client);
    const links = await Promise.all(
      Array.from({ length: 3 }, () => share(founder, { fileIds: [file.id], passcode: 'right-passcode' })),
    );
    let wrong = 0;
    for (const link of links) {
      for (let i = 0; i < 4 && wrong < SHARE_LIMITS.wrongPasscodesPerClient; i++, wrong++) {
        expect((await guesser.open(link.token, { passcode: `nope-${wrong}-guess` })).status).toBe(403);
      }
    }
    const fresh = await share(founder, { fileIds: [file.id], passcode: 'right-passcode' });
    expect((await guesser.open(fresh.token, { passcode: 'right-passcode' })).status).toBe(429);
    // Another client is not affected.
    expect((await viewer().open(fresh.token, { passcode: 'right-passcode' })).status).toBe(200);
  });

  it('compares no more passcodes than the limit however many guesses arrive at once, and never counts a right one', async () => {
    const founder = await createUser();
    const file = await upload(founder, 'Burst.pdf', pdfBytes(256));
    const created = await share(founder, { fileIds: [file.id], passcode: 'right-passcode' });
    // One real viewer (one address) opening the link again and again: more than either limit, all let in.
    const regular = viewer(freshClientAddress());
    for (let i = 0; i < SHARE_LIMITS.wrongPasscodesPerClient + 2; i++) {
      expect((await regular.open(created.token, { passcode: 'right-passcode' })).status).toBe(200);
    }
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => viewer().open(created.token, { passcode: `burst-${i}-guess` })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(SHARE_LIMITS.wrongPasscodesPerLink);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - SHARE_LIMITS.wrongPasscodesPerLink);
  });

  it('answers 410 once a link expires, also to a session opened before', async () => {
    const founder = await createUser();
    const file = await upload(founder, 'Plan.pdf', pdfBytes(256));
    const created = await share(founder, { fileIds: [file.id], expiresAt: new Date(Date.now() + 2500).toISOString() });
    const v = viewer();
    const opened = await v.open(created.token);
    expect(opened.status).toBe(200);
    expect(Date.parse(opened.body.sessionExpiresAt)).toBeLessThanOrEqual(Date.parse(created.link.expiresAt ?? ''));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const info = await v.info(created.token);
    expect(info.status).toBe(410);
    expect(info.body).toMatchObject({ error: 'ShareLinkExpired' });
    expect((await v.open(created.token)).status).toBe(410);
    expect((await v.download(opened.body.session, file.id)).status).toBe(410);
    const list = await api<ResponseBody<'sharing.list'>>('GET', '/api/shares', { token: founder.token });
    expect(list.body.links[0]?.status).toBe('expired');
  });

  it('answers 410 once revoked, to the link and to its open sessions; revoking again changes nothing', async () => {
    const founder = await createUser();
    const file = await upload(founder, 'Numbers.pdf', pdfBytes(256));
    const created = await share(founder, { fileIds: [file.id], requireEmail: true });
    const v = viewer();
    expect((await v.open(created.token)).status).toBe(400);
    const opened = await v.open(created.token, { email: 'Investor@Example.com' });
    expect(opened.status).toBe(200);
    expect((await api('DELETE', `/api/shares/${created.link.id}`, { token: founder.token })).status).toBe(204);
    expect((await api('DELETE', `/api/shares/${created.link.id}`, { token: founder.token })).status).toBe(204);
    const info = await v.info(created.token);
    expect(info.status).toBe(410);
    expect(info.body).toMatchObject({ error: 'ShareLinkRevoked' });
    expect((await v.download(opened.body.session, file.id)).status).toBe(410);
    const log = await api<Events>('GET', `/api/shares/${created.link.id}/views`, { token: founder.token });
    expect(log.body.events).toEqual([expect.objectContaining({ kind: 'view', viewerEmail: 'investor@example.com' })]);
  });

  it('refuses links that make no sense, with the field named', async () => {
    const founder = await createUser();
    const file = await upload(founder, 'One.pdf', pdfBytes(128));
    const cases: Record<string, unknown>[] = [
      {},
      { fileIds: [file.id], category: 'legal' },
      { fileIds: [] },
      { fileIds: [file.id], expiresAt: new Date(Date.now() - 1000).toISOString() },
      { fileIds: [file.id], expiresAt: new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString() },
      { fileIds: [file.id], passcode: '123' },
      { fileIds: [file.id], showStartupName: 'yes' },
    ];
    for (const body of cases) {
      const res = await api<{ error: string; message: string }>('POST', '/api/shares', { token: founder.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message.length).toBeGreaterThan(10);
    }
    const links = await api<ResponseBody<'sharing.list'>>('GET', '/api/shares', { token: founder.token });
    expect(links.body.links).toEqual([]);
  });

  it('emails the founder when a link is opened, at most once an hour per link', async () => {
    const founder = await createUser();
    const file = await upload(founder, 'Memo.pdf', pdfBytes(128));
    const created = await share(founder, { fileIds: [file.id], label: 'Angel memo', requireEmail: true });
    expect((await viewer().open(created.token, { email: 'first@example.com' })).status).toBe(200);
    await eventsSettled();
    expect((await viewer().open(created.token, { email: 'second@example.com' })).status).toBe(200);
    await eventsSettled();
    const mails = (await emailsTo(founder.email)).filter((m) => m.subject.includes('Angel memo'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('first@example.com');
  });
});
