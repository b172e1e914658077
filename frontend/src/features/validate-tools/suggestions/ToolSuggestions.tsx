import type { ToolId } from '#shared/domain/validate-tools';
import { LazyDialogButton } from '../../../ui/LazyDialogButton';

/** A tool section's Suggestions button and, once pressed, its suggestions dialog, whose code loads only then. */
export function ToolSuggestions({ tool, section }: { tool: ToolId; section: string }) {
  return (
    <LazyDialogButton
      label="Suggestions"
      ariaLabel={`Suggestions for ${section}`}
      loadingLabel="Loading the suggestions"
      load={() => import('./ToolSuggestionsDialog')}
      dialogProps={{ tool, section }}
    />
  );
}
