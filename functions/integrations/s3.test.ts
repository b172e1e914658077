/**
 * The purges against a mocked S3 client: s3rver keeps no versions, so what a versioned bucket answers —
 * versions, delete markers, pages, a partly failed DeleteObjects — is given here.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  type DeleteObjectsCommandInput,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { headObject, moveObject, purgeObject, purgePrefix, readFirstBytes } from './s3';

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

describe('purge: what a versioned bucket answers', () => {
  const version = { Versions: [{ Key: 'sub-1/a.pdf', VersionId: 'v1' }] };

  it('asks S3 to answer quietly (only the failures), and names the first failure’s code and message', async () => {
    mock.on(ListObjectVersionsCommand).resolves(version);
    mock.on(DeleteObjectsCommand).resolves({
      Errors: [
        { Key: 'sub-1/a.pdf', Code: 'AccessDenied', Message: 'Access Denied' },
        { Key: 'sub-1/b.pdf', Code: 'InternalError', Message: 'later' },
      ],
    });
    await expect(purgePrefix('sub-1/')).rejects.toThrow("S3 kept 2 of sub-1/'s versions: AccessDenied Access Denied");
    expect(mock.commandCalls(DeleteObjectsCommand)[0]?.args[0].input.Delete?.Quiet).toBe(true);
  });

  it('is a 503 only when every kept version failed with an error that passes with time', async () => {
    mock.on(ListObjectVersionsCommand).resolves(version);
    const transient = ['InternalError', 'SlowDown', 'ServiceUnavailable'].map((Code) => ({ Key: 'k', Code }));
    mock.on(DeleteObjectsCommand).resolves({ Errors: transient });
    await expect(purgePrefix('sub-1/')).rejects.toMatchObject({ name: 'ServiceUnavailable' });

    mock.on(DeleteObjectsCommand).resolves({ Errors: [...transient, { Key: 'k', Code: 'AccessDenied' }] });
    await expect(purgePrefix('sub-1/')).rejects.toMatchObject({ name: 'Error' });
    mock.on(DeleteObjectsCommand).resolves({ Errors: [{ Key: 'k' }] });
    await expect(purgePrefix('sub-1/')).rejects.toMatchObject({ name: 'Error' });
  });

  it('falls back to the current objects on each sign of a store without versions, and on no other', async () => {
    const unsupported = [
      new S3ServiceException({ name: 'MethodNotAllowed', $fault: 'client', $metadata: {} }),
      new S3ServiceException({ name: 'NotImplemented', $fault: 'server', $metadata: {} }),
      new S3ServiceException({ name: 'Unknown', $fault: 'client', $metadata: { httpStatusCode: 405 } }),
    ];
    for (const err of unsupported) {
      mock.reset();
      mock.on(ListObjectVersionsCommand).rejects(err);
      mock.on(ListObjectsV2Command).resolves({ Contents: [{ Key: 'sub-1/a.pdf' }] });
      mock.on(DeleteObjectsCommand).resolves({});
      expect(await purgePrefix('sub-1/'), err.name).toBe(1);
    }
    for (const err of [
      new S3ServiceException({ name: 'Unknown', $fault: 'server', $metadata: { httpStatusCode: 500 } }),
      new S3ServiceException({ name: 'Unknown', $fault: 'server', $metadata: {} }),
      'not an error',
    ]) {
      mock.reset();
      mock.on(ListObjectVersionsCommand).rejects(err);
      await expect(purgePrefix('sub-1/')).rejects.toBeDefined();
      expect(mock.commandCalls(ListObjectsV2Command)).toHaveLength(0);
    }
  });

  it('without versions: reads the current objects page after page, in the bucket, skipping entries without a key', async () => {
    mock
      .on(ListObjectVersionsCommand)
      .rejects(new S3ServiceException({ name: 'MethodNotAllowed', $fault: 'client', $metadata: {} }));
    mock
      .on(ListObjectsV2Command, { ContinuationToken: undefined })
      .resolves({ IsTruncated: true, NextContinuationToken: 't2', Contents: [{ Key: 'sub-1/a.pdf' }, {}] })
      .on(ListObjectsV2Command, { ContinuationToken: 't2' })
      .resolves({ IsTruncated: false, NextContinuationToken: 'ignored', Contents: [{ Key: 'sub-1/b.pdf' }] });
    mock.on(DeleteObjectsCommand).resolves({});
    expect(await purgePrefix('sub-1/')).toBe(2);
    expect(deleted()).toEqual([{ Key: 'sub-1/a.pdf' }, { Key: 'sub-1/b.pdf' }]);
    expect(mock.commandCalls(ListObjectsV2Command).map((c) => c.args[0].input)).toEqual([
      { Bucket: 'preseed-test-data', Prefix: 'sub-1/', ContinuationToken: undefined },
      { Bucket: 'preseed-test-data', Prefix: 'sub-1/', ContinuationToken: 't2' },
    ]);
  });

  it('without versions, purgeObject deletes that key only, not keys it is a prefix of', async () => {
    mock
      .on(ListObjectVersionsCommand)
      .rejects(new S3ServiceException({ name: 'MethodNotAllowed', $fault: 'client', $metadata: {} }));
    mock.on(ListObjectsV2Command).resolves({ Contents: [{ Key: 'up/1_a.pdf' }, { Key: 'up/1_a.pdf.bak' }, {}] });
    mock.on(DeleteObjectsCommand).resolves({});
    expect(await purgeObject('up/1_a.pdf')).toBe(1);
    expect(deleted()).toEqual([{ Key: 'up/1_a.pdf' }]);
  });

  it('skips versions without a key and stops where S3 says the listing is complete', async () => {
    mock.on(ListObjectVersionsCommand).resolves({
      IsTruncated: false,
      NextKeyMarker: 'ignored',
      NextVersionIdMarker: 'ignored',
      Versions: [{ VersionId: 'v0' }, { Key: 'sub-1/a.pdf', VersionId: 'v1' }],
      DeleteMarkers: [{ VersionId: 'm0' }],
    });
    mock.on(DeleteObjectsCommand).resolves({});
    expect(await purgePrefix('sub-1/')).toBe(1);
    expect(mock.commandCalls(ListObjectVersionsCommand)).toHaveLength(1);
  });
});

describe('headObject', () => {
  it('gives the stored size and Content-Type of the key in the data bucket', async () => {
    mock.on(HeadObjectCommand).resolves({ ContentLength: 1234, ContentType: 'application/pdf' });
    expect(await headObject('sub-1/a.pdf')).toEqual({ size: 1234, contentType: 'application/pdf' });
    expect(mock.commandCalls(HeadObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'preseed-test-data',
      Key: 'sub-1/a.pdf',
    });
  });

  it('reads an answer without length or type as an empty object of unknown type', async () => {
    mock.on(HeadObjectCommand).resolves({});
    expect(await headObject('sub-1/a.pdf')).toEqual({ size: 0, contentType: 'application/octet-stream' });
  });

  it('is null for a missing object under either name S3 gives it, and throws any other failure', async () => {
    for (const name of ['NotFound', 'NoSuchKey']) {
      mock.on(HeadObjectCommand).rejects(new S3ServiceException({ name, $fault: 'client', $metadata: {} }));
      expect(await headObject('sub-1/a.pdf'), name).toBeNull();
    }
    mock.on(HeadObjectCommand).rejects(new S3ServiceException({ name: 'Forbidden', $fault: 'client', $metadata: {} }));
    await expect(headObject('sub-1/a.pdf')).rejects.toMatchObject({ name: 'Forbidden' });
    // Something thrown that is not an Error is not S3's answer, whatever it carries.
    mock.on(HeadObjectCommand).callsFake(() => Promise.reject({ name: 'NotFound' }));
    await expect(headObject('sub-1/a.pdf')).rejects.toMatchObject({ name: 'NotFound' });
  });
});

describe('moveObject', () => {
  it('copies with each path segment of the source encoded, as S3 decodes it, then purges every version of the source', async () => {
    const from = 'staging/sub-1/1_a&b+c=d é.pdf';
    mock.on(CopyObjectCommand).resolves({});
    mock.on(ListObjectVersionsCommand).resolves({
      IsTruncated: false,
      Versions: [
        { Key: from, VersionId: 'v1' },
        { Key: `${from}.other`, VersionId: 'v9' },
      ],
      DeleteMarkers: [{ Key: from, VersionId: 'm1' }],
    });
    mock.on(DeleteObjectsCommand).resolves({});
    await moveObject(from, 'uploads/sub-1/1_a.pdf');
    expect(mock.commandCalls(CopyObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'preseed-test-data',
      Key: 'uploads/sub-1/1_a.pdf',
      CopySource: 'preseed-test-data/staging/sub-1/1_a%26b%2Bc%3Dd%20%C3%A9.pdf',
    });
    expect(mock.commandCalls(ListObjectVersionsCommand)[0]?.args[0].input).toMatchObject({
      Bucket: 'preseed-test-data',
      Prefix: from,
    });
    expect(deleted()).toEqual([
      { Key: from, VersionId: 'v1' },
      { Key: from, VersionId: 'm1' },
    ]);
    expect(mock.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('keeps the source when the copy fails', async () => {
    mock.on(CopyObjectCommand).rejects(new Error('copy failed'));
    await expect(moveObject('staging/a', 'uploads/a')).rejects.toThrow('copy failed');
    expect(mock.commandCalls(ListObjectVersionsCommand)).toHaveLength(0);
    expect(mock.commandCalls(DeleteObjectsCommand)).toHaveLength(0);
  });
});
