import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  dataRoomKeys,
  deleteFile,
  type FileView,
  fetchDownload,
  removeFileFromCache,
  useFiles,
} from '../../data/data-room/data-room-api';
import { CATEGORY_LABELS, FILE_CATEGORIES, type FileCategory } from '../../data/data-room/file-format';
import { useAccountSub } from '../../lib/account-query';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { fileDownloader } from '../../lib/download';
import { PATHS } from '../../lib/paths';
import { useOnNewError } from '../../lib/use-on-new-error';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { SearchField } from '../../ui/SearchField';
import { type TabItem, Tabs } from '../../ui/Tabs';
import { useToast } from '../../ui/toast/toast-context';
import { type FileAction, FileCard } from './FileCard';
import { IconUpload } from './icons';
import { UploadDialog } from './UploadDialog';
import './data-room.css';

export const DATA_ROOM_TEXTS = {
  title: 'Data Room',
  subtitle: "Store and organize your startup's important documents",
  loadError: 'Error loading files',
  emptyTitle: 'No files found',
  emptySearching: 'Try a different search term',
  emptyNoFiles: 'Upload files to see them here',
  downloadStarted: 'Download started',
  downloadFailed: 'Download failed',
  deleted: 'File deleted',
  deleteFailed: 'Delete failed',
  deleteMetadataFailed: 'Delete failed (metadata)',
} as const;

/** Spec §3: the filter tabs leave out 'other' (those files show under All). */
type Tab = 'all' | Exclude<FileCategory, 'other'>;
const TABS: TabItem<Tab>[] = [
  { value: 'all', label: 'All' },
  ...FILE_CATEGORIES.filter((c): c is Exclude<FileCategory, 'other'> => c !== 'other').map((value) => ({
    value,
    label: CATEGORY_LABELS[value],
  })),
];

const SKELETONS = 6;

function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : FALLBACK_ERROR_MESSAGE;
}

/** Spec §2 Data Room: the founder's documents with search, category tabs, upload, download and delete. */
export function DataRoomPage() {
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

  return (
    <div className="data-room">
      <PageHeader
        title={DATA_ROOM_TEXTS.title}
        subtitle={DATA_ROOM_TEXTS.subtitle}
        aside={
          <>
            <Link className="btn btn--md btn--secondary" to={PATHS.dataRoomSharing}>
              Share Links
            </Link>
            <Button onClick={() => setUploadOpen(true)}>
              <IconUpload size={16} />
              Upload File
            </Button>
          </>
        }
      />

      <section className="data-room__files" aria-labelledby="data-room-files-title">
        <h2 id="data-room-files-title" className="sr-only">
          Files
        </h2>
        <SearchField
          label="Search files"
          placeholder="Search files..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="data-room__search"
        />
        <Tabs label="File categories" items={TABS} value={tab} onChange={setTab} panelRef={panelRef}>
          {files.isPending ? (
            <>
              <p className="sr-only" role="status">
                Loading files
              </p>
              <ul className="file-grid" aria-hidden="true">
                {Array.from({ length: SKELETONS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                  <li key={index} className="card file-skeleton" data-testid="file-skeleton">
                    <span className="file-skeleton__icon" />
                    <span className="file-skeleton__line" />
                    <span className="file-skeleton__line file-skeleton__line--short" />
                  </li>
                ))}
              </ul>
            </>
          ) : files.isError && !files.data ? (
            <div className="data-room__error">
              <p>{DATA_ROOM_TEXTS.loadError}</p>
              <Button variant="secondary" loading={files.isFetching} onClick={() => void files.refetch()}>
                Try again
              </Button>
            </div>
          ) : shown.length === 0 ? (
            <div className="data-room__empty">
              <p className="data-room__empty-title">{DATA_ROOM_TEXTS.emptyTitle}</p>
              <p className="data-room__empty-text">
                {term ? DATA_ROOM_TEXTS.emptySearching : DATA_ROOM_TEXTS.emptyNoFiles}
              </p>
              <Button variant="secondary" onClick={() => setUploadOpen(true)}>
                <IconUpload size={16} />
                Upload a File
              </Button>
            </div>
          ) : (
            <ul className="file-grid">
              {shown.map((file) => (
                <FileCard
                  key={file.id}
                  file={file}
                  busy={busy[file.id]}
                  onDownload={() => download(file)}
                  onDelete={() => setToDelete(file)}
                />
              ))}
            </ul>
          )}
          {files.hasNextPage ? (
            <div className="data-room__more">
              <Button variant="secondary" loading={files.isFetchingNextPage} onClick={() => void files.fetchNextPage()}>
                Load more
              </Button>
            </div>
          ) : null}
        </Tabs>
      </section>

      {uploadOpen ? <UploadDialog onClose={() => setUploadOpen(false)} /> : null}

      <ConfirmDialog
        open={toDelete !== null}
        description={toDelete ? `This action cannot be undone. This will permanently delete ${toDelete.name}.` : ''}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) void remove(toDelete);
        }}
      />
    </div>
  );
}
