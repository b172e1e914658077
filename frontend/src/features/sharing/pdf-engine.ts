/**
 * PDF.js, loaded only when a shared PDF is opened: this module is imported dynamically by the document viewer,
 * so neither pdf.js nor its worker is part of any other page's JavaScript. The worker file is emitted as its own
 * asset and fetched from our origin (CSP `'self'`).
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

/** Opens a PDF from bytes already fetched (so no storage URL is handed to pdf.js after it expires). */
export function openPdf(bytes: Uint8Array): { promise: Promise<PDFDocumentProxy>; destroy: () => Promise<void> } {
  // The site's CSP has no 'unsafe-eval': pdf.js must not try compiling fonts with Function().
  const task = getDocument({ data: bytes, isEvalSupported: false });
  return { promise: task.promise, destroy: () => task.destroy() };
}

/** Draws page `pageNumber` on `canvas` as large as fits `box` (CSS pixels), sharp on high-density screens. */
export async function renderPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  box: { width: number; height: number },
): Promise<{ cancel: () => void; done: Promise<void> }> {
  const page = await pdf.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const ratio = window.devicePixelRatio || 1;
  const fit = Math.min(box.width / base.width, box.height / base.height);
  const viewport = page.getViewport({ scale: fit * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  const task = page.render({ canvas, viewport });
  return { cancel: () => task.cancel(), done: task.promise };
}
