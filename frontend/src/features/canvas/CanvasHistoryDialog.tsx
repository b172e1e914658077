import { useId, useMemo, useState } from 'react';
import { changeTimes, diffAnswers, snapshotAt } from '#shared/domain/answer-history';
import { CATEGORIES, type QuestionType } from '#shared/domain/questions';
import { useAnswerMutations, useAnswers, useQuestions } from '../../data/journey/journey-api';
import { errorMessage, TRY_AGAIN } from '../../lib/error-message';
import { formatDateTimeToSecond } from '../../lib/format-date-time';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogButtons } from '../../ui/DialogButtons';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toast-context';
import { useAnswerHistory } from './history-api';

interface Props {
  type: QuestionType;
  onClose: () => void;
}

/**
 * The canvas as it was at a chosen moment, optionally compared with another (entries added, removed
 * and kept are marked), with a Restore for each answer that differs from today's.
 */
export default function CanvasHistoryDialog({ type, onClose }: Props) {
  const history = useAnswerHistory(type);
  const questions = useQuestions(type);
  const answers = useAnswers(type);
  const { save } = useAnswerMutations(type);
  const { toast } = useToast();
  const [at, setAt] = useState<string | null>(null);
  const [compareWith, setCompareWith] = useState<string>('');
  const [restoring, setRestoring] = useState<string | null>(null);
  const atId = useId();
  const compareId = useId();

  const times = useMemo(() => changeTimes(history.data ?? []), [history.data]);
  const chosen = at ?? times[0] ?? null;
  const snapshot = useMemo(
    () => (chosen ? snapshotAt(history.data ?? [], chosen) : new Map<string, string[]>()),
    [history.data, chosen],
  );
  const baseline = useMemo(
    () => (compareWith ? snapshotAt(history.data ?? [], compareWith) : null),
    [history.data, compareWith],
  );
  const current = useMemo(() => new Map((answers.data ?? []).map((a) => [a.questionId, a.answers])), [answers.data]);

  const restore = async (questionId: string, list: string[]) => {
    setRestoring(questionId);
    try {
      await save.mutateAsync({ questionId, answers: list });
      await history.refresh();
      toast({
        title: 'Answer restored.',
        description: `It is now as it was on ${formatDateTimeToSecond(chosen ?? '')}.`,
      });
    } catch (err) {
      toast({
        title: 'Could not restore the answer.',
        description: errorMessage(err, TRY_AGAIN),
        variant: 'destructive',
      });
    } finally {
      setRestoring(null);
    }
  };

  const loading = history.isPending || questions.isPending || answers.isPending;
  const failed = history.isError || questions.isError || answers.isError;
  const byCategory = CATEGORIES[type].map((category) => ({
    category,
    questions: (questions.data ?? []).filter((q) => q.category === category),
  }));

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Canvas history"
      description="Every change you make to this canvas is kept (the last 20 of each answer). See the canvas as it was, compare two moments, and restore an earlier answer."
      footer={<DialogButtons onCancel={onClose} cancelLabel="Close" />}
    >
      {loading ? (
        <Spinner label="Loading the history" />
      ) : failed ? (
        <p role="alert">The history could not be loaded. Close this window and try again.</p>
      ) : times.length === 0 ? (
        <p>No changes kept yet. Each answer you save or delete from now on is kept here.</p>
      ) : (
        <div className="canvas-history">
          <div className="canvas-history__pickers">
            <label className="field" htmlFor={atId}>
              <span className="field__label">Show the canvas as it was on</span>
              <select
                id={atId}
                className="field__input field__select"
                value={chosen ?? ''}
                onChange={(e) => setAt(e.target.value)}
              >
                {times.map((t, i) => (
                  <option key={t} value={t}>
                    {formatDateTimeToSecond(t)}
                    {i === 0 ? ' (latest change)' : ''}
                  </option>
                ))}
              </select>
            </label>
            <label className="field" htmlFor={compareId}>
              <span className="field__label">Compare with</span>
              <select
                id={compareId}
                className="field__input field__select"
                value={compareWith}
                onChange={(e) => setCompareWith(e.target.value)}
              >
                <option value="">No comparison</option>
                {times
                  .filter((t) => t !== chosen)
                  .map((t) => (
                    <option key={t} value={t}>
                      {formatDateTimeToSecond(t)}
                    </option>
                  ))}
              </select>
            </label>
          </div>
          {baseline ? (
            <p className="canvas-history__legend">
              Changes from {formatDateTimeToSecond(compareWith)} to {formatDateTimeToSecond(chosen ?? '')}:{' '}
              <span className="canvas-history__added">added</span>,{' '}
              <span className="canvas-history__removed">removed</span>.
            </p>
          ) : null}
          {byCategory.map(({ category, questions: list }) => (
            <section key={category} className="canvas-history__section" aria-label={category}>
              <h3>{category}</h3>
              {list.map((question) => {
                const then = snapshot.get(question.id) ?? [];
                const before = baseline ? (baseline.get(question.id) ?? []) : null;
                const now = current.get(question.id) ?? [];
                const diff = before ? diffAnswers(before, then) : null;
                const differs = then.length > 0 && then.join('\n') !== now.join('\n');
                if (then.length === 0 && (!before || before.length === 0)) return null;
                return (
                  <article key={question.id} className="canvas-history__question">
                    <p className="canvas-history__text">{question.text}</p>
                    <ul>
                      {diff
                        ? [
                            ...then.map((entry) => (
                              <li
                                key={`then-${entry}`}
                                className={diff.added.includes(entry) ? 'canvas-history__added' : undefined}
                              >
                                {diff.added.includes(entry) ? <span className="sr-only">Added: </span> : null}
                                {entry}
                              </li>
                            )),
                            ...diff.removed.map((entry) => (
                              <li key={`removed-${entry}`} className="canvas-history__removed">
                                <span className="sr-only">Removed: </span>
                                <del>{entry}</del>
                              </li>
                            )),
                          ]
                        : then.map((entry) => <li key={entry}>{entry}</li>)}
                    </ul>
                    {differs ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={restoring === question.id}
                        disabled={restoring !== null && restoring !== question.id}
                        onClick={() => void restore(question.id, then)}
                      >
                        Restore this answer
                      </Button>
                    ) : null}
                  </article>
                );
              })}
            </section>
          ))}
        </div>
      )}
    </Dialog>
  );
}
