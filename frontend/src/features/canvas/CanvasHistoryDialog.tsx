import { useId } from 'react';
import type { QuestionType } from '#shared/domain/questions';
import { formatDateTimeToSecond } from '../../lib/format-date-time';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogButtons } from '../../ui/DialogButtons';
import { Spinner } from '../../ui/Spinner';
import { type CanvasHistoryState, type HistoryQuestion, useCanvasHistory } from './use-canvas-history';

interface Props {
  type: QuestionType;
  onClose: () => void;
}

/**
 * The canvas as it was at a chosen moment, with what changed then; optionally compared with another moment, read
 * from the older to the newer (entries added and removed are marked), and a Restore for each answer that differs
 * from today's. The state lives in useCanvasHistory.
 */
export default function CanvasHistoryDialog({ type, onClose }: Props) {
  const state = useCanvasHistory(type);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Canvas history"
      description="Every change you make to this canvas is kept (the last 20 of each answer). See the canvas as it was, compare two moments, and restore an earlier answer."
      footer={<DialogButtons onCancel={onClose} cancelLabel="Close" />}
    >
      {state.loading ? (
        <Spinner label="Loading the history" />
      ) : state.failed ? (
        <p role="alert">The history could not be loaded. Close this window and try again.</p>
      ) : state.moments.length === 0 ? (
        <p>No changes kept yet. Each answer you save or delete from now on is kept here.</p>
      ) : (
        <HistoryBody state={state} />
      )}
    </Dialog>
  );
}

function HistoryBody({ state }: { state: CanvasHistoryState }) {
  const atId = useId();
  const compareId = useId();
  const { moments, chosen, comparison } = state;
  const changes = moments.find((m) => m.time === chosen)?.changes ?? [];
  return (
    <div className="canvas-history">
      <div className="canvas-history__pickers">
        <label className="field" htmlFor={atId}>
          <span className="field__label">Show the canvas as it was on</span>
          <select
            id={atId}
            className="field__input field__select"
            value={chosen ?? ''}
            onChange={(e) => state.choose(e.target.value)}
          >
            {moments.map((m, i) => (
              <option key={m.time} value={m.time}>
                {`${formatDateTimeToSecond(m.time)}${i === 0 ? ' (latest change)' : ''} — ${m.label}`}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={compareId}>
          <span className="field__label">Compare with</span>
          <select
            id={compareId}
            className="field__input field__select"
            value={state.compareWith}
            onChange={(e) => state.compare(e.target.value)}
          >
            <option value="">No comparison</option>
            {moments
              .filter((m) => m.time !== chosen)
              .map((m) => (
                <option key={m.time} value={m.time}>
                  {`${formatDateTimeToSecond(m.time)} — ${m.label}`}
                </option>
              ))}
          </select>
        </label>
      </div>
      <section className="canvas-history__changes" aria-label="What changed at this moment">
        <h3>Changed on {formatDateTimeToSecond(chosen ?? '')}</h3>
        <ul>
          {changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </section>
      {comparison ? (
        <p className="canvas-history__legend">
          Comparing from {formatDateTimeToSecond(comparison.older)} (older) to{' '}
          {formatDateTimeToSecond(comparison.newer)} (newer): <span className="canvas-history__added">added</span>,{' '}
          <span className="canvas-history__removed">removed</span>. Choose “No comparison” to restore an answer.
        </p>
      ) : null}
      {/* Blocks with nothing then (nor in the compared moment) are left out, so the answers stay in view. */}
      {state.sections.map(({ category, questions }) =>
        questions.length === 0 ? null : (
          <section key={category} className="canvas-history__section" aria-label={category}>
            <h3>{category}</h3>
            {questions.map((q) => (
              <HistoryAnswer key={q.id} question={q} state={state} />
            ))}
          </section>
        ),
      )}
    </div>
  );
}

function HistoryAnswer({ question, state }: { question: HistoryQuestion; state: CanvasHistoryState }) {
  const { diff } = question;
  return (
    <article className="canvas-history__question">
      <p className="canvas-history__text">{question.text}</p>
      <ul>
        {question.entries.map((entry) => {
          const added = diff?.added.includes(entry) ?? false;
          return (
            <li key={`now-${entry}`} className={added ? 'canvas-history__added' : undefined}>
              {added ? <span className="sr-only">Added: </span> : null}
              {entry}
            </li>
          );
        })}
        {(diff?.removed ?? []).map((entry) => (
          <li key={`removed-${entry}`} className="canvas-history__removed">
            <span className="sr-only">Removed: </span>
            <del>{entry}</del>
          </li>
        ))}
      </ul>
      {question.restorable ? (
        <Button
          size="sm"
          variant="secondary"
          loading={state.restoring === question.id}
          disabled={state.restoring !== null && state.restoring !== question.id}
          onClick={() => state.restore(question.id)}
        >
          Restore this answer
        </Button>
      ) : null}
    </article>
  );
}
