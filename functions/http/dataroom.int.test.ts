import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  type DeleteObjectsCommandInput,
  ListObjectVersionsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import type { ConfirmUploadResponse, DownloadResponse, FilesResponse, StartUploadResponse } from '#shared/api-types';
import { activePdfMessage, DATA_ROOM_QUOTA, unreadablePdfMessage } from '#shared/domain/data-room';
import { api, createUser, pdfBytes, setPhases, type TestUser } from '../../test/helpers';
import { type ProbeKind, probePdf } from '../../test/pdf-files';
import { headObject } from '../integrations/s3';
import { createLogger } from '../lib/logger';
import { ddb, tableName } from '../store/client';
import { getFile } from '../store/files';
import { keys } from '../store/keys';
import { dataroomRoutes } from './dataroom';

const OPENXML = 'application/vnd.openxmlformats-officedocument';

interface UploadOptions {
  declaredSize?: number;
  contentType?: string;
  /** The Content-Type the object is stored with: s3rver takes the form's, whatever the presign said. */
  storedType?: string;
}

/** Uploads as the browser does: the presigned POST's fields first, the file last. */
async function upload(founder: TestUser, name: string, bytes: Buffer, options: UploadOptions = {}) {
  const contentType = options.contentType ?? 'application/pdf';
  const start = await api<StartUploadResponse>('POST', '/api/files/uploads', {
    token: founder.token,
    body: { name, size: options.declaredSize ?? bytes.length, contentType, category: 'pitch-deck' },
  });
  expect(start.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) {
    form.append(k, k === 'Content-Type' && options.storedType ? options.storedType : v);
  }
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), name);
  const s3 = await fetch(start.body.url, { method: 'POST', body: form });
  expect(s3.status).toBeLessThan(300);
  return start.body.key;
}

const finalKey = (staging: string) => staging.replace(/^uploads\//, '');

async function usage(founder: TestUser): Promise<{ files: unknown; bytes: unknown }> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(founder.sub), ConsistentRead: true }),
  );
  return { files: out.Item?.dataRoomFiles, bytes: out.Item?.dataRoomBytes };
}

/** Starts a founder's usage near the quota (as if they had uploaded that much already). */
async function setUsage(founder: TestUser, files: number, bytes: number): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(founder.sub),
      UpdateExpression: 'SET dataRoomFiles = :f, dataRoomBytes = :b',
      ExpressionAttributeValues: { ':f': files, ':b': bytes },
    }),
  );
}

