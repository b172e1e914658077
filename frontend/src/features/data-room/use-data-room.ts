import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  dataRoomKeys,
  deleteFile,
  type FileView,
  fetchDownload,
  removeFileFromCache,
  useFiles,
} from '../../data/data-room/data-room-api';
import type { FileCategory } from '../../data/data-room/file-format';
import { useAccountSub } from '../../lib/account-query';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { fileDownloader } from '../../lib/download';
import { useOnNewError } from '../../lib/use-on-new-error';
import { useToast } from '../../ui/toast/toast-context';
import { DATA_ROOM_TEXTS } from './data-room-texts';
import type { FileAction } from './FileCard';

/** The filter tabs: All, then one per upload category. */
export type Tab = 'all' | FileCategory;

function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : FALLBACK_ERROR_MESSAGE;
}

/**
 * The data room's state: the files (filtered by search and tab), each file's running action, the upload dialog and
 * the file waiting for its delete confirmation, with download and delete.
 */
export function useDataRoom() {
  const { toast } = useToast();
  const client = useQueryClient();
  const sub = useAccountSub();
  const files = useFiles();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [toDelete, setToDelete] = useState<FileView | null>(null);
  const [busy, setBusy] = useState<Record<string, FileAction>>({});
  const panelRef = useRef<HTMLDivElement>(null);

  useOnNewError(files.error, files.errorUpdatedAt, (error) => {
    console.error('Could not load the files', error);
    toast({ title: DATA_ROOM_TEXTS.loadError, description: messageOf(error), variant: 'destructive' });
  });

  const setFileBusy = (id: string, action: FileAction | null) =>
    setBusy((current) => {
      const { [id]: _, ...rest } = current;
      return action ? { ...rest, [id]: action } : rest;
    });

  const all = useMemo(() => files.data?.pages.flatMap((page) => page.files) ?? [], [files.data]);
  const term = search.trim().toLowerCase();
  const shown = all.filter(
    (file) => (tab === 'all' || file.category === tab) && (!term || file.name.toLowerCase().includes(term)),
  );

  const download = async (file: FileView) => {
    setFileBusy(file.id, 'download');
    try {
      const link = await fetchDownload(file.id);
      fileDownloader.start(link.url, link.name || file.name);
      toast({ title: DATA_ROOM_TEXTS.downloadStarted, description: `${file.name} is now downloading` });
    } catch (err) {
      console.error('Download failed', err);
      toast({ title: DATA_ROOM_TEXTS.downloadFailed, description: messageOf(err), variant: 'destructive' });
    } finally {
      setFileBusy(file.id, null);
    }
  };

  const remove = async (file: FileView) => {
    setFileBusy(file.id, 'delete');
    try {
      await deleteFile(file.id);
      removeFileFromCache(client, sub, file.id);
      setToDelete(null);
      toast({ title: DATA_ROOM_TEXTS.deleted, description: `${file.name} has been deleted` });
      // The card (and the menu button the dialog would return focus to) is gone: focus stays in the list.
      requestAnimationFrame(() => {
        if (!document.activeElement || document.activeElement === document.body) panelRef.current?.focus();
      });
    } catch (err) {
      console.error('Delete failed', err);
      setToDelete(null);
      const metadata = err instanceof ApiError && err.error === 'MetadataDeleteFailed';
      toast({
        title: metadata ? DATA_ROOM_TEXTS.deleteMetadataFailed : DATA_ROOM_TEXTS.deleteFailed,
        description: messageOf(err),
        variant: 'destructive',
      });
      // What is left of the file is what the server says.
      void client.invalidateQueries({ queryKey: dataRoomKeys.files(sub) });
    } finally {
      setFileBusy(file.id, null);
    }
  };

  const deleting = toDelete ? busy[toDelete.id] === 'delete' : false;

  return {
    files,
    shown,
    searching: term !== '',
    search,
    setSearch,
    tab,
    setTab,
    busy,
    panelRef,
    uploadOpen,
    setUploadOpen,
    toDelete,
    setToDelete,
    deleting,
    download,
    remove,
  };
}
