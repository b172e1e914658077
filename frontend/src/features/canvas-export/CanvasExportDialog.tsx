/**
 * The export dialog of one canvas: a preview drawn on an HTML canvas, and the two files. The PNG is the sheet painted
 * at the size the founder picks (1×, 2× or 3× its 1123 × 794 CSS pixels); the PDF is the same sheet as vector shapes
 * and real text in the embedded export font.
 */
import { useRef } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import type { ExportCanvasType } from './canvas-layout';
import { ExportBody } from './ExportBody';
import { useCanvasExport } from './use-canvas-export';

export interface CanvasExportDialogProps {
  type: ExportCanvasType;
  onClose: () => void;
}

export default function CanvasExportDialog({ type, onClose }: CanvasExportDialogProps) {
  const { title, pages, fonts, startupName, now, failed } = useCanvasExport(type);
  // Focus opens on the PNG size that is chosen, the first thing to decide.
  const firstControl = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      initialFocusRef={firstControl}
      size="lg"
      title={`Export your ${title}`}
      description="An A4 sheet with your startup's name, today's date and Strategyzer's credit; when a box cannot hold all its answers, pages after it list every entry. Pick the PNG's size for slides or print; in the PDF the text stays text, so it can be selected and searched."
    >
      {pages && fonts ? (
        <ExportBody
          pages={pages}
          fonts={fonts}
          title={title}
          startupName={startupName}
          now={now}
          chosenSizeRef={firstControl}
        />
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
