import { LazyDialogButton } from '../../ui/LazyDialogButton';
import type { ExportCanvasType } from './canvas-layout';
import './canvas-export.css';

const LABELS: Record<ExportCanvasType, string> = {
  'value-proposition': 'Export the Value Proposition Canvas as PNG or PDF',
  'business-model': 'Export the Business Model Canvas as PNG or PDF',
};

/**
 * The canvas pages' Export button and, once pressed, the export dialog (preview, PNG, PDF): the dialog, its layout
 * and the PDF writer load only when a founder asks for an export.
 */
export function CanvasExport({ type }: { type: ExportCanvasType }) {
  return (
    <div className="canvas-export">
      <LazyDialogButton
        label="Export"
        ariaLabel={LABELS[type]}
        loadingLabel="Loading the export"
        load={() => import('./CanvasExportDialog')}
        dialogProps={{ type }}
      />
    </div>
  );
}
