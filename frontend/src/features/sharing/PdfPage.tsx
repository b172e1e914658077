import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from './pdf-engine';

/** Widest a page is drawn, in CSS pixels: wider screens get margins rather than a page too wide to read. */
const MAX_WIDTH = 900;

/** One page of a PDF, drawn to fit the width of its frame (and drawn again when that width changes). */
export function PdfPage({ pdf, page, label }: { pdf: PDFDocumentProxy; page: number; label: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(Math.min(MAX_WIDTH, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!target || width === 0) return;
    let cancel = () => {};
    let stopped = false;
    setDrawn(false);
    import('./pdf-engine')
      .then(({ renderPage }) => renderPage(pdf, page, target, width))
      .then((render) => {
        cancel = render.cancel;
        if (stopped) render.cancel();
        return render.done;
      })
      .then(() => {
        if (!stopped) setDrawn(true);
      })
      // A render cancelled by the next page turn or resize is expected; the next one draws.
      .catch(() => undefined);
    return () => {
      stopped = true;
      cancel();
    };
  }, [pdf, page, width]);

  return (
    <div ref={frame} className="share-viewer__page">
      <canvas ref={canvas} role="img" aria-label={label} data-drawn={drawn ? 'true' : 'false'} />
    </div>
  );
}
