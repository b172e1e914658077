/**
 * The share page's viewer against the real emulators: reading beacons are held to the file's page count, the
 * clock and their rate limits, applied whole or not at all and once however often sent; the founder sees the
 * reading per link and per file; and a link with downloads off shows its files but never hands out a copy.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import { SHARE_READING_LIMITS } from '#shared/domain/share-reading';
import { freshClientAddress } from '../../test/api-request';
import { countDynamoDbRequests } from '../../test/dynamodb-requests';
import { api, createUser, onSite, pdfBytes, type TestUser } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';
import { recordReading } from '../store/share-reading';

type FileView = ResponseBody<'dataroom.confirmUpload'>['file'];
type Created = ResponseBody<'sharing.create'>;
type Opened = ResponseBody<'sharing.viewerOpen'>;
type Reading = ResponseBody<'sharing.linkReading'>;

/** The first bytes every PNG starts with (what the data room checks), then any. */
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256)]);

async function upload(founder: TestUser, name: string, contentType = 'application/pdf', pages = 1): Promise<FileView> {
  const bytes = contentType === 'image/png' ? PNG_BYTES : pdfBytes(2048, pages);
  const start = await api<ResponseBody<'dataroom.startUpload'>>('POST', '/api/files/uploads', {
    token: founder.token,
    body: { name, size: bytes.length, contentType, category: 'pitch-deck' },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), name);
  expect((await fetch(start.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const confirmed = await api<{ file: FileView }>('POST', '/api/files', {
    token: founder.token,
    body: { key: start.body.key, name, category: 'pitch-deck' },
  });
  expect(confirmed.status).toBe(201);
  return confirmed.body.file;
}

async function share(founder: TestUser, body: Record<string, unknown>): Promise<Created> {
  const res = await api<Created>('POST', '/api/shares', { token: founder.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The client address each session was opened from: its beacons come from there too, unless a test says not. */
const clientOf = new Map<string, string>();

async function openShare(token: string, clientAddress = freshClientAddress(), email?: string): Promise<Opened> {
  const res = await api<Opened>('POST', '/api/shared/open', {
    body: { token, ...(email ? { email } : {}) },
    clientAddress,
  });
  expect(res.status).toBe(200);
  clientOf.set(res.body.session, clientAddress);
  return res.body;
}

interface Beacon {
  seq: number;
  pageCount: number;
  pages: { page: number; seconds: number }[];
}

const beacon = (session: string, fileId: string, b: Beacon, clientAddress = clientOf.get(session)) =>
  api<{ error?: string; message?: string }>('POST', '/api/shared/reading', {
    body: { session, fileId, ...b },
    clientAddress,
  });

const reading = (founder: TestUser, linkId: string) =>
  api<Reading>('GET', `/api/shares/${linkId}/reading`, { token: founder.token });

/** The founder's reading items of a link, as stored. */
async function stored(founder: TestUser, linkId: string) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.profile(founder.sub).PK, ':p': keys.shareReadingPrefix(linkId) },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** A founder with a two-file link (a 5-page deck, a 2-page memo), opened by one viewer. */
async function sharedDeck() {
  const founder = await createUser();
  const deck = await upload(founder, 'Deck.pdf', 'application/pdf', 5);
  const memo = await upload(founder, 'Memo.pdf', 'application/pdf', 2);
  const created = await share(founder, { fileIds: [deck.id, memo.id], requireEmail: true });
  const client = freshClientAddress();
  const opened = await openShare(created.token, client, 'investor@example.com');
  return { founder, deck, memo, created, client, session: opened.session };
}

describe('reading beacons', () => {
  it('records pages and seconds per viewer session and file, once however often a beacon is sent', async () => {
    const { founder, deck, memo, created, session } = await sharedDeck();
    const first: Beacon = {
      seq: 1,
      pageCount: 5,
      pages: [
        { page: 1, seconds: 8 },
        { page: 2, seconds: 4.5 },
      ],
    };
    expect((await beacon(session, deck.id, first)).status).toBe(204);
    // The same beacon again (a retry after a lost answer): acknowledged, not counted twice.
    expect((await beacon(session, deck.id, first)).status).toBe(204);
    expect((await beacon(session, memo.id, { seq: 1, pageCount: 2, pages: [{ page: 1, seconds: 2 }] })).status).toBe(
      204,
    );
    // A second viewer of the same link (another address) reads page 1 too.
    const second = await openShare(created.token, freshClientAddress(), 'partner@example.com');
    expect(
      (await beacon(second.session, deck.id, { seq: 7, pageCount: 5, pages: [{ page: 1, seconds: 3 }] })).status,
    ).toBe(204);

    const res = await reading(founder, created.link.id);
    expect(res.status).toBe(200);
    expect(res.body.files).toHaveLength(2);
    const [deckReading, memoReading] = res.body.files;
    expect(deckReading).toMatchObject({
      fileId: deck.id,
      fileName: 'Deck.pdf',
      pageCount: 5,
      sessions: 2,
      totalSeconds: 15.5,
      pages: [
        { page: 1, seconds: 11, readers: 2 },
        { page: 2, seconds: 4.5, readers: 1 },
      ],
    });
    expect(deckReading?.viewers.map((v) => [v.viewerEmail, v.pagesReached, v.totalSeconds])).toEqual([
      ['partner@example.com', 1, 3],
      ['investor@example.com', 2, 12.5],
    ]);
    expect(memoReading).toMatchObject({ fileId: memo.id, pageCount: 2, sessions: 1, totalSeconds: 2 });

    // One item per (link, session, file): three here, none holding the session itself.
    const items = await stored(founder, created.link.id);
    expect(items).toHaveLength(3);
    expect(JSON.stringify(items)).not.toContain(session);
  });

  it("takes the last page and refuses one past it, and any page count but the file's own", async () => {
    const { deck, session, founder, created } = await sharedDeck();
    expect((await beacon(session, deck.id, { seq: 1, pageCount: 5, pages: [{ page: 5, seconds: 1 }] })).status).toBe(
      204,
    );
    const past = await beacon(session, deck.id, { seq: 2, pageCount: 5, pages: [{ page: 6, seconds: 0 }] });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("Page 6 is past the file's last page (5).");
    for (const pageCount of [4, 6]) {
      const recount = await beacon(session, deck.id, { seq: 3, pageCount, pages: [{ page: 1, seconds: 0 }] });
      expect(recount.status).toBe(400);
      expect(recount.body.message).toBe(`This file has 5 pages, not ${pageCount}.`);
    }
    // Nothing of the refused beacons was written.
    const [item] = await stored(founder, created.link.id);
    expect(item).toMatchObject({ pages: { '5': 1 }, totalSeconds: 1, lastSeq: 1, version: 1 });
  });

  it('refuses the forged beacon of a thousand pages for a one-page PDF, the founder’s view unchanged', async () => {
    const founder = await createUser();
    const onePager = await upload(founder, 'One pager.pdf');
    const created = await share(founder, { fileIds: [onePager.id] });
    const { session } = await openShare(created.token);
    expect(
      (await beacon(session, onePager.id, { seq: 1, pageCount: 1, pages: [{ page: 1, seconds: 5 }] })).status,
    ).toBe(204);
    const before = await reading(founder, created.link.id);
    // A fresh session, as an attacker would open one, sends what no reader of this file could.
    const forger = await openShare(created.token);
    const forged = await beacon(forger.session, onePager.id, {
      seq: 1,
      pageCount: 1000,
      pages: [{ page: 1000, seconds: 15 }],
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This file has 1 page, not 1000.');
    const after = await reading(founder, created.link.id);
    expect(after.body).toEqual(before.body);
    expect(after.body.files).toEqual([
      expect.objectContaining({ pageCount: 1, totalSeconds: 5, pages: [{ page: 1, seconds: 5, readers: 1 }] }),
    ]);
  });

  it('takes one page for a file that is not a PDF, however many a beacon claims', async () => {
    const founder = await createUser();
    const photo = await upload(founder, 'Team.png', 'image/png');
    const created = await share(founder, { fileIds: [photo.id] });
    const { session } = await openShare(created.token);
    const claimed = await beacon(session, photo.id, { seq: 1, pageCount: 2, pages: [{ page: 2, seconds: 0 }] });
    expect(claimed.status).toBe(400);
    expect(claimed.body.message).toBe('This file has 1 page, not 2.');
    expect(await stored(founder, created.link.id)).toEqual([]);
    expect((await beacon(session, photo.id, { seq: 2, pageCount: 1, pages: [{ page: 1, seconds: 1 }] })).status).toBe(
      204,
    );
    expect((await reading(founder, created.link.id)).body.files).toEqual([
      expect.objectContaining({ fileName: 'Team.png', pageCount: 1, totalSeconds: 1 }),
    ]);
  });

  it('holds a viewer to their clock: the first beacon up to the slack, then no more than the time that passed', async () => {
    const { deck, memo, session, founder, created } = await sharedDeck();
    const slack = SHARE_READING_LIMITS.slackSeconds;
    expect(
      (await beacon(session, deck.id, { seq: 1, pageCount: 5, pages: [{ page: 1, seconds: slack + 0.1 }] })).status,
    ).toBe(400);
    expect(
      (await beacon(session, deck.id, { seq: 2, pageCount: 5, pages: [{ page: 1, seconds: slack }] })).status,
    ).toBe(204);
    // At once after: a second's claim is more than the time that passed (a few milliseconds).
    const ahead = await beacon(session, deck.id, { seq: 3, pageCount: 5, pages: [{ page: 2, seconds: 1 }] });
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toMatch(
      /^The beacon claims 1 s of reading; this viewer can have read for at most 0(\.\d)? s more\.$/,
    );
    // A glance (0 s) still records the page as reached.
    expect((await beacon(session, deck.id, { seq: 4, pageCount: 5, pages: [{ page: 2, seconds: 0 }] })).status).toBe(
      204,
    );
    // One clock for all the viewer's files: the memo gets no slack of its own.
    expect(
      (await beacon(session, memo.id, { seq: 1, pageCount: 2, pages: [{ page: 1, seconds: slack }] })).status,
    ).toBe(400);
    const res = await reading(founder, created.link.id);
    expect(res.body.files).toEqual([
      expect.objectContaining({
        fileId: deck.id,
        totalSeconds: slack,
        pages: [
          { page: 1, seconds: slack, readers: 1 },
          { page: 2, seconds: 0, readers: 1 },
        ],
      }),
    ]);
  });

  it('adds no time when one client opens the link again and again: eight opens in a second count the slack once', async () => {
    const { deck, founder, created, client } = await sharedDeck();
    const slack = SHARE_READING_LIMITS.slackSeconds;
    const sessions = await Promise.all(
      Array.from({ length: 8 }, () => openShare(created.token, client, 'investor@example.com')),
    );
    const sent = await Promise.all(
      sessions.map(({ session }) =>
        beacon(session, deck.id, { seq: 1, pageCount: 5, pages: [{ page: 1, seconds: slack }] }),
      ),
    );
    expect(sent.filter((r) => r.status === 204)).toHaveLength(1);
    expect(sent.every((r) => r.status === 204 || r.status === 400)).toBe(true);
    const [deckReading] = (await reading(founder, created.link.id)).body.files;
    expect(deckReading).toMatchObject({ totalSeconds: slack, sessions: 1 });
    // Another address is another viewer, with a clock of its own.
    const elsewhere = await openShare(created.token, freshClientAddress(), 'partner@example.com');
    expect(
      (await beacon(elsewhere.session, deck.id, { seq: 1, pageCount: 5, pages: [{ page: 1, seconds: slack }] })).status,
    ).toBe(204);
    // The clock is the sending address's, whichever session: from the address that spent its clock, refused.
    const fromSpent = await beacon(
      elsewhere.session,
      deck.id,
      { seq: 2, pageCount: 5, pages: [{ page: 2, seconds: 1 }] },
      client,
    );
    expect(fromSpent.status).toBe(400);
  });

  it('lets one of a parallel burst of beacons count, the rest held to what it left', async () => {
    const { deck, session, founder, created } = await sharedDeck();
    const burst = await Promise.all(
      [1, 2, 3, 4, 5].map((seq) => beacon(session, deck.id, { seq, pageCount: 5, pages: [{ page: 1, seconds: 10 }] })),
    );
    // Which one lands first is up to the race: a later one is then refused (400, past the clock) or, when its seq
    // is not above the landed one's, taken as already sent (204, changing nothing). Never two counted, never a 5xx.
    const statuses = burst.map((r) => r.status);
    expect(statuses.every((status) => status === 204 || status === 400)).toBe(true);
    expect(statuses).toContain(204);
    const [item] = await stored(founder, created.link.id);
    expect(item).toMatchObject({ totalSeconds: 10, version: 1 });
  });

  it('checks the contract’s bounds: page count, page numbers, seconds and entries per beacon', async () => {
    const founder = await createUser();
    const max = SHARE_READING_LIMITS.maxPages;
    const deck = await upload(founder, 'Long.pdf', 'application/pdf', max);
    const { session } = await openShare((await share(founder, { fileIds: [deck.id] })).token);
    const perBeacon = SHARE_READING_LIMITS.maxPagesPerBeacon;
    const perPage = SHARE_READING_LIMITS.beaconEverySeconds + SHARE_READING_LIMITS.slackSeconds;
    const send = (b: Partial<Beacon>) =>
      beacon(session, deck.id, { seq: 1, pageCount: max, pages: [{ page: 1, seconds: 0 }], ...b });
    expect((await send({ pageCount: max + 1 })).status).toBe(400);
    expect((await send({ pageCount: 0 })).status).toBe(400);
    expect((await send({ pages: [{ page: 0, seconds: 0 }] })).status).toBe(400);
    expect((await send({ pages: [{ page: 1, seconds: -0.1 }] })).status).toBe(400);
    const tooLong = await send({ pages: [{ page: 1, seconds: perPage + 0.1 }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain(`seconds must be at most ${perPage}`);
    expect((await send({ pages: [] })).status).toBe(400);
    const many = Array.from({ length: perBeacon + 1 }, (_, i) => ({ page: i + 1, seconds: 0 }));
    expect((await send({ pages: many })).status).toBe(400);
    // At each bound: the largest page count, the last page, a full beacon of glances.
    expect((await send({ seq: 1, pages: many.slice(0, perBeacon) })).status).toBe(204);
    expect((await send({ seq: 2, pages: [{ page: max, seconds: 0 }] })).status).toBe(204);
  });

  it('reaches only the files the session’s link shares, and nothing once the session or link is over', async () => {
    const { founder, deck, created, session } = await sharedDeck();
    const unshared = await upload(founder, 'Secret.pdf');
    const b: Beacon = { seq: 1, pageCount: 5, pages: [{ page: 1, seconds: 0 }] };
    expect((await beacon(session, unshared.id, b)).status).toBe(404);
    const otherSession = `${session.slice(0, -1)}${session.endsWith('a') ? 'b' : 'a'}`;
    expect((await beacon(otherSession, deck.id, b, freshClientAddress())).status).toBe(410);
    expect((await api('DELETE', `/api/shares/${created.link.id}`, { token: founder.token })).status).toBe(204);
    const gone = await beacon(session, deck.id, b);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('ShareLinkRevoked');
    expect(await stored(founder, created.link.id)).toEqual([]);
  });

  it('limits beacons per viewer session, whichever address sends them', async () => {
    const { deck, session } = await sharedDeck();
    const allowed = SHARE_READING_LIMITS.beaconsPerSessionPerMinute;
    const statuses: number[] = [];
    for (let seq = 1; seq <= allowed + 1; seq++) {
      const from = freshClientAddress();
      statuses.push(
        (await beacon(session, deck.id, { seq, pageCount: 5, pages: [{ page: 1, seconds: 0 }] }, from)).status,
      );
    }
    expect(statuses.slice(0, allowed).every((s) => s === 204)).toBe(true);
    expect(statuses[allowed]).toBe(429);
  });
});

describe('the file’s page count', () => {
  const fileItem = async (founder: TestUser, fileId: string) =>
    (
      await ddb().send(
        new GetCommand({ TableName: tableName(), Key: keys.file(founder.sub, fileId), ConsistentRead: true }),
      )
    ).Item;

  it('is read from the PDF when its upload is confirmed and stored with the file (1 for an image)', async () => {
    const founder = await createUser();
    const deck = await upload(founder, 'Deck.pdf', 'application/pdf', 7);
    const photo = await upload(founder, 'Team.png', 'image/png');
    expect(await fileItem(founder, deck.id)).toMatchObject({ pageCount: 7 });
    expect(await fileItem(founder, photo.id)).toMatchObject({ pageCount: 1 });
    // The founder's own view of the file is as before: the count is for the reading checks.
    const list = await api<ResponseBody<'dataroom.list'>>('GET', '/api/files', { token: founder.token });
    expect(list.body.files.map((f) => Object.keys(f).includes('pageCount'))).toEqual([false, false]);
  });

  it('is read on the first beacon for a file stored without one, and kept for the next', async () => {
    const founder = await createUser();
    const deck = await upload(founder, 'Old deck.pdf', 'application/pdf', 3);
    const photo = await upload(founder, 'Old photo.png', 'image/png');
    for (const id of [deck.id, photo.id]) {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.file(founder.sub, id),
          UpdateExpression: 'REMOVE pageCount',
        }),
      );
    }
    const created = await share(founder, { fileIds: [deck.id, photo.id] });
    const { session } = await openShare(created.token);
    const forged = await beacon(session, deck.id, { seq: 1, pageCount: 1000, pages: [{ page: 1000, seconds: 0 }] });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This file has 3 pages, not 1000.');
    expect(await fileItem(founder, deck.id)).toMatchObject({ pageCount: 3 });
    expect((await beacon(session, deck.id, { seq: 2, pageCount: 3, pages: [{ page: 3, seconds: 1 }] })).status).toBe(
      204,
    );
    // Anything but a PDF is one page, nothing read.
    expect((await beacon(session, photo.id, { seq: 1, pageCount: 2, pages: [{ page: 1, seconds: 0 }] })).status).toBe(
      400,
    );
    expect((await beacon(session, photo.id, { seq: 2, pageCount: 1, pages: [{ page: 1, seconds: 0 }] })).status).toBe(
      204,
    );
    expect((await fileItem(founder, photo.id))?.pageCount).toBeUndefined();
  });
});

describe('what a batch costs', () => {
  it('is two reads (the record and the viewer’s clock) and one three-item transaction, and a repeat the reads', async () => {
    const { founder, deck, created } = await sharedDeck();
    const subject = {
      ownerSub: founder.sub,
      linkId: created.link.id,
      fileId: deck.id,
      fileName: 'Deck.pdf',
      pageCount: 5,
      viewerEmail: null,
      sessionHash: 'cost-of-a-batch',
      viewer: 'cost-of-a-batch-viewer',
    };
    const batch = { seq: 1, pageCount: 5, pages: [{ page: 1, seconds: 2 }] };
    expect(await countDynamoDbRequests(() => recordReading(subject, batch, Date.now()))).toEqual({
      requests: 3,
      result: true,
    });
    expect(await countDynamoDbRequests(() => recordReading(subject, batch, Date.now()))).toEqual({
      requests: 2,
      result: false,
    });
  });
});

describe('the founder’s reading view', () => {
  it('is empty for a link nobody read, and another founder’s link is not found', async () => {
    const { founder, created } = await sharedDeck();
    expect((await reading(founder, created.link.id)).body).toEqual({ files: [] });
    const stranger = await createUser();
    expect((await reading(stranger, created.link.id)).status).toBe(404);
  });
});

describe('downloads off', () => {
  it('shows the files in the page but refuses a copy, until the founder turns downloads back on', async () => {
    const founder = await createUser();
    const deck = await upload(founder, 'Deck.pdf');
    const created = await share(founder, { fileIds: [deck.id], allowDownload: false });
    expect(created.link.allowDownload).toBe(false);
    const client = freshClientAddress();
    const opened = await openShare(created.token, client);
    expect(opened.allowDownload).toBe(false);
    const download = (disposition?: 'inline') =>
      api<{ url: string; error?: string; message?: string }>('POST', '/api/shared/download', {
        body: { session: opened.session, fileId: deck.id, ...(disposition ? { disposition } : {}) },
        clientAddress: client,
      });
    const refused = await download();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'DownloadsOff' });
    expect(refused.body.message).toContain('Open the file to read it on this page');
    const inline = await download('inline');
    expect(inline.status).toBe(200);
    expect((await fetch(onSite(inline.body.url))).headers.get('content-disposition')).toMatch(/^inline/);

    const stranger = await createUser();
    const foreign = await api('PATCH', `/api/shares/${created.link.id}`, {
      token: stranger.token,
      body: { allowDownload: true },
    });
    expect(foreign.status).toBe(404);
    const on = await api<ResponseBody<'sharing.update'>>('PATCH', `/api/shares/${created.link.id}`, {
      token: founder.token,
      body: { allowDownload: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.link).toMatchObject({ id: created.link.id, allowDownload: true });
    // The same session: the switch takes effect at once.
    expect((await download()).status).toBe(200);
    const links = await api<ResponseBody<'sharing.list'>>('GET', '/api/shares', { token: founder.token });
    expect(links.body.links[0]?.allowDownload).toBe(true);
  });

  it('is on unless the founder turns it off', async () => {
    const founder = await createUser();
    const deck = await upload(founder, 'Deck.pdf');
    const created = await share(founder, { fileIds: [deck.id] });
    expect(created.link.allowDownload).toBe(true);
    expect((await openShare(created.token)).allowDownload).toBe(true);
  });
});
