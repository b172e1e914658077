/**
 * Data room area: presigned uploads straight to S3, checked by the API before they are
 * recorded (s3rver ignores POST policies, and a check of our own is right in the cloud
 * too), presigned downloads, and deletes. Keys always start with the caller's id.
 */
import * as z from 'zod';
import { deleteObject, headObject, moveObject, presignDownload, presignUpload } from '../integrations/s3';
import { BadRequestError, HttpError, NotFoundError, PayloadTooLargeError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { finalKeyFor, safeFileName, stagingKey } from '../store/file-keys';
import {
  deleteFileRecord,
  fileIdFor,
  getFile,
  InvalidFileCursorError,
  listFiles,
  publicView,
  putFile,
} from '../store/files';
import {
  type ConfirmUploadResponse,
  type DownloadResponse,
  FILE_CATEGORIES,
  type FilesResponse,
  MAX_FILE_BYTES,
  type StartUploadResponse,
} from './api-types';

const TOO_LARGE = 'The file is larger than 10MB. Please choose a smaller file.';
const category = z.enum(FILE_CATEGORIES, { error: () => `Category must be one of: ${FILE_CATEGORIES.join(', ')}.` });
const fileName = z
  .string({ error: () => 'A file name is required.' })
  .trim()
  .min(1, { error: 'A file name is required.' })
  .max(255, { error: 'The file name must be at most 255 characters.' });
const fileId = z.object({ fileId: z.string().regex(/^\d{13}-[\w-]{10}$/, { error: 'No such file.' }) });

export const dataroomRoutes: AreaRoutes<'dataroom'> = {
  'dataroom.list': defineRoute('dataroom.list', {
    query: z.object({ cursor: z.string().max(2000).optional() }),
    handle: async ({ principal, query }) => {
      try {
        const page = await listFiles(principal.sub, query.cursor);
        const response: FilesResponse = { files: page.files.map(publicView), nextCursor: page.nextCursor };
        return { body: response };
      } catch (err) {
        if (err instanceof InvalidFileCursorError) throw new BadRequestError(err.message);
        throw err;
      }
    },
  }),

  'dataroom.startUpload': defineRoute('dataroom.startUpload', {
    body: z.strictObject({
      name: fileName,
      size: z
        .number({ error: () => 'size must be a number of bytes.' })
        .int()
        .positive({ error: 'The file is empty.' }),
      contentType: z.string().max(200).default('application/octet-stream'),
      category,
    }),
    handle: async ({ principal, body }) => {
      if (body.size > MAX_FILE_BYTES) throw new PayloadTooLargeError(TOO_LARGE);
      const key = stagingKey(principal.sub, Date.now(), body.name);
      const post = await presignUpload(key, body.contentType || 'application/octet-stream', MAX_FILE_BYTES);
      const response: StartUploadResponse = { url: post.url, fields: post.fields, key, maxBytes: MAX_FILE_BYTES };
      return { body: response };
    },
  }),

  'dataroom.confirmUpload': defineRoute('dataroom.confirmUpload', {
    body: z.strictObject({ key: z.string().min(1).max(1024), name: fileName, category }),
    handle: async ({ principal, body }) => {
      const target = finalKeyFor(principal.sub, body.key);
      // Another founder's key (or any other key) is simply not an upload of this caller.
      if (!target) throw new NotFoundError('No such upload. Please upload the file again.');
      const id = fileIdFor(target.key, target.timestamp);
      const existing = await getFile(principal.sub, id);
      if (existing) return { statusCode: 200, body: { file: publicView(existing) } satisfies ConfirmUploadResponse };

      const staged = await headObject(body.key);
      if (!staged) {
        // A retried confirm after the move: the object is already in place.
        const moved = await headObject(target.key);
        if (!moved) throw new NotFoundError('The upload was not found. Please upload the file again.');
      } else {
        if (staged.size > MAX_FILE_BYTES) {
          await deleteObject(body.key);
          throw new PayloadTooLargeError(TOO_LARGE);
        }
        await moveObject(body.key, target.key);
      }
      const stored = await headObject(target.key);
      if (!stored) throw new NotFoundError('The upload was not found. Please upload the file again.');
      const file = await putFile(principal.sub, {
        id,
        key: target.key,
        name: safeFileName(body.name),
        category: body.category,
        size: stored.size,
        contentType: stored.contentType,
        uploadedAt: new Date(target.timestamp).toISOString(),
      });
      const response: ConfirmUploadResponse = { file: publicView(file) };
      return { statusCode: 201, body: response };
    },
  }),

  'dataroom.download': defineRoute('dataroom.download', {
    params: fileId,
    handle: async ({ principal, params }) => {
      const file = await getFile(principal.sub, params.fileId);
      if (!file) throw new NotFoundError('No such file.');
      const response: DownloadResponse = { url: await presignDownload(file.key, file.name), name: file.name };
      return { body: response };
    },
  }),

  'dataroom.delete': defineRoute('dataroom.delete', {
    params: fileId,
    handle: async ({ principal, params, log }) => {
      const file = await getFile(principal.sub, params.fileId);
      if (!file) throw new NotFoundError('No such file.');
      try {
        await deleteObject(file.key);
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

export const handler = createAreaHandler('dataroom', dataroomRoutes);
