import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from './pdf-engine';

/** Widest a page is drawn, in CSS pixels: wider screens get margins rather than a page too wide to read. */
const MAX_WIDTH = 900;
/** Room the viewer's bar and page buttons take above and below the page, so a whole page fits the window. */
const CHROME_HEIGHT = 150;
/** A window too short for a readable page still gets one this tall (and scrolls). */
const MIN_HEIGHT = 420;

/** One page of a PDF, drawn to fit the width of its frame (and drawn again when that width changes). */
export function PdfPage({ pdf, page, label }: { pdf: PDFDocumentProxy; page: number; label: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () =>
      setBox({
        width: Math.min(MAX_WIDTH, Math.floor(element.clientWidth)),
        height: Math.max(MIN_HEIGHT, window.innerHeight - CHROME_HEIGHT),
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!target || box.width === 0) return;
    let cancel = () => {};
    let stopped = false;
    setDrawn(false);
    import('./pdf-engine')
      .then(({ renderPage }) => renderPage(pdf, page, target, box))
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
  }, [pdf, page, box]);

  return (
    <div ref={frame} className="share-viewer__page">
      <canvas ref={canvas} role="img" aria-label={label} data-drawn={drawn ? 'true' : 'false'} />
    </div>
  );
}
