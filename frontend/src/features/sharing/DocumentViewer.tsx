import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { PdfPage } from './PdfPage';
import type { SharedFile } from './sharing-api';
import { useReadingTime } from './use-reading-time';
import { type SharedDocument, useSharedDocument } from './use-shared-document';

export interface DocumentViewerProps {
  session: string;
  file: SharedFile;
  allowDownload: boolean;
  downloading: boolean;
  onDownload: () => void;
  onClose: () => void;
  /** A refusal the page handles (session ended, link gone): true when it did. */
  onRefused: (err: ApiError) => boolean;
}

const pageCountOf = (doc: SharedDocument): number | null =>
  doc.kind === 'pdf' ? doc.pageCount : doc.kind === 'image' || doc.kind === 'text' ? 1 : null;

/**
 * A shared file shown inside the share page: a PDF page by page (buttons or arrow keys), an image or a text
 * file as it is. The time each page is on screen goes to the founder (use-reading-time.ts). Download appears
 * only where the founder allows it.
 */
export function DocumentViewer({
  session,
  file,
  allowDownload,
  downloading,
  onDownload,
  onClose,
  onRefused,
}: DocumentViewerProps) {
  const doc = useSharedDocument(session, file, onRefused);
  const pageCount = pageCountOf(doc);
  const [page, setPage] = useState(1);
  useReadingTime({ session, fileId: file.id, pageCount, page });

  const turn = useCallback(
    (by: number) => setPage((current) => Math.min(Math.max(1, current + by), pageCount ?? 1)),
    [pageCount],
  );
  // Arrow keys turn pages wherever the focus is: the viewer is the whole page while it is open.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight' || event.key === 'PageDown') turn(1);
      else if (event.key === 'ArrowLeft' || event.key === 'PageUp') turn(-1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [turn]);

  return (
    <main className="share-viewer">
      <div className="share-viewer__bar">
        <Button variant="secondary" size="sm" onClick={onClose}>
          Back to files
        </Button>
        <h1 className="share-viewer__title">{file.name}</h1>
        {allowDownload ? (
          <Button size="sm" loading={downloading} onClick={onDownload} aria-label={`Download ${file.name}`}>
            Download
          </Button>
        ) : (
          <span className="share-viewer__note">View only</span>
        )}
      </div>
      <section className="share-viewer__stage" aria-label={`${file.name}, shown here`}>
        {doc.kind === 'loading' ? <Spinner label={`Opening ${file.name}`} /> : null}
        {doc.kind === 'error' ? (
          <p className="field__error" role="alert">
            {doc.message}
          </p>
        ) : null}
        {doc.kind === 'unsupported' ? (
          <p className="shared-files__message">
            {allowDownload
              ? 'This type of file cannot be shown here. Download it to open it on your device.'
              : 'This type of file cannot be shown here, and its sender allows viewing only. Ask them for a PDF.'}
          </p>
        ) : null}
        {doc.kind === 'image' ? <img className="share-viewer__image" src={doc.url} alt={file.name} /> : null}
        {doc.kind === 'text' ? <pre className="share-viewer__text">{doc.text}</pre> : null}
        {doc.kind === 'pdf' ? <PdfPage pdf={doc.pdf} page={page} label={`Page ${page} of ${file.name}`} /> : null}
      </section>
      {doc.kind === 'pdf' ? (
        <nav className="share-viewer__pages" aria-label="Pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => turn(-1)}>
            Previous page
          </Button>
          <span aria-live="polite">
            Page {page} of {doc.pageCount}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= doc.pageCount} onClick={() => turn(1)}>
            Next page
          </Button>
        </nav>
      ) : null}
    </main>
  );
}
