/**
 * Presigned upload forms and download links, signed locally (no request is sent). A file of their own: the client
 * the module builds on first use is built by the first of these tests, so how it is built (path-style URLs for the
 * local store) is what the links show.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INLINE_READ_PATH } from '#shared/deploy-names';
import { presignDownload, presignInlineRead, presignUpload } from './s3';

/** Where the local store (s3rver) answers: its clients need path-style URLs. */
const LOCAL_S3 = 'http://localhost:4569';
beforeAll(() => {
  process.env.DATA_BUCKET = 'preseed-test-data';
  process.env.AWS_REGION ??= 'eu-west-1';
  process.env.AWS_ENDPOINT_URL_S3 = LOCAL_S3;
  process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
});

describe('presigned links (signed locally: no request is sent)', () => {
  afterEach(() => vi.useRealTimers());

  it('an upload form: path-style to the local store, the key, the type and cache fields, 1 byte to the limit, 10 minutes', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00.000Z'), toFake: ['Date'] });
    const post = await presignUpload('staging/sub-1/1_a.pdf', 'application/pdf', 5_000);
    expect(post.url).toBe(`${LOCAL_S3}/preseed-test-data`);
    expect(post.fields).toMatchObject({
      key: 'staging/sub-1/1_a.pdf',
      'Content-Type': 'application/pdf',
      'Cache-Control': 'max-age=3600',
    });
    const policy = JSON.parse(Buffer.from(String(post.fields.Policy), 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.expiration).toBe('2026-05-01T10:10:00Z');
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 5_000],
        { bucket: 'preseed-test-data' },
        { key: 'staging/sub-1/1_a.pdf' },
        { 'Content-Type': 'application/pdf' },
        { 'Cache-Control': 'max-age=3600' },
      ]),
    );
  });

  it('a download link: one minute, the file’s name encoded, as an attachment unless asked to open inline', async () => {
    const url = new URL(await presignDownload('uploads/sub-1/1_a.pdf', 'Plan “v2”.pdf'));
    expect(`${url.origin}${url.pathname}`).toBe(`${LOCAL_S3}/preseed-test-data/uploads/sub-1/1_a.pdf`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      "attachment; filename*=UTF-8''Plan%20%E2%80%9Cv2%E2%80%9D.pdf",
    );
    const inline = new URL(await presignDownload('uploads/sub-1/1_a.pdf', 'a.pdf', 'inline'));
    expect(inline.searchParams.get('response-content-disposition')).toBe("inline; filename*=UTF-8''a.pdf");
  });

  it('an inline read: the same signed link as a path of the site’s own origin, under the inline-read path', async () => {
    const read = await presignInlineRead('sub-1/1_Plan v2.pdf', 'Plan v2.pdf');
    expect(read.startsWith(`${INLINE_READ_PATH}/preseed-test-data/sub-1/1_Plan%20v2.pdf?`)).toBe(true);
    const url = new URL(read, 'https://site.example');
    expect(url.origin).toBe('https://site.example');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe("inline; filename*=UTF-8''Plan%20v2.pdf");
  });
});
