import { type ToolId, toolOf } from '#shared/domain/validate-tools';
import { LazyDialogButton } from '../../ui/LazyDialogButton';
import './canvas-export.css';

/** The dialog's code and the export font, together, so the dialog opens with its pages drawn (as CanvasExport). */
async function loadDialog() {
  const [dialog] = await Promise.all([
    import('./ToolExportDialog'),
    import('./export-fonts').then((m) => m.loadExportFonts()).catch(() => undefined),
  ]);
  return dialog;
}

/**
 * A tool page's Export button and, once pressed, its export dialog (preview, PNG, PDF, data room): the layouts and
 * the PDF writer load only when a founder asks for an export.
 */
export function ToolExport({ tool }: { tool: ToolId }) {
  return (
    <div className="canvas-export">
      <LazyDialogButton
        label="Export"
        ariaLabel={`Export the ${toolOf(tool).title} as PNG or PDF`}
        loadingLabel="Loading the export"
        load={loadDialog}
        dialogProps={{ tool }}
      />
    </div>
  );
}
