/** Presigned uploads straight to S3 (checked by the API before they are recorded), downloads and deletes. */
import * as z from 'zod';
import { FILE_CATEGORIES } from '../domain/data-room';
import { nextCursor } from './fields';
import { type AreaContract, noContent, oneOf } from './schema';

const category = oneOf('Category', FILE_CATEGORIES);
const fileName = z
  .string({ error: () => 'A file name is required.' })
  .trim()
  .min(1, { error: 'A file name is required.' })
  .max(255, { error: 'The file name must be at most 255 characters.' });
const fileParams = z.object({ fileId: z.string().regex(/^\d{13}-[\w-]{10}$/, { error: 'No such file.' }) });

export const fileView = z.object({
  id: z.string(),
  name: z.string(),
  category,
  size: z.number(),
  contentType: z.string(),
  uploadedAt: z.string(),
});

/** Newest first, 50 a page. */
export const filesResponse = z.object({ files: z.array(fileView), nextCursor });

/** Asks for a presigned POST; the browser then uploads straight to S3. */
export const startUploadBody = z.strictObject({
  name: fileName,
  size: z
    .number({ error: () => 'size must be a number of bytes.' })
    .int()
    .positive({ error: 'The file is empty.' }),
  // Browsers send '' for types they do not know: the name's extension decides then.
  contentType: z
    .string({ error: () => 'contentType must be text.' })
    .max(200)
    .optional(),
  category,
});
export const startUploadResponse = z.object({
  /** POST the file as multipart form data to `url` with every field of `fields` first, the file last (`file`). */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number(),
});

/** After the upload: the server checks the stored object and records it. */
export const confirmUploadBody = z.strictObject({ key: z.string().min(1).max(1024), name: fileName, category });
export const confirmUploadResponse = z.object({ file: fileView });

/** A short-lived link that saves under the original name. */
export const downloadResponse = z.object({ url: z.string(), name: z.string() });

export const dataroomContract = {
  'dataroom.list': { query: z.object({ cursor: z.string().max(2000).optional() }), response: filesResponse },
  'dataroom.startUpload': { body: startUploadBody, response: startUploadResponse },
  'dataroom.confirmUpload': { body: confirmUploadBody, response: confirmUploadResponse },
  'dataroom.download': { params: fileParams, response: downloadResponse },
  'dataroom.delete': { params: fileParams, response: noContent },
} as const satisfies AreaContract<'dataroom'>;