describe('data room', () => {
  it('deletes every version and delete marker of a deleted file’s object, as a versioned bucket keeps them', async () => {
    const founder = await createUser();
    const key = await upload(founder, 'deck.pdf', pdfBytes(1024));
    const confirmed = await api<ConfirmUploadResponse>('POST', '/api/files', {
      token: founder.token,
      body: { key, name: 'deck.pdf', category: 'pitch-deck' },
    });
    expect(confirmed.status).toBe(201);
    const stored = (await getFile(founder.sub, confirmed.body.file.id))?.key ?? '';
    // s3rver keeps no versions: S3's answer for a versioned bucket is given here, the route runs in this process.
    const s3 = mockClient(S3Client);
    try {
      s3.send.callThrough();
      s3.on(ListObjectVersionsCommand).resolves({
        IsTruncated: false,
        Versions: [
          { Key: stored, VersionId: 'v2' },
          { Key: stored, VersionId: 'v1' },
        ],
        DeleteMarkers: [{ Key: stored, VersionId: 'm1' }],
      });
      s3.on(DeleteObjectsCommand).resolves({});
      const result = await dataroomRoutes['dataroom.delete'].handle({
        routeId: 'dataroom.delete',
        body: undefined,
        query: {},
        params: { fileId: confirmed.body.file.id },
        principal: { sub: founder.sub, username: founder.username, groups: [], isAdmin: false, authTime: 1 },
        caller: { profile: null, items: [] },
        event: {} as APIGatewayProxyEventV2,
        log: createLogger(),
        requestId: 'test',
      } as never);
      expect(result).toEqual({});
      expect(await getFile(founder.sub, confirmed.body.file.id)).toBeNull();
      expect(s3.commandCalls(ListObjectVersionsCommand)[0]?.args[0].input).toMatchObject({ Prefix: stored });
      expect(
        s3
          .commandCalls(DeleteObjectsCommand)
          .flatMap((c) => (c.args[0].input as DeleteObjectsCommandInput).Delete?.Objects ?? []),
      ).toEqual([
        { Key: stored, VersionId: 'v2' },
        { Key: stored, VersionId: 'v1' },
        { Key: stored, VersionId: 'm1' },
      ]);
      // No plain delete: it would only add a delete marker over the versions.
      expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
    } finally {
      s3.restore();
    }
  });

  it('uploads, lists, downloads the same bytes under the same name, and deletes', async () => {
    const founder = await createUser();
    const bytes = pdfBytes(2 * 1024 * 1024);
    const key = await upload(founder, 'Pitch deck – v2.pdf', bytes);
    expect(key.startsWith(`uploads/${founder.sub}/`)).toBe(true);

    const confirmed = await api<ConfirmUploadResponse>('POST', '/api/files', {
      token: founder.token,
      body: { key, name: 'Pitch deck – v2.pdf', category: 'pitch-deck' },
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.file).toMatchObject({
      name: 'Pitch deck – v2.pdf',
      category: 'pitch-deck',
      size: bytes.length,
      contentType: 'application/pdf',
    });
    expect(await usage(founder)).toEqual({ files: 1, bytes: bytes.length });
    // A retried confirm returns the same record.
    const again = await api<ConfirmUploadResponse>('POST', '/api/files', {
      token: founder.token,
      body: { key, name: 'Pitch deck – v2.pdf', category: 'pitch-deck' },
    });
    expect(again.body.file.id).toBe(confirmed.body.file.id);

    const list = await api<FilesResponse>('GET', '/api/files', { token: founder.token });
    expect(list.body.files.map((f) => f.id)).toEqual([confirmed.body.file.id]);

    const link = await api<DownloadResponse>('GET', `/api/files/${confirmed.body.file.id}/download`, {
      token: founder.token,
    });
    const download = await fetch(link.body.url);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect(decodeURIComponent(download.headers.get('content-disposition') ?? '')).toContain('Pitch deck – v2.pdf');

    expect((await api('DELETE', `/api/files/${confirmed.body.file.id}`, { token: founder.token })).status).toBe(204);
    expect((await api<FilesResponse>('GET', '/api/files', { token: founder.token })).body.files).toEqual([]);
    // A repeated delete is a 404 and gives nothing back twice.
    expect((await api('DELETE', `/api/files/${confirmed.body.file.id}`, { token: founder.token })).status).toBe(404);
    expect(await usage(founder)).toEqual({ files: 0, bytes: 0 });
    expect((await fetch(link.body.url)).status).toBe(404);
  });

  it('refuses an 11 MB file, declared or not, and records nothing', async () => {
    const founder = await createUser();
    const declared = await api('POST', '/api/files/uploads', {
      token: founder.token,
      body: { name: 'big.pdf', size: 11 * 1024 * 1024, contentType: 'application/pdf', category: 'financial' },
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ message: expect.stringContaining('10MB') });

    // s3rver ignores the POST policy's size range: the confirm step must catch it.
    const key = await upload(founder, 'big.pdf', pdfBytes(11 * 1024 * 1024), { declaredSize: 1000 });
    const confirm = await api('POST', '/api/files', {
      token: founder.token,
      body: { key, name: 'big.pdf', category: 'financial' },
    });
    expect(confirm.status).toBe(413);
    expect((await api<FilesResponse>('GET', '/api/files', { token: founder.token })).body.files).toEqual([]);
  });

  it("refuses to confirm another founder's upload, and changes nothing", async () => {
    const a = await createUser();
    const b = await createUser();
    const key = await upload(a, 'secret.pdf', pdfBytes(1024));
    const stolen = await api('POST', '/api/files', {
      token: b.token,
      body: { key, name: 'secret.pdf', category: 'legal' },
    });
    expect(stolen.status).toBe(404);
    expect((await api<FilesResponse>('GET', '/api/files', { token: b.token })).body.files).toEqual([]);
    // A can still confirm their own upload: B's attempt did not move or delete it.
    const own = await api('POST', '/api/files', {
      token: a.token,
      body: { key, name: 'secret.pdf', category: 'legal' },
    });
    expect(own.status).toBe(201);
  });
});

describe('data-room file types and names', () => {
  it('refuses a type off the list at presign with 415 naming the accepted ones, and a name that disagrees with 400', async () => {
    const founder = await createUser();
    for (const [name, contentType] of [
      ['page.html', 'text/html'],
      ['setup.exe', 'application/x-msdownload'],
      ['logo.svg', 'image/svg+xml'],
      ['report.pdf', 'text/html'],
      ['report.pdf', 'application/octet-stream'],
      ['no-extension', ''],
    ] as const) {
      const res = await api('POST', '/api/files/uploads', {
        token: founder.token,
        body: { name, size: 1000, contentType, category: 'other' },
      });
      expect(res.status, `${name} as ${contentType}`).toBe(415);
      expect(res.body).toMatchObject({ error: 'UnsupportedMediaType', message: expect.stringContaining('PDF') });
      expect((res.body as { message: string }).message).toContain('ZIP');
    }
    const mismatch = await api('POST', '/api/files/uploads', {
      token: founder.token,
      body: { name: 'deck.png', size: 1000, contentType: 'application/pdf', category: 'other' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ error: 'BadRequest', message: expect.stringContaining('.pdf') });
    // Without a type, the name's extension decides.
    const untyped = await api<StartUploadResponse>('POST', '/api/files/uploads', {
      token: founder.token,
      body: { name: 'notes.md', size: 1000, category: 'other' },
    });
    expect(untyped.status).toBe(200);
    expect(untyped.body.fields['Content-Type']).toBe('text/markdown');
  });

  it('refuses a confirm whose stored object lies about its type (415), deleting it and recording nothing', async () => {
    const founder = await createUser();
    const key = await upload(founder, 'report.pdf', Buffer.from('<script>alert(1)</script>'), {
      storedType: 'text/html',
    });
    expect(await headObject(key)).toMatchObject({ contentType: 'text/html' });
    const confirm = await api('POST', '/api/files', {
      token: founder.token,
      body: { key, name: 'report.pdf', category: 'other' },
    });
    expect(confirm.status).toBe(415);
    expect(confirm.body).toMatchObject({ error: 'UnsupportedMediaType', message: expect.stringContaining('PDF') });
    expect(await headObject(key)).toBeNull();
    expect(await headObject(finalKey(key))).toBeNull();
    expect((await api<FilesResponse>('GET', '/api/files', { token: founder.token })).body.files).toEqual([]);
    expect(await usage(founder)).toEqual({ files: undefined, bytes: undefined });

    // An allowed type under a name of another type is refused the same way (400), at the name to be shown too.
    const png = await upload(founder, 'photo.png', randomBytes(100), { contentType: 'image/png' });
    const renamed = await api('POST', '/api/files', {
      token: founder.token,
      body: { key: png, name: 'photo.exe', category: 'other' },
    });
    expect(renamed.status).toBe(415);
    expect(await headObject(png)).toBeNull();
  });

  it('refuses a PDF with active content or one it cannot read (415, saying what and why), keeping nothing of it', async () => {
    const founder = await createUser();
    const probes: [ProbeKind, string][] = [
      ['open-action-js', activePdfMessage(['JavaScript'])],
      ['launch', activePdfMessage(['Launch'])],
      ['additional-actions', activePdfMessage(['JavaScript'])],
      ['embedded-files', activePdfMessage(['EmbeddedFile'])],
      ['submit-form', activePdfMessage(['SubmitForm'])],
    ];
    for (const [kind, message] of probes) {
      const key = await upload(founder, `${kind}.pdf`, await probePdf(kind));
      const confirm = await api('POST', '/api/files', {
        token: founder.token,
        body: { key, name: `${kind}.pdf`, category: 'other' },
      });
      expect(confirm.status, kind).toBe(415);
      expect(confirm.body, kind).toEqual({ error: 'ActivePdfContent', message });
      expect(await headObject(key), kind).toBeNull();
      expect(await headObject(finalKey(key)), kind).toBeNull();
    }
    const noise = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096)]);
    const encrypted = Buffer.from(
      pdfBytes(600).toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 >>'),
      'latin1',
    );
    for (const [name, bytes, message] of [
      ['noise.pdf', noise, unreadablePdfMessage('malformed')],
      ['locked.pdf', encrypted, unreadablePdfMessage('encrypted')],
    ] as const) {
      const key = await upload(founder, name, bytes);
      const confirm = await api('POST', '/api/files', { token: founder.token, body: { key, name, category: 'other' } });
      expect(confirm.status, name).toBe(415);
      expect(confirm.body, name).toEqual({ error: 'UnreadablePdf', message });
      expect(await headObject(key), name).toBeNull();
    }
    expect((await api<FilesResponse>('GET', '/api/files', { token: founder.token })).body.files).toEqual([]);
    expect(await usage(founder)).toEqual({ files: undefined, bytes: undefined });
    // The same document without its active entries is kept.
    const key = await upload(founder, 'clean.pdf', pdfBytes(4096, 2));
    const kept = await api('POST', '/api/files', {
      token: founder.token,
      body: { key, name: 'clean.pdf', category: 'other' },
    });
    expect(kept.status).toBe(201);
  });

  it('refuses content that is not what its type says (415, saying what was expected), keeping nothing of it', async () => {
    const founder = await createUser();
    // Finding 6: text named .pdf, declared and stored as a PDF.
    const liars: [string, string, Buffer, string][] = [
      ['notes.pdf', 'application/pdf', Buffer.from('Just notes, not a PDF.\n'), 'a PDF document'],
      ['photo.png', 'image/png', Buffer.from('GIF89a\u0001\u0000'), 'a PNG image'],
      ['plan.docx', `${OPENXML}.wordprocessingml.document`, Buffer.from('%PDF-1.4\n'), 'a ZIP archive'],
      ['old.xls', 'application/vnd.ms-excel', Buffer.from('PK\u0003\u0004'), 'a Microsoft Office 97–2003 document'],
      ['data.csv', 'text/csv', Buffer.from([0x61, 0x00, 0x62, 0x0a]), 'plain text in UTF-8'],
    ];
    for (const [name, contentType, bytes, expected] of liars) {
      const key = await upload(founder, name, bytes, { contentType });
      const confirm = await api('POST', '/api/files', { token: founder.token, body: { key, name, category: 'other' } });
      expect(confirm.status, name).toBe(415);
      expect(confirm.body, name).toMatchObject({
        error: 'UnsupportedMediaType',
        message: expect.stringContaining(`must be ${expected}`),
      });
      expect(await headObject(key), name).toBeNull();
      expect(await headObject(finalKey(key)), name).toBeNull();
    }
    expect((await api<FilesResponse>('GET', '/api/files', { token: founder.token })).body.files).toEqual([]);
    expect(await usage(founder)).toEqual({ files: undefined, bytes: undefined });

    // The same types with their true content are kept.
    const honest: [string, string, Buffer][] = [
      ['notes.txt', 'text/plain', Buffer.from('Café notes — ✓\n')],
      ['photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      ['plan.docx', `${OPENXML}.wordprocessingml.document`, Buffer.from('PK\u0003\u0004\u0014\u0000')],
      ['old.xls', 'application/vnd.ms-excel', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0])],
    ];
    for (const [name, contentType, bytes] of honest) {
      const key = await upload(founder, name, bytes, { contentType });
      const confirm = await api('POST', '/api/files', { token: founder.token, body: { key, name, category: 'other' } });
      expect(confirm.status, name).toBe(201);
    }
  });

  it('stores a name without its bidi and control characters', async () => {
    const founder = await createUser();
    // Shown raw, U+202E reverses what follows it: 'invoice\u202Efdp.exe' reads as 'invoiceexe.pdf'.
    const name = 'Q3\u202E report\u2066 v2\u2069\u200F\u061C\u0007\u0085.pdf';
    const key = await upload(founder, name, pdfBytes(100));
    expect(key).toMatch(/\d{13}_Q3 report v2\.pdf$/);
    const confirm = await api<ConfirmUploadResponse>('POST', '/api/files', {
      token: founder.token,
      body: { key, name, category: 'other' },
    });
    expect(confirm.status).toBe(201);
    expect(confirm.body.file.name).toBe('Q3 report v2.pdf');
    const list = await api<FilesResponse>('GET', '/api/files', { token: founder.token });
    expect(list.body.files.map((f) => f.name)).toEqual(['Q3 report v2.pdf']);
    const link = await api<DownloadResponse>('GET', `/api/files/${confirm.body.file.id}/download`, {
      token: founder.token,
    });
    expect(link.body.name).toBe('Q3 report v2.pdf');
  });
});

