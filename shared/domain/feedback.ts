/**
 * Coach feedback on a founder's answers: limits and names both sides use. A coach rates each
 * answered question (1–5 and a verdict), comments on it and sums up the phase; the founder replies per
 * comment and either side marks the thread resolved.
 */
export const VERDICTS = ['strong', 'needs-work'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_LABELS: Record<Verdict, string> = { strong: 'Strong', 'needs-work': 'Needs work' };

export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const FEEDBACK_LIMITS = {
  comment: 2000,
  summary: 4000,
  changeMessage: 2000,
  reply: 2000,
  /** Replies per thread: the thread lives in one item, far below DynamoDB's 400 KB. */
  replies: 50,
} as const;

export const FEEDBACK_AUTHORS = ['founder', 'coach'] as const;
export type FeedbackAuthor = (typeof FEEDBACK_AUTHORS)[number];

/** Where a founder stands in one phase's review; 'in-progress' until every question is answered. */
export const REVIEW_STATUSES = ['not-started', 'in-progress', 'pending', 'changes-requested', 'unlocked'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What the founder's badge reads of one comment thread. */
export interface ThreadFacts {
  comment: string;
  resolved: boolean;
  /** When the coach last wrote or changed the comment. */
  updatedAt: string;
  replies: readonly { author: FeedbackAuthor; at: string }[];
}

/**
 * Whether a thread still waits on the founder, so the sidebar and the dashboard count it: a comment nobody resolved,
 * that the founder has not answered since the coach's last word, in a phase the coach has not unlocked. Once the
 * coach unlocks the phase its comments ask nothing more of the founder; once the founder replies the next move is
 * the coach's — a badge that stayed for either sent founders back to a page with nothing left to do.
 */
export function awaitsFounder(thread: ThreadFacts, status: ReviewStatus): boolean {
  if (status === 'unlocked' || thread.comment === '' || thread.resolved) return false;
  const last = (who: FeedbackAuthor) =>
    thread.replies.reduce((latest, r) => (r.author === who && r.at > latest ? r.at : latest), '');
  const coachAt = [thread.updatedAt, last('coach')].reduce((a, b) => (b > a ? b : a));
  return last('founder') < coachAt || coachAt === '';
}
