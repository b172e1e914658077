/**
 * The coaches' founder directory against the real emulators: every founder is listed, search and filters find
 * them, the entry follows the founder's writes and the coach's unlock, pages go on without gaps or repeats, a
 * tampered cursor is a 400, a founder's page shows their work, and a download hands over the same bytes and
 * leaves an audit item and a log line.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import type { Question } from '#shared/domain/questions';
import {
  adminToken,
  api,
  createUser,
  eventsSettled,
  founderWithTriggerDone,
  pdfBytes,
  type TestUser,
} from '../../test/helpers';
import { deleteSeeded, seedFounders } from '../../test/seed-founders';
import { createLogger, setLogSink } from '../lib/logger';
import { listDownloads } from '../store/audit';
import { ddb, tableName } from '../store/client';
import { encodeCursor } from '../store/cursor';
import { type Key, keys } from '../store/keys';
import { foundersRoutes } from './founders';

type Directory = ResponseBody<'founders.list'>;
type FounderFile = ResponseBody<'founders.get'>;

const onboarding = {
  businessType: 'saas',
  stage: 'idea',
  industry: 'tech',
  customerType: 'b2b',
  description: 'Finds founders for coaches.',
  teamSize: 'solo',
  fundingStatus: 'bootstrapped',
};

/** Every founder the directory finds for a query, following cursors to the end. */
async function findAll(token: string, query: Record<string, string>): Promise<Directory['founders']> {
  const found: Directory['founders'] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 500; page++) {
    const params: URLSearchParams = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const res: Awaited<ReturnType<typeof api<Directory>>> = await api<Directory>(
      'GET',
      `/api/admin/founders?${params}`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.founders.length).toBeLessThanOrEqual(25);
    found.push(...res.body.founders);
    cursor = res.body.nextCursor;
    if (!cursor) return found;
  }
  throw new Error('the directory did not end');
}

