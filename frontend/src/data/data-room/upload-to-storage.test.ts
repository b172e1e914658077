import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { FakeXhr } from '../../test/fixtures/fake-data-room';
import {
  STORAGE_NETWORK_MESSAGE,
  StorageUploadError,
  storageErrorFrom,
  uploadErrorText,
  uploadToStorage,
} from './upload-to-storage';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const file = () => new File(['hello'], 'notes.txt', { type: 'text/plain' });

describe('uploadToStorage', () => {
  it('reports whole percents from the upload progress and resolves on a 2xx', async () => {
    const progress: number[] = [];
    const done = uploadToStorage({
      url: 'https://s3.test/b',
      fields: { a: '1' },
      file: file(),
      onProgress: (p) => progress.push(p),
    });
    const xhr = FakeXhr.last();
    xhr.progress(0, 300);
    xhr.progress(100, 300);
    xhr.progress(300, 300);
    xhr.respond(204);
    await expect(done).resolves.toBeUndefined();
    expect(progress).toEqual([0, 0, 33, 100, 100]);
  });

  it('rejects with the storage code and message of a refusal', async () => {
    const done = uploadToStorage({ url: 'https://s3.test/b', fields: {}, file: file() });
    FakeXhr.last().respond(403, '<Error><Code>AccessDenied</Code><Message>Policy expired</Message></Error>');
    await expect(done).rejects.toMatchObject({ code: 'AccessDenied', message: 'Policy expired', status: 403 });
  });

  it('rejects on a network failure', async () => {
    const done = uploadToStorage({ url: 'https://s3.test/b', fields: {}, file: file() });
    FakeXhr.last().fail();
    await expect(done).rejects.toMatchObject({ code: 'NetworkError', message: STORAGE_NETWORK_MESSAGE });
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const done = uploadToStorage({ url: 'https://s3.test/b', fields: {}, file: file(), signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last().aborted).toBe(true);
  });
});

describe('upload error text', () => {
  it('adds the error name when there is one', () => {
    expect(uploadErrorText(new ApiError(413, 'PayloadTooLarge', 'Too big.'), 'x')).toBe(
      'Too big. (Error: PayloadTooLarge)',
    );
    expect(uploadErrorText(new StorageUploadError('Nope.', 'AccessDenied', 403), 'x')).toBe(
      'Nope. (Error: AccessDenied)',
    );
    expect(uploadErrorText(new TypeError('Failed to fetch'), 'x')).toBe('Failed to fetch (Error: TypeError)');
    expect(uploadErrorText(new Error('Plain.'), 'x')).toBe('Plain.');
    expect(uploadErrorText('???', 'Fallback.')).toBe('Fallback.');
  });

  it('reads S3 error bodies and falls back without one', () => {
    expect(
      storageErrorFrom(400, '<Error><Code>EntityTooLarge</Code><Message>Too large</Message></Error>'),
    ).toMatchObject({
      code: 'EntityTooLarge',
      message: 'Too large',
    });
    expect(storageErrorFrom(500, '')).toMatchObject({ code: 'Http500' });
  });
});
