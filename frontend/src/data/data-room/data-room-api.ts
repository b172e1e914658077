/**
 * The data room's calls (spec §7 data_room_files, storage): the founder's files page by page, the three steps of an
 * upload (ask for a presigned POST, send the file to storage, confirm), a download link and deletion.
 */
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type {
  ConfirmUploadRequest,
  DownloadResponse,
  FilesResponse,
  FileView,
  StartUploadRequest,
  StartUploadResponse,
} from '#shared/api-types';
import { useAccountSub } from '../../lib/account-query';
import { apiFetch } from '../../lib/api';
import { journeyKeys } from '../journey/journey-api';

export type { FilesResponse, FileView };

export type FilePages = InfiniteData<FilesResponse, string | null>;

export const dataRoomKeys = {
  files: (sub: string) => ['data-room', sub, 'files'] as const,
};

export function fetchFiles(cursor: string | null, signal?: AbortSignal): Promise<FilesResponse> {
  return apiFetch('dataroom.list', {
    query: { cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
}

export function startUpload(body: StartUploadRequest, signal?: AbortSignal): Promise<StartUploadResponse> {
  return apiFetch('dataroom.startUpload', {
    body,
    ...(signal ? { signal } : {}),
  });
}

export function confirmUpload(body: ConfirmUploadRequest, signal?: AbortSignal): Promise<FileView> {
  return apiFetch('dataroom.confirmUpload', {
    body,
    ...(signal ? { signal } : {}),
  }).then((r) => r.file);
}

export function fetchDownload(fileId: string): Promise<DownloadResponse> {
  return apiFetch('dataroom.download', { params: { fileId } });
}

export function deleteFile(fileId: string): Promise<void> {
  return apiFetch('dataroom.delete', { params: { fileId } });
}

/** The founder's files, newest first, 50 a page; `fetchNextPage` loads more while `hasNextPage`. */
export function useFiles() {
  const sub = useAccountSub();
  return useInfiniteQuery({
    queryKey: dataRoomKeys.files(sub),
    queryFn: ({ pageParam, signal }) => fetchFiles(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: sub !== '',
  });
}

/** Puts a just-uploaded file at the top of the cached list (spec §4: the new file goes first). */
export function addFileToCache(client: QueryClient, sub: string, file: FileView): void {
  const key = dataRoomKeys.files(sub);
  const data = client.getQueryData<FilePages>(key);
  if (!data || data.pages.length === 0) {
    void client.invalidateQueries({ queryKey: key });
  } else {
    client.setQueryData<FilePages>(key, {
      ...data,
      pages: data.pages.map((page, index) => {
        const files = page.files.filter((f) => f.id !== file.id);
        return index === 0 ? { ...page, files: [file, ...files] } : { ...page, files };
      }),
    });
  }
  void client.invalidateQueries({ queryKey: journeyKeys.dashboard(sub) });
}

export function removeFileFromCache(client: QueryClient, sub: string, fileId: string): void {
  client.setQueryData<FilePages>(dataRoomKeys.files(sub), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, files: page.files.filter((f) => f.id !== fileId) })) }
      : data,
  );
  void client.invalidateQueries({ queryKey: journeyKeys.dashboard(sub) });
}
