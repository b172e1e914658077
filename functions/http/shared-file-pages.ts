/**
 * The pages a reading beacon may claim for a shared file, from what the server knows of it: the share page's
 * viewer shows anything but a PDF as one page, so a beacon claiming more would show the founder pages the file does
 * not have. A PDF's count is its renderer's, held to the first beacon's by the store (functions/store/share-reading.ts).
 */
import { BadRequestError } from '../lib/errors';
import type { FileRecord } from '../store/files';

export function checkReportedPageCount(file: Pick<FileRecord, 'contentType'>, pageCount: number): void {
  if (file.contentType !== 'application/pdf' && pageCount !== 1) {
    throw new BadRequestError(`This file is shown as one page, not ${pageCount}.`);
  }
}
