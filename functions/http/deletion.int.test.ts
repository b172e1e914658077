import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, ListObjectVersionsCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import {
  adminToken,
  api,
  createUser,
  emailsTo,
  eventsSettled,
  pdfBytes,
  setPhases,
  type TestUser,
} from '../../test/helpers';
import { signInToPool } from '../../test/users';
import { env } from '../lib/env';
import { countAiGeneration } from '../store/ai-generations';
import { DOWNLOAD_AUDIT_RETENTION_DAYS, listDownloads } from '../store/audit';
import { ddb, tableName } from '../store/client';
import { LEGACY_DIRECTORY_PARTITION } from '../store/directory';
import { UPLOAD_STAGING_PREFIX } from '../store/file-keys';
import { GSI1, keys, stats } from '../store/keys';
import { ACCOUNT_RATE_NAMES, hitRateLimit } from '../store/rate-limits';
import { recordShareEvent } from '../store/share-links';
import { recordReading } from '../store/share-reading';

const DECK = pdfBytes(512);

async function counter(name: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.stat(name), ConsistentRead: true }));
  return Number(out.Item?.value ?? 0);
}

async function partition(founder: TestUser) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.profile(founder.sub).PK },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** A founder with answers, a finished phase on the review list and a data-room file. */
async function busyFounder(): Promise<{ founder: TestUser; downloadUrl: string }> {
  const founder = await createUser();
  await setPhases(founder.sub, { generate_idea_status: true });
  const { body } = await api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', {
    token: founder.token,
  });
  for (const [i, q] of body.questions.entries()) {
    const saved = await api('PUT', `/api/answers/trigger/${q.id}`, {
      token: founder.token,
      body: { answers: [`A${i}`] },
    });
    expect(saved.status).toBe(200);
  }
  const start = await api<ResponseBody<'dataroom.startUpload'>>('POST', '/api/files/uploads', {
    token: founder.token,
    body: { name: 'deck.pdf', size: DECK.length, contentType: 'application/pdf', category: 'pitch-deck' },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(DECK)], { type: 'application/pdf' }), 'deck.pdf');
  expect((await fetch(start.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const confirmed = await api<ResponseBody<'dataroom.confirmUpload'>>('POST', '/api/files', {
    token: founder.token,
    body: { key: start.body.key, name: 'deck.pdf', category: 'pitch-deck' },
  });
  expect(confirmed.status).toBe(201);
  // A share link an investor read in the viewer: its reading record lives in the founder's partition too (written
  // by the store, so no viewer session is left behind: those end by their own TTL, docs/security.md).
  const share = await api<ResponseBody<'sharing.create'>>('POST', '/api/shares', {
    token: founder.token,
    body: { fileIds: [confirmed.body.file.id] },
  });
  expect(share.status).toBe(201);
  const subject = {
    ownerSub: founder.sub,
    linkId: share.body.link.id,
    fileId: confirmed.body.file.id,
    fileName: 'deck.pdf',
    pageCount: 1,
    viewerEmail: null,
    sessionHash: 'deletion-test-session',
    viewer: 'deletion-test-viewer',
  };
  expect(await recordReading(subject, { seq: 1, pageCount: 1, pages: [{ page: 1, seconds: 3 }] }, Date.now())).toBe(
    true,
  );
  const link = await api<ResponseBody<'dataroom.download'>>('GET', `/api/files/${confirmed.body.file.id}/download`, {
    token: founder.token,
  });
  expect((await fetch(link.body.url)).status).toBe(200);
  // The phase-completed email and the other consumers have run, as they have long before a founder leaves.
  await eventsSettled();
  return { founder, downloadUrl: link.body.url };
}

/**
 * Every table item that names the founder, wherever it is keyed: their partition, GSI1 entries (the directory's
 * DIRECTORY partition sorts by `<time>#<sub>`), share-token pointers (ownerSub) — all but what deletion keeps on
 * purpose: rate-limit windows until their TTL and the coaches' download audit records (docs/security.md, "Deleting an account").
 */
async function itemsNaming(sub: string): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new ScanCommand({
        TableName: tableName(),
        ConsistentRead: true,
        FilterExpression:
          '(contains(PK, :sub) OR contains(GSI1PK, :sub) OR contains(GSI1SK, :sub) OR ownerSub = :sub OR userId = :sub) AND NOT begins_with(PK, :rate) AND NOT begins_with(PK, :audit)',
        ExpressionAttributeValues: { ':sub': sub, ':rate': 'RATE#', ':audit': 'DOWNLOADAUDIT#' },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/** The founder's entries in the directory's GSI1: their own shard, and the unsharded partition entries had before. */
async function directoryEntries(sub: string): Promise<number> {
  const counts = await Promise.all(
    [keys.directoryPartitionOf(sub), LEGACY_DIRECTORY_PARTITION].map(async (partition) => {
      const out = await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :p',
          FilterExpression: 'userId = :sub',
          ExpressionAttributeValues: { ':p': partition, ':sub': sub },
        }),
      );
      return out.Items?.length ?? 0;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** The founder's objects in the data-room bucket (s3rver keeps no versions: see the purge's own test). */
async function objectsOf(sub: string): Promise<string[]> {
  const s3 = new S3Client({ forcePathStyle: true });
  const keysUnder = async (prefix: string) =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: env('dataBucket'), Prefix: prefix }))).Contents ?? []).map((o) =>
      String(o.Key),
    );
  return [...(await keysUnder(`${sub}/`)), ...(await keysUnder(`${UPLOAD_STAGING_PREFIX}${sub}/`))];
}

