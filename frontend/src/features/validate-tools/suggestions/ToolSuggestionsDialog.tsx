import { TOOL_EXAMPLES } from '#shared/domain/tool-examples';
import type { ToolId } from '#shared/domain/validate-tools';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DialogButtons } from '../../../ui/DialogButtons';
import { loadedOrPlaceholder } from '../../../ui/LoadPlaceholder';
import { OfflineDraftNote } from '../../../ui/OfflineDraftNote';
import { DRAFT_FAILED, type ToolSuggestionsState, useToolSuggestions } from './use-tool-suggestions';
import './tool-suggestions.css';

interface Props {
  tool: ToolId;
  section: string;
  onClose: () => void;
}

/**
 * A tool section's suggestions, read-only: each can be copied, none is written into an answer. With none stored,
 * the founder can have them drafted. The state lives in useToolSuggestions.
 */
export default function ToolSuggestionsDialog({ tool, section, onClose }: Props) {
  const state = useToolSuggestions(tool, section);
  const shown = loadedOrPlaceholder({
    data: state.suggestions,
    loading: state.loading,
    loadingLabel: 'Loading suggestions',
    failed: state.failed,
    failedText: 'The suggestions could not be loaded.',
    onRetry: state.retry,
    alert: true,
    empty: {
      when: (suggestions) => suggestions.length === 0,
      show: <NoSuggestions state={state} examples={TOOL_EXAMPLES[tool][section] ?? []} />,
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Suggestions for ${section}`}
      closeLabel={`Close suggestions for ${section}`}
      footer={<DialogButtons onCancel={onClose} cancelLabel="Close" />}
    >
      {'placeholder' in shown ? shown.placeholder : <SuggestionList state={state} />}
    </Dialog>
  );
}

/** With nothing drafted, the section's built-in examples show what a line could look like (shared/domain/tool-examples.ts). */
function NoSuggestions({ state, examples }: { state: ToolSuggestionsState; examples: readonly string[] }) {
  return (
    <div className="tool-suggestions__none">
      {examples.length > 0 ? (
        <>
          <h3 className="tool-suggestions__examples-title">Examples</h3>
          <ul className="tool-suggestions__examples">
            {examples.map((example) => (
              <li key={example}>{example}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        {state.lastDraftFailed ? DRAFT_FAILED : 'No suggestions for this section yet.'} Drafting reads your earlier
        answers and suggests lines for every section of this tool; it counts as one AI generation.
      </p>
      <Button variant="secondary" loading={state.drafting} onClick={state.draft}>
        Draft suggestions
      </Button>
      {state.draftError ? (
        <p role="alert" className="tool-suggestions__error">
          {state.draftError}
        </p>
      ) : null}
    </div>
  );
}

function SuggestionList({ state }: { state: ToolSuggestionsState }) {
  const { copied } = state;
  return (
    <>
      {state.offline ? <OfflineDraftNote /> : null}
      <p className="tool-suggestions__intro">
        A starting point for your own answer: copy what helps and put it in your words.
      </p>
      <ul className="tool-suggestions">
        {state.suggestions.map((suggestion, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that may repeat a line.
          <li key={i} className="tool-suggestions__item">
            <span className="break-anywhere">{suggestion}</span>
            <Button size="sm" variant="ghost" aria-label={`Copy suggestion ${i + 1}`} onClick={() => state.copy(i)}>
              Copy
            </Button>
          </li>
        ))}
      </ul>
      <p role="status" className={copied?.ok === false ? 'tool-suggestions__error' : 'tool-suggestions__status'}>
        {copied === null
          ? ''
          : copied.ok
            ? `Suggestion ${copied.index + 1} copied.`
            : 'Your browser did not let us copy: select the text and copy it.'}
      </p>
    </>
  );
}
