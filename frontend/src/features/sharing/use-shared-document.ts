import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import type { PDFDocumentProxy } from './pdf-engine';
import { type SharedFile, viewerApi } from './sharing-api';

export type SharedDocument =
  | { kind: 'loading' }
  | { kind: 'pdf'; pdf: PDFDocumentProxy; pageCount: number }
  | { kind: 'image'; url: string }
  | { kind: 'text'; text: string }
  /** Office files and the like: no in-page renderer. */
  | { kind: 'unsupported' }
  | { kind: 'error'; message: string };

/** Storage or the renderer failed: opening the file again (Back to files, Open) may well work. */
const NOT_SHOWN = 'This file could not be shown just now. Go back to the files and open it again.';

const isImage = (type: string) => type.startsWith('image/');
/** Every text type the data room takes (plain, Markdown, CSV) reads as it is. */
const isText = (type: string) => type.startsWith('text/');

/**
 * A shared file's content for the in-page viewer: the API's short-lived inline link is fetched by the page (never
 * opened by the browser), and a PDF is handed to pdf.js as bytes, pdf.js itself loaded only then. Session and link
 * refusals go to the page (`onRefused`), which knows what to show.
 */
export function useSharedDocument(
  session: string,
  file: SharedFile,
  onRefused: (err: ApiError) => boolean,
): SharedDocument {
  const [doc, setDoc] = useState<SharedDocument>({ kind: 'loading' });
  // The latest handler, read when a refusal comes: a new one from the page must not fetch the file again.
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;

  useEffect(() => {
    let cancelled = false;
    let cleanup = () => {};
    const show = (next: SharedDocument) => {
      if (!cancelled) setDoc(next);
    };
    // What a load made (an object URL, a pdf.js task) is freed on unmount, or at once if that came first.
    const own = (free: () => void) => {
      if (cancelled) free();
      else cleanup = free;
    };
    const load = async () => {
      if (!isImage(file.contentType) && !isText(file.contentType) && file.contentType !== 'application/pdf') {
        return show({ kind: 'unsupported' });
      }
      const link = await viewerApi.download(session, file.id, 'inline');
      const response = await fetch(link.url);
      if (!response.ok) throw new Error(`storage answered ${response.status}`);
      if (isImage(file.contentType)) {
        const url = URL.createObjectURL(await response.blob());
        own(() => URL.revokeObjectURL(url));
        return show({ kind: 'image', url });
      }
      if (isText(file.contentType)) return show({ kind: 'text', text: await response.text() });
      const { openPdf } = await import('./pdf-engine');
      const task = openPdf(new Uint8Array(await response.arrayBuffer()));
      own(() => void task.destroy());
      const pdf = await task.promise;
      show({ kind: 'pdf', pdf, pageCount: pdf.numPages });
    };
    setDoc({ kind: 'loading' });
    load().catch((err: unknown) => {
      if (cancelled) return;
      if (err instanceof ApiError && refusedRef.current(err)) return;
      setDoc({ kind: 'error', message: err instanceof ApiError && err.message ? err.message : NOT_SHOWN });
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [session, file]);

  return doc;
}