/** Every table item, whatever its key, as text: the white-box sweep reads them all. */
async function everyItem(): Promise<{ key: string; text: string }[]> {
  const found: { key: string; text: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of out.Items ?? []) {
      found.push({ key: `${item.PK} ${item.SK}`, text: JSON.stringify(item).toLowerCase() });
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/** Every object key in the data-room bucket that names `needle`, every version and delete marker where S3 keeps them. */
async function objectsNaming(needle: string): Promise<string[]> {
  const s3 = new S3Client({ forcePathStyle: true });
  const found: string[] = [];
  try {
    const out = await s3.send(new ListObjectVersionsCommand({ Bucket: env('dataBucket') }));
    for (const v of [...(out.Versions ?? []), ...(out.DeleteMarkers ?? [])]) found.push(String(v.Key));
  } catch {
    // s3rver keeps no versions (ListObjectVersions answers 405): its current objects are all there is.
    let token: string | undefined;
    do {
      const out = await s3.send(new ListObjectsV2Command({ Bucket: env('dataBucket'), ContinuationToken: token }));
      for (const o of out.Contents ?? []) found.push(String(o.Key));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
  return found.filter((k) => k.toLowerCase().includes(needle.toLowerCase()));
}

const deleteAccount = (founder: TestUser, email: string) =>
  api<ResponseBody<'deletion.deleteAccount'>>('POST', '/api/me/delete', { token: founder.token, body: { email } });

describe('deleting one’s own account', () => {
  it('refuses an email that is not the account’s, and changes nothing', async () => {
    const { founder } = await busyFounder();
    const before = await partition(founder);
    const res = await deleteAccount(founder, 'someone.else@example.com');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining('Type the email you sign in with') });
    expect(await partition(founder)).toHaveLength(before.length);
  });

  it('leaves no item, object or Cognito user of the founder, gives back their counts and says goodbye by email', async () => {
    const { founder, downloadUrl } = await busyFounder();
    const users = await counter(stats.users);
    const started = await counter(stats.started('trigger'));
    const pending = await counter(stats.pending('trigger'));
    expect((await partition(founder)).some((i) => String(i.SK).startsWith('SHAREREAD#'))).toBe(true);
    // Typed with other capitals and spaces: it is the same address.
    const res = await deleteAccount(founder, `  ${founder.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, removed: { files: 1, user: true } });
    expect(res.body.removed.items).toBeGreaterThan(27);

    await eventsSettled();
    expect((await partition(founder)).map((i) => [i.SK, Object.keys(i)])).toEqual([]);
    expect((await fetch(downloadUrl)).status).toBe(404);
    const pool = {
      endpoint: inject('cognitoEndpoint'),
      userPoolId: inject('userPoolId'),
      clientId: inject('userPoolClientId'),
    };
    await expect(signInToPool(pool, founder.username, 'Founder-Passw0rd')).rejects.toThrow();
    expect(await counter(stats.users)).toBe(users - 1);
    expect(await counter(stats.started('trigger'))).toBe(started - 1);
    expect(await counter(stats.pending('trigger'))).toBe(pending - 1);
    const [mail] = await emailsTo(founder.email);
    expect(mail?.subject).toBe('Your Preseed account has been deleted');
  });

  it('counts the founder out once however many deletions race, and a repeat is harmless', async () => {
    const { founder } = await busyFounder();
    const users = await counter(stats.users);
    const started = await counter(stats.started('trigger'));
    const results = await Promise.all(Array.from({ length: 4 }, () => deleteAccount(founder, founder.email)));
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 400]).toContain(r.status);
    expect(await partition(founder)).toEqual([]);
    expect(await counter(stats.users)).toBe(users - 1);
    expect(await counter(stats.started('trigger'))).toBe(started - 1);
    // The token outlives the account by minutes; using it again deletes nothing more and fails nothing.
    const again = await deleteAccount(founder, founder.email);
    expect(again.status).toBe(200);
    expect(again.body.removed).toEqual({ items: 0, files: 0, user: false });
    expect(await counter(stats.users)).toBe(users - 1);
  });

  it('leaves nothing of the founder when their own saves race the deletion', async () => {
    const coach = await adminToken();
    for (let round = 0; round < 3; round++) {
      const { founder } = await busyFounder();
      const { body } = await api<{ questions: { id: string }[] }>('GET', '/api/questions/value-proposition', {
        token: founder.token,
      });
      await setPhases(founder.sub, { trigger_questions_status: true });
      const questions = body.questions.slice(0, 12);
      expect(questions).toHaveLength(12);
      const [deletion, ...writes] = await Promise.all([
        deleteAccount(founder, founder.email),
        ...questions.map((q, i) =>
          api('PUT', `/api/answers/value-proposition/${q.id}`, {
            token: founder.token,
            body: { answers: [`Raced ${round}.${i}`] },
          }),
        ),
        ...Array.from({ length: 8 }, (_, i) =>
          api('PATCH', '/api/me', {
            token: founder.token,
            body: { firstName: `Racer ${i}`, lastName: 'Founder', startupName: `Race ${round}` },
          }),
        ),
      ]);
      expect(deletion.status).toBe(200);
      // Before the deletion: saved; after it: refused — 401 when the access check already finds no account,
      // 403 when a write that passed it meets the deletion guard, 404 for a profile that is gone — never a 5xx.
      for (const w of writes) expect([200, 401, 403, 404]).toContain(w.status);
      await eventsSettled();
      expect(await partition(founder)).toEqual([]);
      expect(await itemsNaming(founder.sub)).toEqual([]);
      expect(await directoryEntries(founder.sub)).toBe(0);
      expect(await objectsOf(founder.sub)).toEqual([]);
      const search = await api<ResponseBody<'founders.list'>>(
        'GET',
        `/api/admin/founders?${new URLSearchParams({ q: founder.email })}`,
        { token: coach },
      );
      expect(search.status).toBe(200);
      expect(search.body.founders.map((f) => f.userId)).not.toContain(founder.sub);
    }
  });

  it('leaves nothing anywhere that names the founder, right after the deletion and once every event is delivered', async () => {
    const { founder } = await busyFounder();
    const mark = randomUUID().slice(0, 8);
    const names = { firstName: `Ada${mark}`, lastName: `Lovelace${mark}`, startupName: `Engines${mark}` };
    expect((await api('PATCH', '/api/me', { token: founder.token, body: names })).status).toBe(200);
    const label = `Seed round ${mark}`;
    const viewer = `investor-${mark}@example.com`;
    const idea = `Night-shift soup ${mark}`;
    const files = await api<ResponseBody<'dataroom.list'>>('GET', '/api/files', { token: founder.token });
    const link = await api<ResponseBody<'sharing.create'>>('POST', '/api/shares', {
      token: founder.token,
      body: { fileIds: [files.body.files[0]?.id], label },
    });
    expect(link.status).toBe(201);
    // A viewer opened it (the store's write: the view's log and its ShareLinkViewed name the label and the viewer).
    await recordShareEvent(founder.sub, {
      at: new Date().toISOString(),
      kind: 'view',
      linkId: link.body.link.id,
      linkLabel: label,
      fileId: null,
      fileName: null,
      viewerEmail: viewer,
    });
    // The windows sign-up and the AI automations count for this account.
    await hitRateLimit(ACCOUNT_RATE_NAMES.signupEmail(founder.email), 100, 3600, Math.floor(Date.now() / 1000));
    expect(await countAiGeneration(founder.sub, Math.floor(Date.now() / 1000))).toEqual({ allowed: true });
    // Announced and not yet delivered as the deletion starts: its events reach the consumers after it.
    expect((await api('PUT', '/api/idea', { token: founder.token, body: { idea } })).status).toBe(200);

    expect((await deleteAccount(founder, founder.email)).status).toBe(200);
    const needles = [founder.sub, founder.email, ...Object.values(names), label, viewer, idea].map((n) =>
      n.toLowerCase(),
    );
    const naming = async () =>
      (await everyItem())
        // Kept on purpose, for 365 days (docs/security.md): the coaches' download records.
        .filter((i) => !i.key.startsWith('DOWNLOADAUDIT#'))
        .flatMap((i) => needles.filter((n) => i.text.includes(n)).map((n) => `${i.key} names ${n}`));
    expect(await naming()).toEqual([]);
    expect(await objectsNaming(founder.sub)).toEqual([]);

    // The stream delivers what was announced before the deletion: no consumer writes any of it back.
    await eventsSettled();
    expect(await naming()).toEqual([]);
    expect(await objectsNaming(founder.sub)).toEqual([]);
    const mails = (await emailsTo(founder.email)).map((m) => m.subject);
    expect(mails).toContain('Your Preseed account has been deleted');
  });

  it('keeps the coaches’ download records as their own record, gone by TTL after the retention period', async () => {
    const { founder } = await busyFounder();
    const coach = await adminToken();
    const files = await api<ResponseBody<'dataroom.list'>>('GET', '/api/files', { token: founder.token });
    const fileId = files.body.files[0]?.id;
    const download = await api('GET', `/api/admin/founders/${founder.sub}/files/${fileId}/download`, { token: coach });
    expect(download.status).toBe(200);
    expect((await deleteAccount(founder, founder.email)).status).toBe(200);

    expect(await partition(founder)).toEqual([]);
    const [audit] = await listDownloads(founder.sub);
    expect(audit).toMatchObject({ founderSub: founder.sub, fileId, fileName: 'deck.pdf' });
    const stored = await ddb().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.downloadAudit(founder.sub, audit?.at ?? '', audit?.coachSub ?? '', fileId ?? ''),
      }),
    );
    const days = (Number(stored.Item?.expiresAt) - Date.parse(audit?.at ?? '') / 1000) / 86_400;
    expect(days).toBeGreaterThan(DOWNLOAD_AUDIT_RETENTION_DAYS - 0.01);
    expect(days).toBeLessThan(DOWNLOAD_AUDIT_RETENTION_DAYS + 0.01);
  });

  it('is not for coaches', async () => {
    const coach = await createUser({ admin: true });
    const res = await deleteAccount(coach, coach.email);
    expect(res.status).toBe(403);
    expect(await partition(coach)).not.toEqual([]);
  });
});

describe('account settings', () => {
  it('changes the founder’s names, and the setup wizard’s startup name with them', async () => {
    const founder = await createUser();
    const onboarding = {
      startupName: 'Old Name',
      businessType: 'saas',
      stage: 'idea',
      industry: 'tech',
      customerType: 'b2b',
      description: 'Plans meals.',
      teamSize: 'solo',
      fundingStatus: 'bootstrapped',
    };
    expect((await api('PUT', '/api/me/onboarding', { token: founder.token, body: onboarding })).status).toBe(200);
    const res = await api<ResponseBody<'accounts.updateProfile'>>('PATCH', '/api/me', {
      token: founder.token,
      body: { firstName: ' Ada ', lastName: 'Lovelace', startupName: 'Engines Ltd' },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', startupName: 'Engines Ltd' });
    expect(res.body.profile.onboarding?.startupName).toBe('Engines Ltd');
    const me = await api<ResponseBody<'accounts.me'>>('GET', '/api/me', { token: founder.token });
    expect(me.body.profile).toMatchObject({ firstName: 'Ada', startupName: 'Engines Ltd', email: founder.email });
    const blank = await api('PATCH', '/api/me', {
      token: founder.token,
      body: { firstName: '  ', lastName: 'Lovelace', startupName: 'Engines Ltd' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: expect.stringContaining('First name is required.') });
  });

  it('shows the payment with Stripe’s receipt link once paid, and nothing before', async () => {
    const unpaid = await createUser({ paid: false });
    const none = await api<ResponseBody<'payments.receipt'>>('GET', '/api/payments/receipt', { token: unpaid.token });
    expect(none.status).toBe(200);
    expect(none.body.payment).toBeNull();
  });
});
