import { plural } from '#shared/plural';
import { formatDateTime } from '../../lib/format-date-time';
import { type LinkReading as LinkReadingData, useLinkReading } from './sharing-api';

type FileReading = LinkReadingData['files'][number];

/** 42 s, 3 min 05 s, 1 h 02 min: reading times at a glance. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

function FileReadingCard({ file }: { file: FileReading }) {
  const longest = Math.max(...file.pages.map((p) => p.seconds), 1);
  const reached = file.pages.length;
  return (
    <li className="share-reading__file">
      <h4 className="share-reading__name">{file.fileName}</h4>
      <p className="share-reading__totals">
        {plural(file.sessions, 'viewer session')} · {formatDuration(file.totalSeconds)} in all · {reached} of{' '}
        {plural(file.pageCount, 'page')} reached
      </p>
      <ul className="share-reading__pages" aria-label={`Time per page of ${file.fileName}`}>
        {file.pages.map((p) => (
          <li key={p.page} className="share-reading__page">
            <span className="share-reading__page-number">Page {p.page}</span>
            <span className="share-reading__bar" aria-hidden="true">
              <span style={{ width: `${Math.max(2, (p.seconds / longest) * 100)}%` }} />
            </span>
            <span className="share-reading__page-time">
              {formatDuration(p.seconds)} · {plural(p.readers, 'reader')}
            </span>
          </li>
        ))}
      </ul>
      <ul className="share-reading__viewers" aria-label={`Who read ${file.fileName}`}>
        {file.viewers.map((v) => (
          <li key={`${v.lastAt}-${v.viewerEmail ?? ''}`}>
            {v.viewerEmail ?? 'Viewer without email'}: {v.pagesReached} of {plural(file.pageCount, 'page')},{' '}
            {formatDuration(v.totalSeconds)} · <time dateTime={v.lastAt}>{formatDateTime(v.lastAt)}</time>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** What the link's viewers read in the page's viewer: per file, the pages reached and the time on each. */
export function LinkReading({ linkId }: { linkId: string }) {
  const reading = useLinkReading(linkId);
  if (reading.isPending) return <p role="status">Loading reading time</p>;
  if (reading.isError) return <p className="field__error">Could not load the reading time. Please try again.</p>;
  return (
    <section className="share-reading" aria-label="Reading per file">
      <h4 className="share-reading__title">Reading per file</h4>
      {reading.data.files.length === 0 ? (
        <p className="share-events__empty">Nobody has read a file of this link in the viewer yet.</p>
      ) : (
        <ul className="share-reading__files">
          {reading.data.files.map((file) => (
            <FileReadingCard key={file.fileId} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}
