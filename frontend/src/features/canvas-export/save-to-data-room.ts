/**
 * "Save PDF to the data room": the export's PDF goes through the data room's own upload — the API hands out a
 * presigned POST, the browser sends the file to storage, the API checks and records it — so it meets the same size,
 * type and quota rules as a file the founder uploads. The data room never overwrites: saving again adds a copy.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type FileCategory, type FileView, MAX_FILE_BYTES } from '#shared/api-types';
import { checkFileType } from '#shared/domain/data-room';
import { type ToolId, toolOf } from '#shared/domain/validate-tools';
import { addFileToCache, confirmUpload, startUpload } from '../../data/data-room/data-room-api';
import { uploadErrorText, uploadToStorage } from '../../data/data-room/upload-to-storage';
import { ApiError } from '../../lib/api';

/** The data room category closest to each tool: the One Pager is what a pitch deck is for. */
export const DATA_ROOM_CATEGORY: Record<ToolId, FileCategory> = {
  'one-pager': 'pitch-deck',
  'market-research': 'market-research',
  'industry-insights': 'market-research',
  swot: 'market-research',
  pestel: 'market-research',
  'market-plan': 'market-research',
  'go-to-market': 'market-research',
  'product-requirements': 'product',
  'path-to-mvp': 'product',
  branding: 'other',
};

const PDF = 'application/pdf';

/** '<Tool title>.pdf', the name the data room shows. */
export function dataRoomName(tool: ToolId): string {
  return `${toolOf(tool).title}.pdf`;
}

/** Why a save failed, in words the founder can act on. */
export function dataRoomSaveProblem(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) {
    return 'Your session has ended. Sign in again, then save the PDF again.';
  }
  return uploadErrorText(err, 'The PDF could not be saved to the data room. Please try again.');
}

export interface DataRoomPdf {
  blob: Blob;
  name: string;
  category: FileCategory;
}

/** Uploads the PDF in the data room's three steps and puts it at the top of the cached file list. */
export async function savePdfToDataRoom(
  client: QueryClient,
  sub: string,
  { blob, name, category }: DataRoomPdf,
  signal?: AbortSignal,
): Promise<FileView> {
  if (blob.size > MAX_FILE_BYTES) {
    throw new Error('The PDF is larger than the data room’s 10 MB limit. Shorten the tool, then try again.');
  }
  const verdict = checkFileType(name, PDF);
  if (!verdict.ok) throw new Error(verdict.message);
  const opts = signal ? { signal } : {};
  const ticket = await startUpload({ name, size: blob.size, contentType: PDF, category }, signal);
  const file = new File([blob], name, { type: PDF });
  await uploadToStorage({ url: ticket.url, fields: ticket.fields, file, ...opts });
  const saved = await confirmUpload({ key: ticket.key, name, category }, signal);
  addFileToCache(client, sub, saved);
  return saved;
}