describe('data-room quota', () => {
  it(`never lets parallel confirms past ${DATA_ROOM_QUOTA.maxFiles} files: the rest get 409 and nothing is kept of them`, async () => {
    const founder = await createUser();
    await setUsage(founder, DATA_ROOM_QUOTA.maxFiles - 3, 0);
    const keys6 = [];
    for (let i = 0; i < 6; i++) keys6.push(await upload(founder, `deck-${i}.pdf`, pdfBytes(1000)));
    const results = await Promise.all(
      keys6.map((key, i) =>
        api('POST', '/api/files', { token: founder.token, body: { key, name: `deck-${i}.pdf`, category: 'other' } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body).toMatchObject({
        error: 'Conflict',
        message: expect.stringContaining(`at most ${DATA_ROOM_QUOTA.maxFiles} files`),
      });
      expect((refused.body as { message: string }).message).toContain('Delete files');
    }
    expect(await usage(founder)).toEqual({ files: DATA_ROOM_QUOTA.maxFiles, bytes: 3000 });
    const list = await api<FilesResponse>('GET', '/api/files', { token: founder.token });
    expect(list.body.files).toHaveLength(3);
    const kept = await Promise.all(keys6.map(async (key) => (await headObject(finalKey(key))) !== null));
    expect(kept.filter(Boolean)).toHaveLength(3);
    expect((await Promise.all(keys6.map((key) => headObject(key)))).every((o) => o === null)).toBe(true);

    // Full: the next upload is refused before it starts; a delete makes room again.
    const full = await api('POST', '/api/files/uploads', {
      token: founder.token,
      body: { name: 'one-more.pdf', size: 1000, contentType: 'application/pdf', category: 'other' },
    });
    expect(full.status).toBe(409);
    const [first] = list.body.files;
    expect((await api('DELETE', `/api/files/${first?.id}`, { token: founder.token })).status).toBe(204);
    expect(await usage(founder)).toEqual({ files: DATA_ROOM_QUOTA.maxFiles - 1, bytes: 2000 });
    await upload(founder, 'one-more.pdf', pdfBytes(1000));
  });

  it(`never lets parallel confirms past ${DATA_ROOM_QUOTA.maxBytes / 1024 / 1024} MB: the rest get 413`, async () => {
    const founder = await createUser();
    const mb = 1024 * 1024;
    await setUsage(founder, 10, DATA_ROOM_QUOTA.maxBytes - 2.5 * mb);
    const uploads = [];
    for (let i = 0; i < 5; i++) uploads.push(await upload(founder, `sheet-${i}.pdf`, pdfBytes(mb)));
    const results = await Promise.all(
      uploads.map((key, i) =>
        api('POST', '/api/files', { token: founder.token, body: { key, name: `sheet-${i}.pdf`, category: 'other' } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 413, 413, 413]);
    expect(results.find((r) => r.status === 413)?.body).toMatchObject({
      error: 'PayloadTooLarge',
      message: expect.stringContaining(`${DATA_ROOM_QUOTA.maxBytes / mb} MB`),
    });
    expect(await usage(founder)).toEqual({ files: 12, bytes: DATA_ROOM_QUOTA.maxBytes - 0.5 * mb });
    expect((await api<FilesResponse>('GET', '/api/files', { token: founder.token })).body.files).toHaveLength(2);
  });
});

describe('validation tests', () => {
  it('keeps a started test, its evaluation and notes on the server', async () => {
    const founder = await createUser();
    // Validation tests open with the business-model unlock (validation.int.test.ts checks the lock).
    await setPhases(founder.sub, { bmc_status: true });
    await api('PUT', '/api/validation-tests/test-1', { token: founder.token, body: { start: true } });
    // Customer Interview has five steps: all checked completes it (validation.int.test.ts checks the rules).
    await api('PUT', '/api/validation-tests/test-1', {
      token: founder.token,
      body: { checkedSteps: [0, 1, 2, 3, 4] },
    });
    const saved = await api('PUT', '/api/validation-tests/test-1', {
      token: founder.token,
      body: { evaluation: { result: 'success', notes: '  8 of 10 parents said yes  ' } },
    });
    expect(saved.status).toBe(200);
    await api('DELETE', '/api/validation-tests/test-6', { token: founder.token });

    const list = await api<{ tests: { id: string; status: string; evaluation: unknown }[] }>(
      'GET',
      '/api/validation-tests',
      { token: founder.token },
    );
    expect(list.body.tests.find((t) => t.id === 'test-1')).toMatchObject({
      status: 'completed',
      evaluation: { result: 'success', notes: '8 of 10 parents said yes' },
    });
    expect(list.body.tests.some((t) => t.id === 'test-6')).toBe(false);
    expect(
      (await api('PUT', '/api/validation-tests/test-99', { token: founder.token, body: { start: true } })).status,
    ).toBe(404);
  });
});
