/**
 * The purges against a mocked S3 client: s3rver keeps no versions, so what a versioned bucket answers —
 * versions, delete markers, pages, a partly failed DeleteObjects — is given here.
 */
import {
  DeleteObjectsCommand,
  type DeleteObjectsCommandInput,
  GetObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { purgeObject, purgePrefix, readFirstBytes } from './s3';

const mock = mockClient(S3Client);
beforeAll(() => {
  process.env.DATA_BUCKET = 'preseed-test-data';
  process.env.AWS_REGION ??= 'eu-west-1';
});
afterEach(() => mock.reset());

const deleted = () =>
  mock
    .commandCalls(DeleteObjectsCommand)
    .flatMap((c) => (c.args[0].input as DeleteObjectsCommandInput).Delete?.Objects ?? []);

describe('purgePrefix', () => {
  it('deletes every version and delete marker under the prefix, page after page, by version id', async () => {
    mock
      .on(ListObjectVersionsCommand, { Prefix: 'sub-1/', KeyMarker: undefined })
      .resolves({
        IsTruncated: true,
        NextKeyMarker: 'sub-1/b.pdf',
        NextVersionIdMarker: 'v2',
        Versions: [
          { Key: 'sub-1/a.pdf', VersionId: 'v1' },
          { Key: 'sub-1/b.pdf', VersionId: 'v2' },
        ],
        DeleteMarkers: [{ Key: 'sub-1/a.pdf', VersionId: 'm1' }],
      })
      .on(ListObjectVersionsCommand, { Prefix: 'sub-1/', KeyMarker: 'sub-1/b.pdf', VersionIdMarker: 'v2' })
      .resolves({ IsTruncated: false, Versions: [{ Key: 'sub-1/b.pdf', VersionId: 'v0' }] });
    mock.on(DeleteObjectsCommand).resolves({});

    expect(await purgePrefix('sub-1/')).toBe(4);
    expect(deleted()).toEqual([
      { Key: 'sub-1/a.pdf', VersionId: 'v1' },
      { Key: 'sub-1/b.pdf', VersionId: 'v2' },
      { Key: 'sub-1/a.pdf', VersionId: 'm1' },
      { Key: 'sub-1/b.pdf', VersionId: 'v0' },
    ]);
    expect(mock.commandCalls(DeleteObjectsCommand)[0]?.args[0].input).toMatchObject({ Bucket: 'preseed-test-data' });
  });

  it('sends at most 1,000 keys per DeleteObjects', async () => {
    const versions = Array.from({ length: 2500 }, (_, i) => ({ Key: `sub-1/f${i}`, VersionId: `v${i}` }));
    mock.on(ListObjectVersionsCommand).resolves({ IsTruncated: false, Versions: versions });
    mock.on(DeleteObjectsCommand).resolves({});
    expect(await purgePrefix('sub-1/')).toBe(2500);
    expect(mock.commandCalls(DeleteObjectsCommand).map((c) => c.args[0].input.Delete?.Objects?.length)).toEqual([
      1000, 1000, 500,
    ]);
  });

  it('fails when S3 keeps any version, so the caller does not report the files gone', async () => {
    mock.on(ListObjectVersionsCommand).resolves({ Versions: [{ Key: 'sub-1/a.pdf', VersionId: 'v1' }] });
    mock.on(DeleteObjectsCommand).resolves({ Errors: [{ Key: 'sub-1/a.pdf', Code: 'AccessDenied', Message: 'no' }] });
    await expect(purgePrefix('sub-1/')).rejects.toThrow(/kept 1 of sub-1\/'s versions: AccessDenied/);
  });

  it('names a failure S3 says passes with time ServiceUnavailable, so the API answers 503 and a retry purges again', async () => {
    mock.on(ListObjectVersionsCommand).resolves({ Versions: [{ Key: 'sub-1/a.pdf', VersionId: 'v1' }] });
    mock.on(DeleteObjectsCommand).resolves({ Errors: [{ Key: 'sub-1/a.pdf', Code: 'SlowDown', Message: 'slow' }] });
    await expect(purgePrefix('sub-1/')).rejects.toMatchObject({ name: 'ServiceUnavailable' });
  });

  it('falls back to the current objects only where ListObjectVersions is not implemented (s3rver answers 405)', async () => {
    mock
      .on(ListObjectVersionsCommand)
      .rejects(
        new S3ServiceException({ name: 'MethodNotAllowed', $fault: 'client', $metadata: { httpStatusCode: 405 } }),
      );
    mock.on(ListObjectsV2Command).resolves({ Contents: [{ Key: 'sub-1/a.pdf' }] });
    mock.on(DeleteObjectsCommand).resolves({});
    expect(await purgePrefix('sub-1/')).toBe(1);
    expect(deleted()).toEqual([{ Key: 'sub-1/a.pdf' }]);
  });

  it('does not fall back on any other failure (access denied stays an error)', async () => {
    mock
      .on(ListObjectVersionsCommand)
      .rejects(new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 } }));
    await expect(purgePrefix('sub-1/')).rejects.toThrow();
    expect(mock.commandCalls(ListObjectsV2Command)).toHaveLength(0);
    expect(mock.commandCalls(DeleteObjectsCommand)).toHaveLength(0);
  });

  it('wants a folder: a bare id would also reach ids that start with it', () => {
    expect(() => purgePrefix('sub-1')).toThrow(/wants a folder/);
  });

  it('deletes nothing when nothing is there', async () => {
    mock.on(ListObjectVersionsCommand).resolves({ IsTruncated: false });
    expect(await purgePrefix('sub-1/')).toBe(0);
    expect(mock.commandCalls(DeleteObjectsCommand)).toHaveLength(0);
  });
});

describe('purgeObject', () => {
  it('deletes every version of that key only, not of keys it is a prefix of', async () => {
    mock.on(ListObjectVersionsCommand).resolves({
      Versions: [
        { Key: 'uploads/sub-1/1_a.pdf', VersionId: 'v1' },
        { Key: 'uploads/sub-1/1_a.pdf.bak', VersionId: 'v2' },
      ],
      DeleteMarkers: [{ Key: 'uploads/sub-1/1_a.pdf', VersionId: 'm1' }],
    });
    mock.on(DeleteObjectsCommand).resolves({});
    expect(await purgeObject('uploads/sub-1/1_a.pdf')).toBe(2);
    expect(deleted()).toEqual([
      { Key: 'uploads/sub-1/1_a.pdf', VersionId: 'v1' },
      { Key: 'uploads/sub-1/1_a.pdf', VersionId: 'm1' },
    ]);
  });
});

describe('readFirstBytes', () => {
  it('asks for a range and never hands back more than asked, even from a store that ignores ranges', async () => {
    mock.on(GetObjectCommand).resolves({
      Body: { transformToByteArray: async () => new Uint8Array(10).fill(7) } as never,
    });
    expect(await readFirstBytes('sub-1/a.pdf', 4)).toEqual(new Uint8Array(4).fill(7));
    expect(mock.commandCalls(GetObjectCommand)[0]?.args[0].input).toMatchObject({ Range: 'bytes=0-3' });
  });
});
