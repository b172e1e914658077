import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import type { ExportCanvasType } from './canvas-layout';
import './canvas-export.css';

// The dialog, its layout and the PDF writer load only when a founder asks for an export.
const CanvasExportDialog = lazy(() => import('./CanvasExportDialog'));

const LABELS: Record<ExportCanvasType, string> = {
  'value-proposition': 'Export the Value Proposition Canvas as PNG or PDF',
  'business-model': 'Export the Business Model Canvas as PNG or PDF',
};

/** The canvas pages' Export button and, once pressed, the export dialog (preview, PNG, PDF). */
export function CanvasExport({ type }: { type: ExportCanvasType }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="canvas-export">
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-label={LABELS[type]}
        onClick={() => setOpen(true)}
      >
        Export
      </Button>
      {open ? (
        <Suspense fallback={<Spinner size="sm" label="Loading the export" />}>
          <CanvasExportDialog type={type} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
