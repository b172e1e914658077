/**
 * The export dialog of one canvas: a preview drawn on an HTML canvas, and the two files. The PNG is that canvas's
 * bitmap (the sheet's 1123 × 794 CSS pixels × the device's pixel ratio); the PDF is the same sheet as vector shapes
 * and real text.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useMe } from '../../data/account/use-me';
import { useAnswers, useQuestions } from '../../data/journey/journey-api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { CANVAS_TITLES, canvasSheet, type ExportCanvasType } from './canvas-layout';
import { exportFileName, pdfBlob, saveFile, sectionAnswers, sheetDate } from './export-data';
import { canvasPng, paintSheet } from './paint-2d';
import { buildPdf } from './pdf-writer';
import { useExportRun } from './use-export-run';

export interface CanvasExportDialogProps {
  type: ExportCanvasType;
  onClose: () => void;
}

export default function CanvasExportDialog({ type, onClose }: CanvasExportDialogProps) {
  const title = CANVAS_TITLES[type];
  const questions = useQuestions(type);
  const answers = useAnswers(type);
  const me = useMe();
  const startupName = me.data?.profile?.startupName ?? '';
  // One moment for the whole dialog, so the sheet's date and the file names agree.
  const [now] = useState(() => new Date());

  const sheet = useMemo(() => {
    if (!questions.data || !answers.data || !me.data) return undefined;
    return canvasSheet({
      type,
      startupName: startupName || 'My startup',
      date: sheetDate(now),
      answers: sectionAnswers(type, questions.data, answers.data),
    });
  }, [type, questions.data, answers.data, me.data, startupName, now]);

  const failed = !sheet && (questions.isError || answers.isError || me.isError);

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={`Export your ${title}`}
      description="An A4 sheet with your startup's name, today's date and Strategyzer's credit. The PNG is the preview below at your screen's resolution; in the PDF the text stays text, so it can be selected and searched."
    >
      {sheet ? (
        <ExportBody sheet={sheet} title={title} startupName={startupName} now={now} />
      ) : failed ? (
        <p role="alert" className="canvas-export__error">
          Your canvas could not be loaded for the export. Close this and try again.
        </p>
      ) : (
        <div className="canvas-export__loading" role="status">
          <Spinner size="sm" decorative />
          Preparing your canvas...
        </div>
      )}
    </Dialog>
  );
}

interface ExportBodyProps {
  sheet: ReturnType<typeof canvasSheet>;
  title: string;
  startupName: string;
  now: Date;
}

function ExportBody({ sheet, title, startupName, now }: ExportBodyProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { busy, run } = useExportRun<'png' | 'pdf'>();

  const [paintFailed, setPaintFailed] = useState(false);

  useLayoutEffect(() => {
    if (!canvasRef.current) return;
    try {
      paintSheet(canvasRef.current, sheet, window.devicePixelRatio || 1);
    } catch (err) {
      // A browser without a 2D canvas can still save the PDF, which needs none.
      console.error('Preview failed', err);
      setPaintFailed(true);
    }
  }, [sheet]);

  const fileName = (ext: 'png' | 'pdf') => exportFileName(startupName, title, now, ext);

  const savePng = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    void run('png', 'PNG', async () => saveFile(await canvasPng(canvas), fileName('png')));
  };

  const savePdf = () =>
    void run('pdf', 'PDF', () => {
      const name = startupName ? `${title} – ${startupName}` : title;
      saveFile(pdfBlob(buildPdf([sheet], { title: name, created: now })), fileName('pdf'));
    });

  return (
    <div className="canvas-export__body">
      <div className="canvas-export__frame">
        <canvas
          ref={canvasRef}
          className="canvas-export__preview"
          style={{ maxWidth: `${sheet.width}px` }}
          role="img"
          aria-label={`Preview of your ${title}`}
        />
      </div>
      {paintFailed ? (
        <p role="alert" className="canvas-export__error">
          This browser could not draw the preview, so the PNG is not available. The PDF still is.
        </p>
      ) : null}
      <div className="canvas-export__actions">
        <Button onClick={savePng} loading={busy === 'png'} disabled={busy !== null || paintFailed}>
          Download PNG
        </Button>
        <Button variant="secondary" onClick={savePdf} loading={busy === 'pdf'} disabled={busy !== null}>
          Download PDF
        </Button>
      </div>
    </div>
  );
}
