import { type ReactNode, type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import type { Sheet } from './drawing';
import { exportFileName, pagesPdf, saveFile } from './export-data';
import type { ExportFonts } from './export-fonts';
import { canvasPng, paintSheet } from './paint-2d';
import { DEFAULT_PNG_SCALE, PNG_SCALES, type PngScale, pngScaleLabel } from './png-scale';
import { stackPages } from './stack-pages';
import { useExportRun } from './use-export-run';

interface ExportBodyProps {
  /** The PDF's pages; the PNG and the preview show them one under another. */
  pages: readonly Sheet[];
  fonts: ExportFonts;
  title: string;
  startupName: string;
  now: Date;
  /** Set on the radio of the chosen PNG size, where the dialog puts focus when it opens. */
  chosenSizeRef?: RefObject<HTMLInputElement | null>;
  /** Said above the downloads (what the PDF had to shorten). */
  notice?: ReactNode;
  /** More actions after the downloads (saving the PDF to the data room). */
  children?: ReactNode;
}

/** The preview (at the screen's resolution), the PNG's size and the two downloads. */
export function ExportBody({
  pages,
  fonts,
  title,
  startupName,
  now,
  chosenSizeRef,
  notice,
  children,
}: ExportBodyProps) {
  const sheet = useMemo(() => stackPages(pages), [pages]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { busy, run } = useExportRun<'png' | 'pdf'>();
  const [paintFailed, setPaintFailed] = useState(false);
  const [scale, setScale] = useState<PngScale>(DEFAULT_PNG_SCALE);

  useLayoutEffect(() => {
    if (!canvasRef.current) return;
    try {
      paintSheet(canvasRef.current, sheet, window.devicePixelRatio || 1, fonts);
    } catch (err) {
      // A browser without a 2D canvas can still save the PDF, which needs none.
      console.error('Preview failed', err);
      setPaintFailed(true);
    }
  }, [sheet, fonts]);

  const fileName = (ext: 'png' | 'pdf') => exportFileName(startupName, title, now, ext);

  const savePng = () =>
    void run('png', 'PNG', async () => {
      // Painted afresh at the chosen size, so the file does not depend on the screen it was made on.
      const canvas = document.createElement('canvas');
      paintSheet(canvas, sheet, scale, fonts);
      saveFile(await canvasPng(canvas), fileName('png'));
    });

  const savePdf = () =>
    void run('pdf', 'PDF', () => {
      saveFile(pagesPdf(pages, { title, startupName, now }, fonts), fileName('pdf'));
    });

  return (
    <div className="canvas-export__body">
      <div className="canvas-export__frame">
        <canvas
          ref={canvasRef}
          className="canvas-export__preview"
          style={{ maxWidth: `min(100%, ${sheet.width}px)` }}
          role="img"
          aria-label={`Preview of your ${title}`}
        />
      </div>
      {paintFailed ? (
        <p role="alert" className="canvas-export__error">
          This browser could not draw the preview, so the PNG is not available. The PDF still is.
        </p>
      ) : null}
      {notice}
      <div className="canvas-export__actions">
        <fieldset className="canvas-export__scale" disabled={paintFailed}>
          <legend>PNG size</legend>
          {PNG_SCALES.map((s) => (
            <label key={s} className="canvas-export__scale-choice">
              <input
                ref={s === scale ? chosenSizeRef : undefined}
                type="radio"
                name="png-scale"
                value={s}
                checked={s === scale}
                onChange={() => setScale(s)}
              />
              {pngScaleLabel(s, sheet)}
            </label>
          ))}
        </fieldset>
        <Button onClick={savePng} loading={busy === 'png'} disabled={busy !== null || paintFailed}>
          Download PNG
        </Button>
        <Button variant="secondary" onClick={savePdf} loading={busy === 'pdf'} disabled={busy !== null}>
          Download PDF
        </Button>
        {children}
      </div>
    </div>
  );
}
