import { PHASE_TYPES, QUESTION_TYPE_LABELS, QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { TOOL_IDS } from '#shared/domain/validate-tools';
import { plural } from '#shared/plural';
import type { AdminStatsResponse } from '../../data/admin/admin-stats';

export const LOADING = '...';

type ByType<T> = Record<QuestionType, T>;

/** What the cards show: the server's counters, zeros once a failed load has ended, or '...' while loading. */
export interface Figures {
  totalUsers: string;
  completed: ByType<string>;
  rate: ByType<string>;
  /** Counted phrases ("1 user", "8 users"), or '... users' while loading. */
  startedUsers: ByType<string>;
  /** Every question type together ("45 questions"). */
  questionsAvailable: string;
  /** Each phase's count by its label ("Trigger Questions 27 • …"), then the ten tools' together (their fields and guidance questions). */
  questionsByType: string;
  /** Founders sent back for changes, every phase together. */
  changesRequested: string;
  /** The coaches' average rating per phase, '–' before any rating. */
  rating: ByType<string>;
}

const byType = <T>(pick: (t: QuestionType) => T) =>
  Object.fromEntries(QUESTION_TYPES.map((t) => [t, pick(t)])) as ByType<T>;

const sum = (counts: ByType<number>) => QUESTION_TYPES.reduce((n, t) => n + counts[t], 0);

export function figuresOf(stats: AdminStatsResponse | undefined, loading: boolean): Figures {
  const show = (n: number | undefined) => (loading ? LOADING : String(n ?? 0));
  const counted = (n: number | undefined, one: string) => (loading ? `${LOADING} ${one}s` : plural(n ?? 0, one));
  return {
    totalUsers: show(stats?.totalUsers),
    completed: byType((t) => show(stats?.completed[t])),
    rate: byType((t) => show(stats?.completionRate[t])),
    startedUsers: byType((t) => counted(stats?.started[t], 'user')),
    changesRequested: show(stats ? sum(stats.changesRequested) : undefined),
    rating: byType((t) => {
      const average = stats?.averageRating[t];
      return loading ? LOADING : average === null || average === undefined ? '–' : average.toFixed(1);
    }),
    // Every question type the bank has, from the one list of types: none is left out of the total.
    questionsAvailable: counted(stats ? sum(stats.questions) : undefined, 'question'),
    questionsByType: [
      ...PHASE_TYPES.map((t) => `${QUESTION_TYPE_LABELS[t]} ${show(stats?.questions[t])}`),
      `Validate tools ${show(stats ? TOOL_IDS.reduce((n, t) => n + stats.questions[t], 0) : undefined)}`,
    ].join(' • '),
  };
}