async function upload(founder: TestUser, name: string, bytes: Buffer): Promise<string> {
  const start = await api<ResponseBody<'dataroom.startUpload'>>('POST', '/api/files/uploads', {
    token: founder.token,
    body: { name, size: bytes.length, contentType: 'application/pdf', category: 'pitch-deck' },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  expect((await fetch(start.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const confirmed = await api<ResponseBody<'dataroom.confirmUpload'>>('POST', '/api/files', {
    token: founder.token,
    body: { key: start.body.key, name, category: 'pitch-deck' },
  });
  expect(confirmed.status).toBe(201);
  return confirmed.body.file.id;
}

const seeded: Key[] = [];
afterAll(async () => {
  await deleteSeeded(seeded);
});

describe('founder directory', () => {
  it('lists a new founder and finds them by startup, email or name, whatever the case and accents', async () => {
    const token = await adminToken();
    const founder = await createUser({ paid: false });
    const tag = randomUUID().slice(0, 8);
    const saved = await api('PUT', '/api/me/onboarding', {
      token: founder.token,
      body: { ...onboarding, startupName: `Zébra Labs ${tag}` },
    });
    expect(saved.status).toBe(200);
    await eventsSettled();

    const [byStartup] = await findAll(token, { q: `ZEBRA labs ${tag}` });
    expect(byStartup).toMatchObject({
      userId: founder.sub,
      email: founder.email,
      startupName: `Zébra Labs ${tag}`,
      name: 'Test Founder',
      paid: false,
      phase: 'generate-idea',
      status: 'in-progress',
    });
    expect((await findAll(token, { q: founder.email.toUpperCase() })).map((f) => f.userId)).toEqual([founder.sub]);
    // Every word must occur: the name and the tag together find only this founder.
    expect((await findAll(token, { q: `founder ${tag}` })).map((f) => f.userId)).toEqual([founder.sub]);
    expect(await findAll(token, { q: `${tag} nobody-else` })).toEqual([]);
  });

  it("follows the founder's idea, answers and completion, and the coach's unlock, in the filters too", async () => {
    const token = await adminToken();
    const founder = await founderWithTriggerDone();
    // The directory follows from the table's stream: each read below waits until it has been delivered.
    await eventsSettled();
    const q = founder.email;
    const [pending] = await findAll(token, { q, phase: 'trigger', status: 'pending' });
    expect(pending).toMatchObject({ userId: founder.sub, phase: 'trigger', status: 'pending' });
    expect(pending?.progress.trigger).toMatchObject({ status: 'pending', percent: 100 });
    expect(pending?.progress.trigger.answered).toBe(pending?.progress.trigger.total);
    expect(await findAll(token, { q, status: 'unlocked' })).toEqual([]);
    const before = pending?.lastActivityAt ?? '';

    const unlocked = await api('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token,
      body: { phase: 'trigger' },
    });
    expect(unlocked.status).toBe(200);
    await eventsSettled();
    const [after] = await findAll(token, { q, phase: 'trigger', status: 'unlocked' });
    expect(after).toMatchObject({ phase: 'value-proposition', status: 'in-progress' });
    // The coach's unlock is not the founder's activity.
    expect(after?.lastActivityAt).toBe(before);
    expect(await findAll(token, { q, phase: 'trigger', status: 'pending' })).toEqual([]);

    const vp = (
      await api<{ questions: Question[] }>('GET', '/api/questions/value-proposition', { token: founder.token })
    ).body.questions[0];
    await api('PUT', `/api/answers/value-proposition/${vp?.id}`, {
      token: founder.token,
      body: { answers: ['Parents'] },
    });
    await eventsSettled();
    const [answered] = await findAll(token, { q, phase: 'value-proposition', status: 'in-progress' });
    expect(answered?.progress['value-proposition'].answered).toBe(1);
    expect(answered?.lastActivityAt && answered.lastActivityAt > before).toBe(true);
  });

  it("shows a coach's request for changes as the phase's status, and the founder's next save as pending again", async () => {
    const token = await adminToken();
    const founder = await founderWithTriggerDone();
    const q = founder.email;
    const sent = await api('POST', `/api/admin/founders/${founder.sub}/request-changes`, {
      token,
      body: { phase: 'trigger', message: 'Tell us more about the parents.' },
    });
    expect(sent.status).toBe(200);
    await eventsSettled();
    const [changes] = await findAll(token, { q, status: 'changes-requested' });
    expect(changes).toMatchObject({ phase: 'trigger', status: 'changes-requested' });
    expect(changes?.progress.trigger.status).toBe('changes-requested');

    const trigger = (await api<{ questions: Question[] }>('GET', '/api/questions/trigger', { token: founder.token }))
      .body.questions[0];
    await api('PUT', `/api/answers/trigger/${trigger?.id}`, { token: founder.token, body: { answers: ['More'] } });
    await eventsSettled();
    expect(await findAll(token, { q, phase: 'trigger', status: 'changes-requested' })).toEqual([]);
    const [resubmitted] = await findAll(token, { q, phase: 'trigger', status: 'pending' });
    expect(resubmitted?.userId).toBe(founder.sub);

    // The founder's reply to a coach's comment is their activity too.
    const commented = await api('PUT', `/api/admin/founders/${founder.sub}/feedback/trigger/${trigger?.id}`, {
      token,
      body: { rating: 4, verdict: 'strong', comment: 'Which parents?' },
    });
    expect(commented.status).toBe(200);
    const replied = await api('POST', `/api/feedback/trigger/${trigger?.id}/replies`, {
      token: founder.token,
      body: { id: randomUUID(), text: 'Working parents of toddlers.' },
    });
    expect(replied.status).toBeLessThan(300);
    await eventsSettled();
    const [afterReply] = await findAll(token, { q });
    expect(afterReply?.lastActivityAt && afterReply.lastActivityAt > (resubmitted?.lastActivityAt ?? '')).toBe(true);
  });

  it('adds a founder who has no entry yet (signed up before the directory existed) on their next visit', async () => {
    const token = await adminToken();
    const founder = await createUser();
    await eventsSettled();
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.directory(founder.sub) }));
    expect(await findAll(token, { q: founder.email })).toEqual([]);
    expect((await api('GET', '/api/me', { token: founder.token })).status).toBe(200);
    expect((await findAll(token, { q: founder.email })).map((f) => f.userId)).toEqual([founder.sub]);
  });

  it("follows a recompute after coaches change a phase's questions: pending founders' statuses move with it", async () => {
    const token = await adminToken();
    const prefix = `recomp${randomUUID().slice(0, 6)}`;
    seeded.push(...(await seedFounders({ from: 0, to: 1, type: 'business-model', prefix })));
    await eventsSettled();
    expect(await findAll(token, { q: prefix, phase: 'business-model', status: 'pending' })).toHaveLength(1);
    const id = randomUUID();
    const added = await api('POST', '/api/admin/questions', {
      token,
      body: { id, type: 'business-model', category: 'Channels', text: 'Which channel reaches them first?' },
    });
    expect(added.status).toBe(201);
    try {
      await eventsSettled();
      // The seeded founder has no answer items: the recompute counts none, so they are no longer complete.
      expect(await findAll(token, { q: prefix, phase: 'business-model', status: 'pending' })).toEqual([]);
      const [moved] = await findAll(token, { q: prefix, phase: 'business-model', status: 'in-progress' });
      expect(moved?.progress['business-model']).toMatchObject({ answered: 0, status: 'in-progress' });
    } finally {
      await api('DELETE', `/api/admin/questions/business-model/${id}`, { token });
      await eventsSettled();
    }
  });

  it('pages through many founders without gaps or repeats, one bounded read per page', async () => {
    const token = await adminToken();
    const prefix = `dir${randomUUID().slice(0, 6)}`;
    seeded.push(...(await seedFounders({ from: 0, to: 60, type: 'trigger', prefix })));
    await eventsSettled();
    const found = await findAll(token, { q: prefix });
    const ids = found.map((f) => f.userId);
    expect(new Set(ids).size).toBe(60);
    expect(ids.every((id) => id.startsWith(prefix))).toBe(true);
    // Most recently active first.
    const times = found.map((f) => f.lastActivityAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Without a search, a page is 25 founders.
    const first = await api<Directory>('GET', '/api/admin/founders', { token });
    expect(first.body.founders).toHaveLength(25);
    expect(first.body.examined).toBe(25);
    expect(first.body.totalFounders).toBeGreaterThan(0);
  });

  it('refuses a tampered cursor, a cursor of another list and unknown filters with 400', async () => {
    const token = await adminToken();
    const list = (query: string) => api('GET', `/api/admin/founders?${query}`, { token });
    const forged = (key: Record<string, string>) => encodeURIComponent(encodeCursor(key) ?? '');
    const reviewKey = { PK: 'USER#x', SK: 'PROGRESS#trigger', GSI1PK: 'REVIEW#trigger#PENDING', GSI1SK: 'a#x' };
    for (const cursor of [
      'not-a-cursor',
      forged(reviewKey),
      forged({ PK: 'USER#x', SK: 'DIRECTORY', GSI1PK: 'REVIEW#trigger#PENDING', GSI1SK: 'a#x' }),
      forged({ PK: 'STATS', SK: 'DIRECTORY', GSI1PK: 'DIRECTORY', GSI1SK: 'a#x' }),
    ]) {
      const res = await list(`cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.message).toMatch(/cursor/i);
    }
    expect((await list('phase=ideas')).status).toBe(400);
    expect((await list('status=done')).status).toBe(400);
    expect((await list(`q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it("shows a founder's page and downloads their file: the same bytes, audit-logged", async () => {
    const token = await adminToken();
    const founder = await createUser();
    await api('PUT', '/api/me/onboarding', {
      token: founder.token,
      body: { ...onboarding, startupName: 'Audit Co', website: 'https://audit.example.com' },
    });
    await api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Dashboards for dentists' } });
    const bytes = pdfBytes(64 * 1024);
    const fileId = await upload(founder, 'Deck – final.pdf', bytes);

    const page = await api<FounderFile>('GET', `/api/admin/founders/${founder.sub}`, { token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      founder: { userId: founder.sub, phase: 'trigger', startupName: 'Audit Co' },
      onboarding: { startupName: 'Audit Co', website: 'https://audit.example.com' },
      idea: 'Dashboards for dentists',
      phases: { generate_idea_status: true },
      files: [{ id: fileId, name: 'Deck – final.pdf', size: bytes.length }],
    });
    expect((await api('GET', '/api/admin/founders/nobody-here', { token })).status).toBe(404);

    const download = await api<ResponseBody<'founders.download'>>(
      'GET',
      `/api/admin/founders/${founder.sub}/files/${fileId}/download`,
      { token },
    );
    expect(download.status).toBe(200);
    expect(download.body.name).toBe('Deck – final.pdf');
    const file = await fetch(download.body.url);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    const [audit] = await listDownloads(founder.sub);
    expect(audit).toMatchObject({ founderSub: founder.sub, fileId, fileName: 'Deck – final.pdf' });
    expect(audit?.coachSub).toMatch(/^[\w-]+$/);
    expect(Date.now() - Date.parse(audit?.at ?? '')).toBeLessThan(60_000);

    // Another founder's id with this file's id finds nothing: files are looked up in the named founder's room.
    const other = await createUser();
    const wrong = await api('GET', `/api/admin/founders/${other.sub}/files/${fileId}/download`, { token });
    expect(wrong.status).toBe(404);
    expect(await listDownloads(other.sub)).toEqual([]);
  });

  it('writes one structured log line per download: coach, founder, file and time', async () => {
    const founder = await createUser();
    const fileId = await upload(founder, 'notes.pdf', pdfBytes(1024));
    const lines: string[] = [];
    setLogSink((line) => lines.push(line));
    try {
      const coach = { sub: 'coach-in-process', username: 'coach', groups: ['admin'], isAdmin: true, authTime: 1 };
      const result = await foundersRoutes['founders.download'].handle({
        routeId: 'founders.download',
        params: { userId: founder.sub, fileId },
        query: {},
        body: undefined,
        principal: coach,
        caller: { profile: null, items: [] },
        event: {} as APIGatewayProxyEventV2,
        log: createLogger({ requestId: 'audit-test' }),
        requestId: 'audit-test',
      });
      expect(result.body.name).toBe('notes.pdf');
    } finally {
      setLogSink(() => undefined);
    }
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.audit);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      audit: 'founder-file-download',
      coachSub: 'coach-in-process',
      founderSub: founder.sub,
      fileId,
      fileName: 'notes.pdf',
      requestId: 'audit-test',
    });
    expect(typeof logged[0]?.at).toBe('string');
    expect((await listDownloads(founder.sub))[0]?.coachSub).toBe('coach-in-process');
  });
});
