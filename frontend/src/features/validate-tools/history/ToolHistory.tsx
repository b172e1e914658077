import { type ToolId, toolOf } from '#shared/domain/validate-tools';
import { LazyDialogButton } from '../../../ui/LazyDialogButton';

/** A tool page's History button and, once pressed, the history dialog, whose code loads only then. */
export function ToolHistory({ tool }: { tool: ToolId }) {
  return (
    <LazyDialogButton
      label="History"
      ariaLabel={`History of ${toolOf(tool).title}: view, compare and restore earlier answers`}
      loadingLabel="Loading the history"
      load={() => import('./ToolHistoryDialog')}
      dialogProps={{ tool }}
    />
  );
}
