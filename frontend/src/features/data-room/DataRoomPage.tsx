import { Link } from 'react-router-dom';
import { CATEGORY_LABELS, FILE_CATEGORIES } from '../../data/data-room/file-format';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { SearchField } from '../../ui/SearchField';
import { type TabItem, Tabs } from '../../ui/Tabs';
import { DATA_ROOM_TEXTS } from './data-room-texts';
import { FileCard } from './FileCard';
import { IconUpload } from './icons';
import { UploadDialog } from './UploadDialog';
import { type Tab, useDataRoom } from './use-data-room';
import './data-room.css';

// Every category the upload dialog offers has its tab, 'Other' included: a file filed there is found by its tab too.
const TABS: TabItem<Tab>[] = [
  { value: 'all', label: 'All' },
  ...FILE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
];

const SKELETONS = 6;

type DataRoom = ReturnType<typeof useDataRoom>;

/** Spec §2 Data Room: the founder's documents with search, category tabs, upload, download and delete. */
export function DataRoomPage() {
  const room = useDataRoom();
  const { toDelete } = room;
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
            <Button onClick={() => room.setUploadOpen(true)}>
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
          value={room.search}
          onChange={(event) => room.setSearch(event.target.value)}
          className="data-room__search"
        />
        <Tabs label="File categories" items={TABS} value={room.tab} onChange={room.setTab} panelRef={room.panelRef}>
          <FileList room={room} />
          {room.files.hasNextPage ? (
            <div className="data-room__more">
              <Button
                variant="secondary"
                loading={room.files.isFetchingNextPage}
                onClick={() => void room.files.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </Tabs>
      </section>

      {room.uploadOpen ? <UploadDialog onClose={() => room.setUploadOpen(false)} /> : null}

      <ConfirmDialog
        open={toDelete !== null}
        description={toDelete ? `This action cannot be undone. This will permanently delete ${toDelete.name}.` : ''}
        busy={room.deleting}
        onCancel={() => room.setToDelete(null)}
        onConfirm={() => {
          if (toDelete) void room.remove(toDelete);
        }}
      />
    </div>
  );
}

/** The files of the chosen tab: placeholders while loading, the error with a retry, the empty state, or the cards. */
function FileList({ room }: { room: DataRoom }) {
  const { files, shown } = room;
  if (files.isPending) {
    return (
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
    );
  }
  if (files.isError && !files.data) {
    return (
      <div className="data-room__error">
        <p>{DATA_ROOM_TEXTS.loadError}</p>
        <Button variant="secondary" loading={files.isFetching} onClick={() => void files.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (shown.length === 0) {
    return (
      <div className="data-room__empty">
        <p className="data-room__empty-title">{DATA_ROOM_TEXTS.emptyTitle}</p>
        <p className="data-room__empty-text">
          {room.searching ? DATA_ROOM_TEXTS.emptySearching : DATA_ROOM_TEXTS.emptyNoFiles}
        </p>
        <Button variant="secondary" onClick={() => room.setUploadOpen(true)}>
          <IconUpload size={16} />
          Upload a File
        </Button>
      </div>
    );
  }
  return (
    <ul className="file-grid">
      {shown.map((file) => (
        <FileCard
          key={file.id}
          file={file}
          busy={room.busy[file.id]}
          onDownload={() => room.download(file)}
          onDelete={() => room.setToDelete(file)}
        />
      ))}
    </ul>
  );
}
