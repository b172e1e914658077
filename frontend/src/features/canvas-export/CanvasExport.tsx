import { LazyDialogButton } from '../../ui/LazyDialogButton';
import type { ExportCanvasType } from './canvas-layout';
import './canvas-export.css';

const LABELS: Record<ExportCanvasType, string> = {
  'value-proposition': 'Export the Value Proposition Canvas as PNG or PDF',
  'business-model': 'Export the Business Model Canvas as PNG or PDF',
};

/**
 * The dialog's code and the export font, together: the dialog then opens with its sheet drawn and focus on its first
 * control. A font that fails to load here is tried again by the dialog, which says so if it fails there too.
 */
async function loadDialog() {
  const [dialog] = await Promise.all([
    import('./CanvasExportDialog'),
    import('./export-fonts').then((m) => m.loadExportFonts()).catch(() => undefined),
  ]);
  return dialog;
}

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
        load={loadDialog}
        dialogProps={{ type }}
      />
    </div>
  );
}
