import { lazy } from 'react';
import { LazyDialogButton } from '../../ui/LazyDialogButton';
import type { ExportCanvasType } from './canvas-layout';
import './canvas-export.css';

const LABELS: Record<ExportCanvasType, string> = {
  'value-proposition': 'Export the Value Proposition Canvas as PNG or PDF',
  'business-model': 'Export the Business Model Canvas as PNG or PDF',
};

// One lazy dialog per canvas type, made once: the dialog, its layout and the PDF writer load only when a founder
// asks for an export.
const DIALOGS = new Map<ExportCanvasType, ReturnType<typeof exportDialog>>();
function exportDialog(type: ExportCanvasType) {
  return lazy(async () => {
    const { default: CanvasExportDialog } = await import('./CanvasExportDialog');
    return { default: ({ onClose }: { onClose: () => void }) => <CanvasExportDialog type={type} onClose={onClose} /> };
  });
}

/** The canvas pages' Export button and, once pressed, the export dialog (preview, PNG, PDF). */
export function CanvasExport({ type }: { type: ExportCanvasType }) {
  let dialog = DIALOGS.get(type);
  if (!dialog) {
    dialog = exportDialog(type);
    DIALOGS.set(type, dialog);
  }
  return (
    <div className="canvas-export">
      <LazyDialogButton label="Export" ariaLabel={LABELS[type]} loadingLabel="Loading the export" dialog={dialog} />
    </div>
  );
}
