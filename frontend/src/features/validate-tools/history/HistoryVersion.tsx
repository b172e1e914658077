import { useId } from 'react';
import { formatDateTimeToSecond } from '../../../lib/format-date-time';
import { AnswerLines } from '../../../ui/AnswerLines';
import { Button } from '../../../ui/Button';
import { entryText, type FieldVersion, type HistoryField } from './history-fields';
import type { ToolHistoryState } from './use-tool-history';

interface Props {
  state: ToolHistoryState;
  field: HistoryField;
  version: FieldVersion;
}

/** The chosen version of one field, its comparison with the current answer when asked for, and its restore. */
export function HistoryVersion({ state, field, version }: Props) {
  const compareId = useId();
  const shown = (entries: readonly string[]) => entries.map((e) => entryText(field.field, e));
  return (
    <>
      <section className="tool-history__version" aria-label="This version">
        <h3>
          {field.label} on {formatDateTimeToSecond(version.at)}
        </h3>
        {version.answers.length === 0 ? (
          <p className="tool-history__empty">Empty: the answer was deleted.</p>
        ) : (
          <AnswerLines answers={shown(version.answers)} className="tool-history__lines" />
        )}
      </section>
      <div className="tool-history__actions">
        <label className="tool-history__compare" htmlFor={compareId}>
          <input
            id={compareId}
            type="checkbox"
            checked={state.comparing}
            onChange={(e) => state.setComparing(e.target.checked)}
          />
          Compare with your current answer
        </label>
        {state.action ? (
          <Button
            size="sm"
            variant="secondary"
            aria-haspopup="dialog"
            loading={state.restoring}
            onClick={state.askToRestore}
          >
            Restore this version
          </Button>
        ) : null}
      </div>
      {!field.restorable ? (
        <p className="tool-history__note">
          Its question was removed by your coach, so this version cannot be restored.
        </p>
      ) : null}
      {state.comparing && state.comparison ? <Comparison state={state} shown={shown} /> : null}
    </>
  );
}

function Comparison({ state, shown }: { state: ToolHistoryState; shown: (e: readonly string[]) => string[] }) {
  const { comparison } = state;
  if (!comparison) return null;
  return (
    <section className="tool-history__comparison" aria-label="Compared with your current answer">
      <h3>Since this version</h3>
      {comparison.kind === 'same' ? (
        <p>Nothing changed: this is your current answer.</p>
      ) : comparison.kind === 'single' ? (
        <dl className="tool-history__before-after">
          <dt>Then</dt>
          <dd>{comparison.was === null ? 'Empty' : shown([comparison.was])[0]}</dd>
          <dt>Now</dt>
          <dd>{comparison.now === null ? 'Empty' : shown([comparison.now])[0]}</dd>
        </dl>
      ) : comparison.added.length === 0 && comparison.removed.length === 0 ? (
        <p>The same entries, in another order.</p>
      ) : (
        <>
          <ChangedEntries title="Added since" className="tool-history__added" entries={shown(comparison.added)} />
          <ChangedEntries title="Removed since" className="tool-history__removed" entries={shown(comparison.removed)} />
        </>
      )}
    </section>
  );
}

function ChangedEntries({ title, className, entries }: { title: string; className: string; entries: string[] }) {
  if (entries.length === 0) return null;
  return (
    <div className={className}>
      <h4>{title}</h4>
      <AnswerLines answers={entries} />
    </div>
  );
}
