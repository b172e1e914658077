import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '../../test/helpers';
import type { ConfirmUploadResponse, DownloadResponse, FilesResponse, StartUploadResponse } from './api-types';

/** Uploads as the browser does: the presigned POST's fields first, the file last. */
async function upload(founder: TestUser, name: string, bytes: Buffer, declaredSize = bytes.length) {
  const start = await api<StartUploadResponse>('POST', '/api/files/uploads', {
    token: founder.token,
    body: { name, size: declaredSize, contentType: 'application/pdf', category: 'pitch-deck' },
  });
  expect(start.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const s3 = await fetch(start.body.url, { method: 'POST', body: form });
  expect(s3.status).toBeLessThan(300);
  return start.body.key;
}

describe('data room', () => {
  it('uploads, lists, downloads the same bytes under the same name, and deletes', async () => {
    const founder = await createUser();
    const bytes = randomBytes(2 * 1024 * 1024);
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
    });
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
    const key = await upload(founder, 'big.pdf', randomBytes(11 * 1024 * 1024), 1000);
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
    const key = await upload(a, 'secret.pdf', randomBytes(1024));
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

describe('validation tests', () => {
  it('keeps a started test, its evaluation and notes on the server', async () => {
    const founder = await createUser();
    await api('PUT', '/api/validation-tests/test-1', {
      token: founder.token,
      body: { status: 'in-progress', progress: 10 },
    });
    await api('PUT', '/api/validation-tests/test-1', {
      token: founder.token,
      body: { status: 'completed', progress: 100 },
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
      (await api('PUT', '/api/validation-tests/test-99', { token: founder.token, body: { progress: 5 } })).status,
    ).toBe(404);
  });
});
