import { useMemo, useState } from 'react';
import { changeTimes, diffAnswers, snapshotAt } from '#shared/domain/answer-history';
import { CATEGORIES, type QuestionType } from '#shared/domain/questions';
import { useAnswerHistory } from '../../data/journey/answer-history-api';
import { useAnswerMutations, useAnswers, useQuestions } from '../../data/journey/journey-api';
import { errorMessage, TRY_AGAIN } from '../../lib/error-message';
import { formatDateTimeToSecond } from '../../lib/format-date-time';
import { changesAt, describeChange, describeMoment } from '../../lib/history-changes';
import { useToast } from '../../ui/toast/toast-context';

/** One question of the canvas at the chosen moment, or across a comparison. */
export interface HistoryQuestion {
  id: string;
  text: string;
  /** The entries shown: the chosen moment's, or the newer moment's when comparing. */
  entries: string[];
  /** When comparing: entries the newer moment added and the older one had that are gone. */
  diff: { added: string[]; removed: string[] } | null;
  /** The chosen moment's list differs from today's, so it can be restored (not offered while comparing). */
  restorable: boolean;
}

/**
 * The state of the canvas History dialog: the kept versions, the moment shown, the moment compared with (always read
 * from the older to the newer), what changed at each moment in words, and the restore of one answer through the
 * canvas's own save. CanvasHistoryDialog.tsx only shows it.
 */
export function useCanvasHistory(type: QuestionType) {
  const history = useAnswerHistory(type);
  const questions = useQuestions(type);
  const answers = useAnswers(type);
  const { save } = useAnswerMutations(type);
  const { toast } = useToast();
  const [at, setAt] = useState<string | null>(null);
  const [compareWith, setCompareWith] = useState('');
  const [restoring, setRestoring] = useState<string | null>(null);

  const versions = useMemo(() => history.data ?? [], [history.data]);
  const times = useMemo(() => changeTimes(versions), [versions]);
  const moments = useMemo(
    () =>
      times.map((time) => {
        const changes = changesAt(versions, time);
        return { time, label: describeMoment(changes), changes: changes.map((c) => describeChange(c)) };
      }),
    [versions, times],
  );
  const chosen = at ?? times[0] ?? null;
  const comparison =
    chosen && compareWith
      ? chosen < compareWith
        ? { older: chosen, newer: compareWith }
        : { older: compareWith, newer: chosen }
      : null;

  const olderTime = comparison?.older ?? null;
  const newerTime = comparison?.newer ?? chosen;

  const sections = useMemo(() => {
    const shown = newerTime ? snapshotAt(versions, newerTime) : new Map<string, string[]>();
    const older = olderTime ? snapshotAt(versions, olderTime) : null;
    const then = chosen ? snapshotAt(versions, chosen) : new Map<string, string[]>();
    const current = new Map((answers.data ?? []).map((a) => [a.questionId, a.answers]));
    return CATEGORIES[type].map((category) => ({
      category,
      questions: (questions.data ?? [])
        .filter((q) => q.category === category)
        .flatMap((q): HistoryQuestion[] => {
          const entries = shown.get(q.id) ?? [];
          const before = older?.get(q.id) ?? [];
          if (entries.length === 0 && before.length === 0) return [];
          const list = then.get(q.id) ?? [];
          return [
            {
              id: q.id,
              text: q.text,
              entries,
              diff: older ? diffAnswers(before, entries) : null,
              restorable: !older && list.length > 0 && list.join('\n') !== (current.get(q.id) ?? []).join('\n'),
            },
          ];
        }),
    }));
  }, [versions, chosen, olderTime, newerTime, answers.data, questions.data, type]);

  const restore = async (questionId: string) => {
    const list = chosen ? (snapshotAt(versions, chosen).get(questionId) ?? []) : [];
    if (list.length === 0) return;
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

  return {
    loading: history.isPending || questions.isPending || answers.isPending,
    failed: history.isError || questions.isError || answers.isError,
    moments,
    chosen,
    choose: setAt,
    compareWith,
    compare: setCompareWith,
    comparison,
    sections,
    restoring,
    restore: (questionId: string) => void restore(questionId),
  };
}

export type CanvasHistoryState = ReturnType<typeof useCanvasHistory>;
