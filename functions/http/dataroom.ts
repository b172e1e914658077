/**
 * Data room area: presigned uploads straight to S3, checked by the API before they are
 * recorded (s3rver ignores POST policies, and a check of our own is right in the cloud
 * too) — size, declared type, name, the content's first bytes and, for a PDF, the whole file (its pages
 * and no active content) —, presigned downloads,
 * and deletes. Keys always start with the caller's id.
 */

import {
  type ConfirmUploadResponse,
  type DownloadResponse,
  type FilesResponse,
  MAX_FILE_BYTES,
  type StartUploadResponse,
} from '#shared/api-types';
import { dataroomContract } from '#shared/contract/dataroom';
import {
  CONTENT_CHECK_BYTES,
  checkFileType,
  contentMismatch,
  contentTypeForName,
  quotaAllows,
} from '#shared/domain/data-room';
import {
  headObject,
  moveObject,
  presignDownload,
  presignUpload,
  purgeObject,
  readFirstBytes,
} from '../integrations/s3';
import { BadRequestError, HttpError, NotFoundError, PayloadTooLargeError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { acceptedPdfPageCount } from '../lib/pdf-inspection';
import { AccountClosedError } from '../store/account-guard';
import { finalKeyFor, safeFileName, stagingKey } from '../store/file-keys';
import {
  deleteFileRecord,
  type FileRecord,
  fileIdFor,
  getDataRoomUsage,
  getFile,
  listFiles,
  publicView,
  putFile,
  QuotaExceededError,
} from '../store/files';

const TOO_LARGE = 'The file is larger than 10MB. Please choose a smaller file.';
/**
 * The content type a file of this name may be stored as: refused with 415 when the type is not on the data
 * room's list, 400 when the name's extension belongs to another type (shared/domain/data-room.ts).
 */
function allowedType(name: string, contentType: string): string {
  const verdict = checkFileType(name, contentType);
  if (verdict.ok) return verdict.contentType;
  if (verdict.reason === 'not-allowed') throw new HttpError(415, 'UnsupportedMediaType', verdict.message);
  throw new BadRequestError(verdict.message, [{ field: 'name', message: verdict.message }]);
}

export const dataroomRoutes: AreaRoutes<'dataroom'> = {
  'dataroom.list': defineRoute('dataroom.list', {
    handle: async ({ principal, query }) => {
      const page = await listFiles(principal.sub, query.cursor);
      const response: FilesResponse = { files: page.files.map(publicView), nextCursor: page.nextCursor };
      return { body: response };
    },
  }),

  'dataroom.startUpload': defineRoute('dataroom.startUpload', {
    handle: async ({ principal, body }) => {
      if (body.size > MAX_FILE_BYTES) throw new PayloadTooLargeError(TOO_LARGE);
      const name = safeFileName(body.name);
      const contentType = allowedType(name, body.contentType || contentTypeForName(name) || '');
      // Refused now rather than after a 10 MB upload; the confirm is what enforces it.
      const used = await getDataRoomUsage(principal.sub);
      if (!quotaAllows(used, body.size)) throw new QuotaExceededError(used, body.size);
      const key = stagingKey(principal.sub, Date.now(), body.name);
      const post = await presignUpload(key, contentType, MAX_FILE_BYTES);
      const response: StartUploadResponse = { url: post.url, fields: post.fields, key, maxBytes: MAX_FILE_BYTES };
      return { body: response };
    },
  }),

  'dataroom.confirmUpload': defineRoute('dataroom.confirmUpload', {
    handle: async ({ principal, body }) => {
      const target = finalKeyFor(principal.sub, body.key);
      // Another founder's key (or any other key) is simply not an upload of this caller.
      if (!target) throw new NotFoundError('No such upload. Please upload the file again.');
      const id = fileIdFor(target.key, target.timestamp);
      const existing = await getFile(principal.sub, id);
      if (existing) return { statusCode: 200, body: { file: publicView(existing) } satisfies ConfirmUploadResponse };

      const name = safeFileName(body.name);
      const staged = await headObject(body.key);
      // A retried confirm after the move finds the object in place instead.
      const objectKey = staged ? body.key : target.key;
      const object = staged ?? (await headObject(target.key));
      if (!object) throw new NotFoundError('The upload was not found. Please upload the file again.');
      // The object's own Content-Type, whatever the presign was told: the POST policy binds it in the cloud,
      // s3rver does not. Both the name in the key and the name to be shown must agree with it.
      let contentType: string;
      let pageCount: number;
      try {
        if (object.size > MAX_FILE_BYTES) throw new PayloadTooLargeError(TOO_LARGE);
        contentType = allowedType(target.name, object.contentType);
        allowedType(name, contentType);
        // The bytes must be what the type says: a text file named .pdf and declared a PDF is still text.
        const head = await readFirstBytes(objectKey, CONTENT_CHECK_BYTES);
        const mismatch = contentMismatch(contentType, head, object.size > head.length);
        if (mismatch) throw new HttpError(415, 'UnsupportedMediaType', mismatch);
        // The share page's viewer shows anything but a PDF as one page.
        pageCount =
          contentType === 'application/pdf'
            ? await acceptedPdfPageCount(await readFirstBytes(objectKey, MAX_FILE_BYTES))
            : 1;
      } catch (err) {
        // Every version: a refused upload is not kept, not even as a non-current version. (Not when S3 failed to
        // answer: the upload may be fine, and a retried confirm checks it again.)
        if (err instanceof HttpError && err.statusCode < 500) await purgeObject(objectKey);
        throw err;
      }
      if (staged) await moveObject(body.key, target.key);
      let file: FileRecord;
      try {
        file = await putFile(principal.sub, {
          id,
          key: target.key,
          name,
          category: body.category,
          size: object.size,
          contentType,
          uploadedAt: new Date(target.timestamp).toISOString(),
          pageCount,
        });
      } catch (err) {
        // Nothing is kept of an upload that does not fit, nor of one for an account deleted while it was confirmed
        // (the deletion's purge of the founder's objects may have run before the move).
        if (err instanceof AccountClosedError || err instanceof QuotaExceededError) await purgeObject(target.key);
        throw err;
      }
      const response: ConfirmUploadResponse = { file: publicView(file) };
      return { statusCode: 201, body: response };
    },
  }),

  'dataroom.download': defineRoute('dataroom.download', {
    handle: async ({ principal, params }) => {
      const file = await getFile(principal.sub, params.fileId);
      if (!file) throw new NotFoundError('No such file.');
      const response: DownloadResponse = { url: await presignDownload(file.key, file.name), name: file.name };
      return { body: response };
    },
  }),

  'dataroom.delete': defineRoute('dataroom.delete', {
    handle: async ({ principal, params, log }) => {
      const file = await getFile(principal.sub, params.fileId);
      if (!file) throw new NotFoundError('No such file.');
      try {
        // Every version and delete marker: a deleted file is not recoverable from the versioned bucket.
        await purgeObject(file.key);
      } catch (err) {
        log.error('deleting the stored file failed', { err, fileId: file.id });
        throw new HttpError(
          502,
          'StorageDeleteFailed',
          'Delete failed: the file could not be removed. Please try again.',
        );
      }
      try {
        await deleteFileRecord(principal.sub, file.id);
      } catch (err) {
        log.error('deleting the file record failed', { err, fileId: file.id });
        throw new HttpError(
          500,
          'MetadataDeleteFailed',
          'Delete failed (metadata): the file was removed but its record was not. Please try again.',
        );
      }
      return {};
    },
  }),
};

export const handler = createAreaHandler('dataroom', dataroomRoutes, dataroomContract);
