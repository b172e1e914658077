import { useMemo, useState } from 'react';
import { useFiles } from '../../data/data-room/data-room-api';
import { SelectField } from '../../ui/SelectField';
import { ShareEvents } from './ShareEvents';
import { useRecentViews } from './sharing-api';

/** The file filter's value for every file (file ids never take this form). */
const ALL_FILES = 'all';

/** The founder's latest views and downloads across links, or one file's. */
export function ViewsByFile() {
  const files = useFiles();
  const [fileId, setFileId] = useState(ALL_FILES);
  const views = useRecentViews(fileId === ALL_FILES ? null : fileId);
  const options = useMemo(
    () => [
      { value: ALL_FILES, label: 'All files' },
      ...(files.data?.pages.flatMap((page) => page.files) ?? []).map((file) => ({ value: file.id, label: file.name })),
    ],
    [files.data],
  );
  return (
    <section className="share-section" aria-labelledby="share-views-title">
      <h2 id="share-views-title" className="share-section__title">
        Recent views
      </h2>
      <SelectField label="File" options={options} value={fileId} onChange={(event) => setFileId(event.target.value)} />
      {views.isPending ? (
        <p role="status">Loading views</p>
      ) : views.isError ? (
        <p className="field__error">Could not load the views. Please try again.</p>
      ) : (
        <ShareEvents events={views.data.events} />
      )}
    </section>
  );
}
