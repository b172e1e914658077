/**
 * Coach feedback on a founder's answers, in the founder's partition: one item per answered
 * question (USER#<sub> / FEEDBACK#<type>#Q#<questionId>: rating, verdict, comment, the reply thread) and one
 * per phase (FEEDBACK#<type>#PHASE: the summary and the last change request). A phase's feedback is one
 * Query of its prefix. Ratings also move two sums in the same transaction — on the founder's progress item
 * (the review list's Rating column) and in STATS (admin home's average) — guarded by the item's version, so
 * concurrent edits never count a rating twice.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { awaitsFounder, FEEDBACK_LIMITS, type FeedbackAuthor, VERDICTS, type Verdict } from '#shared/domain/feedback';
import type { QuestionType } from '#shared/domain/questions';
import { AccountClosedError, profileExists } from './account-guard';
import { batchGetAll } from './batch-get';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys, stats } from './keys';
import { namedError } from './named-error';
import { announce } from './outbox';
import { counterDelta, progressFromItem, progressTransition } from './progress-state';
import { prefixQuery, queryAll } from './query';
import { retryOnConflict } from './retry';
import { type ReviewStatus, reviewStatusFromPartition } from './review';
import { type TransactItem, transact, transactedIf, type UpdateInput } from './writes';

export interface FeedbackReply {
  id: string;
  author: FeedbackAuthor;
  text: string;
  at: string;
}

export interface AnswerFeedback {
  questionId: string;
  rating: number | null;
  verdict: Verdict | null;
  comment: string;
  authorSub: string;
  createdAt: string;
  updatedAt: string;
  resolved: boolean;
  resolvedBy: FeedbackAuthor | null;
  replies: FeedbackReply[];
}

export interface PhaseReview {
  summary: string | null;
  summaryAuthorSub: string | null;
  changeRequest: { message: string; requestedAt: string; authorSub: string } | null;
}

export interface PhaseFeedbackState {
  status: ReviewStatus;
  /** The progress item's latest submission and unlock, so a phase page reads its whole review state in one call. */
  submittedAt: string | null;
  unlockedAt: string | null;
  review: PhaseReview;
  feedback: AnswerFeedback[];
  /** Bumped each time the founder leaves "changes requested": the feedback email goes once per round. */
  reviewRound: number;
}

/** No answer to comment on: the founder has not answered the question (or deleted the answer). */
export class AnswerMissingError extends namedError('AnswerMissingError') {
  constructor(readonly questionId: string) {
    super(`No answer to ${questionId}`);
  }
}
/** Another coach wrote this feedback: only its author edits it. */
export class NotAuthorError extends namedError('NotAuthorError') {}
/** No comment on the question to reply to or resolve. */
export class FeedbackMissingError extends namedError('FeedbackMissingError') {
  constructor(readonly questionId: string) {
    super(`No comment on ${questionId}`);
  }
}
export class TooManyRepliesError extends namedError('TooManyRepliesError') {}
/** Changes can be requested only from a founder on the Pending list. */
export class NotPendingError extends namedError('NotPendingError') {
  constructor(
    readonly status: ReviewStatus,
    readonly type: QuestionType,
  ) {
    super(`The founder is ${status}, not pending review`);
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const author = (v: unknown): FeedbackAuthor | null => (v === 'founder' || v === 'coach' ? v : null);

export function feedbackFromItem(item: Record<string, unknown>): AnswerFeedback {
  const replies = item.replies && typeof item.replies === 'object' ? Object.values(item.replies) : [];
  return {
    questionId: text(item.questionId),
    rating: typeof item.rating === 'number' ? item.rating : null,
    verdict: (VERDICTS as readonly unknown[]).includes(item.verdict) ? (item.verdict as Verdict) : null,
    comment: text(item.comment),
    authorSub: text(item.authorSub),
    createdAt: text(item.createdAt),
    updatedAt: text(item.updatedAt),
    resolved: item.resolved === true,
    resolvedBy: author(item.resolvedBy),
    replies: replies
      .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
      .map((r) => ({ id: text(r.id), author: author(r.author) ?? 'founder', text: text(r.text), at: text(r.at) }))
      .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id)),
  };
}

function reviewFromItem(item: Record<string, unknown> | undefined): PhaseReview {
  const message = text(item?.changeMessage);
  return {
    summary: text(item?.summary) || null,
    summaryAuthorSub: text(item?.summaryAuthorSub) || null,
    changeRequest: message
      ? { message, requestedAt: text(item?.changeRequestedAt), authorSub: text(item?.changeAuthorSub) }
      : null,
  };
}

/** The phase's feedback, summary, change request and review status: one Query and one GetItem. */
export async function getPhaseFeedback(sub: string, type: QuestionType): Promise<PhaseFeedbackState> {
  const prefix = keys.phaseReview(sub, type).SK.replace(/PHASE$/, '');
  const [items, progress] = await Promise.all([
    queryAll(prefixQuery(keys.profile(sub).PK, prefix)),
    ddb().send(new GetCommand({ TableName: tableName(), Key: keys.progress(sub, type) })),
  ]);
  const state = progressFromItem(progress.Item);
  const phaseSk = keys.phaseReview(sub, type).SK;
  return {
    status: reviewStatusFromPartition(state.partition),
    submittedAt: state.completedAt,
    unlockedAt: typeof progress.Item?.unlockedAt === 'string' ? progress.Item.unlockedAt : null,
    review: reviewFromItem(items.find((i) => i.SK === phaseSk)),
    feedback: items.filter((i) => String(i.SK).startsWith(keys.feedbackPrefix(type))).map(feedbackFromItem),
    reviewRound: state.reviewRound,
  };
}

export interface FeedbackCounts {
  status: ReviewStatus;
  comments: number;
  /** The comment threads still waiting on the founder (awaitsFounder). */
  open: number;
}

/** Per type: the founder's review status and their comment threads (all, and waiting on them). One Query in all. */
export async function getFeedbackCounts(
  sub: string,
  types: readonly QuestionType[],
): Promise<Record<QuestionType, FeedbackCounts>> {
  const [items, progress] = await Promise.all([
    queryAll({
      ...prefixQuery(keys.profile(sub).PK, 'FEEDBACK#'),
      // Aliased, so no attribute name can collide with a DynamoDB reserved word ('comment' is one).
      ProjectionExpression: 'SK, #c, resolved, #u, #r',
      ExpressionAttributeNames: { '#c': 'comment', '#u': 'updatedAt', '#r': 'replies' },
    }),
    batchGetAll(
      tableName(),
      types.map((t) => keys.progress(sub, t)),
    ),
  ]);
  const out = {} as Record<QuestionType, FeedbackCounts>;
  for (const type of types) {
    const item = progress.find((p) => p.SK === keys.progress(sub, type).SK);
    const threads = items.filter((i) => String(i.SK).startsWith(keys.feedbackPrefix(type)) && text(i.comment) !== '');
    const status = reviewStatusFromPartition(progressFromItem(item).partition);
    out[type] = {
      status,
      comments: threads.length,
      open: threads.filter((i) => awaitsFounder(feedbackFromItem(i), status)).length,
    };
  }
  return out;
}

export interface FeedbackInput {
  rating: number | null;
  verdict: Verdict | null;
  comment: string;
}

/**
 * Writes a coach's feedback on one answered question. Only the coach who wrote it first may change it.
 * Returns the stored feedback and whether its comment is new or changed (worth telling the founder).
 */
export async function saveFeedback(
  sub: string,
  type: QuestionType,
  questionId: string,
  coachSub: string,
  input: FeedbackInput,
  now: string,
): Promise<{ feedback: AnswerFeedback; commentChanged: boolean }> {
  return retryOnConflict(
    async () => {
      const feedbackKey = keys.feedback(sub, type, questionId);
      const answerKey = keys.answer(sub, type, questionId);
      const found = await batchGetAll(tableName(), [feedbackKey, answerKey], { consistentRead: true });
      const old = found.find((i) => i.SK === feedbackKey.SK);
      if (!found.some((i) => i.SK === answerKey.SK)) throw new AnswerMissingError(questionId);
      if (old && old.authorSub !== coachSub) throw new NotAuthorError('Another coach wrote this feedback');
      const oldRating = typeof old?.rating === 'number' ? old.rating : null;
      const version = typeof old?.version === 'number' ? old.version : 0;
      const sumDelta = (input.rating ?? 0) - (oldRating ?? 0);
      const countDelta = Number(input.rating !== null) - Number(oldRating !== null);

      const sets = [
        'questionId = :q',
        '#type = :type',
        'verdict = :verdict',
        '#comment = :comment',
        'authorSub = :me',
        'updatedAt = :now',
        'createdAt = if_not_exists(createdAt, :now)',
        'replies = if_not_exists(replies, :empty)',
        'version = :next',
      ];
      const values: Record<string, unknown> = {
        ':q': questionId,
        ':type': type,
        ':verdict': input.verdict,
        ':comment': input.comment,
        ':me': coachSub,
        ':now': now,
        ':empty': {},
        ':next': version + 1,
      };
      if (input.rating !== null) {
        sets.push('rating = :rating');
        values[':rating'] = input.rating;
      }
      if (old) values[':version'] = version;
      const commentChanged = input.comment !== '' && input.comment !== text(old?.comment);
      const items: TransactItem[] = [
        { ConditionCheck: { TableName: tableName(), Key: answerKey, ConditionExpression: 'attribute_exists(PK)' } },
        {
          Update: {
            TableName: tableName(),
            Key: feedbackKey,
            UpdateExpression: `SET ${sets.join(', ')}${input.rating === null ? ' REMOVE rating' : ''}`,
            // The version read above: a concurrent edit makes this fail and the whole write is tried again.
            ConditionExpression: old ? 'version = :version AND authorSub = :me' : 'attribute_not_exists(PK)',
            ExpressionAttributeNames: { '#type': 'type', '#comment': 'comment' },
            ExpressionAttributeValues: values,
          },
        },
      ];
      if (sumDelta !== 0 || countDelta !== 0) {
        items.push(
          {
            Update: {
              TableName: tableName(),
              Key: keys.progress(sub, type),
              UpdateExpression: 'ADD ratingSum :s, ratingCount :c',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':s': sumDelta, ':c': countDelta },
            },
          },
          counterDelta(stats.ratingSum(type), sumDelta, now),
          counterDelta(stats.ratingCount(type), countDelta, now),
        );
      }
      // A new or re-worded comment is news for the founder; a rating or verdict alone is not.
      if (commentChanged) items.push(announce('FeedbackGiven', { userId: sub, phase: type, questionId }));
      if (!(await transactedIf(items))) throw new AnswerMissingError(questionId);
      const stored = feedbackFromItem({
        ...(old ?? {}),
        questionId,
        rating: input.rating,
        verdict: input.verdict,
        comment: input.comment,
        authorSub: coachSub,
        createdAt: old?.createdAt ?? now,
        updatedAt: now,
      });
      return { feedback: stored, commentChanged };
    },
    { what: 'The feedback could not be saved', attempts: 20 },
  );
}

/** Sets or clears (empty text) the coach's summary of the phase; only its author may change it. */
export async function saveSummary(
  sub: string,
  type: QuestionType,
  coachSub: string,
  summary: string,
  now: string,
): Promise<void> {
  // With the profile's existence: a summary racing the founder's account deletion must not recreate the item.
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.phaseReview(sub, type),
          UpdateExpression: summary
            ? 'SET summary = :s, summaryAuthorSub = :me, summaryUpdatedAt = :now, #type = :type'
            : 'SET summaryUpdatedAt = :now, #type = :type REMOVE summary, summaryAuthorSub',
          ConditionExpression: 'attribute_not_exists(summaryAuthorSub) OR summaryAuthorSub = :me',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ...(summary ? { ':s': summary } : {}),
            ':me': coachSub,
            ':now': now,
            ':type': type,
          },
        },
      },
      profileExists(sub),
    ],
    (codes) => {
      if (codes[1] === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${sub}`);
      if (codes[0] === CONDITION_FAILED) throw new NotAuthorError('Another coach wrote this summary');
      return undefined;
    },
  );
}

/**
 * Sends a founder on the Pending list back with a message: their progress moves to "changes requested"
 * (GSI1 and the counters in the same transaction as the message), guarded against a racing save, unlock
 * or second coach. A founder already sent back is left as they are (`changed: false`), so a retry is harmless.
 */
export async function requestChanges(
  sub: string,
  type: QuestionType,
  coachSub: string,
  message: string,
  now: string,
): Promise<{ changed: boolean; reviewRound: number }> {
  return retryOnConflict(
    async () => {
      const out = await ddb().send(
        new GetCommand({ TableName: tableName(), Key: keys.progress(sub, type), ConsistentRead: true }),
      );
      const progress = progressFromItem(out.Item);
      if (progress.partition === 'CHANGES') return { changed: false, reviewRound: progress.reviewRound };
      if (progress.partition !== 'PENDING')
        throw new NotPendingError(reviewStatusFromPartition(progress.partition), type);
      await transact([
        ...progressTransition(
          sub,
          type,
          { item: out.Item, progress },
          // The unlock flag must still be unset: an unlock racing this request wins.
          { answered: progress.answered, partition: 'CHANGES', unlocked: false },
          now,
        ),
        {
          Update: {
            TableName: tableName(),
            Key: keys.phaseReview(sub, type),
            UpdateExpression: 'SET changeMessage = :m, changeRequestedAt = :now, changeAuthorSub = :me, #type = :type',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':m': message, ':now': now, ':me': coachSub, ':type': type },
          },
        },
        announce('ChangesRequested', { userId: sub, phase: type }),
      ]);
      return { changed: true, reviewRound: progress.reviewRound };
    },
    { what: 'Could not send the founder back for changes', attempts: 20 },
  );
}

async function readFeedback(sub: string, type: QuestionType, questionId: string): Promise<AnswerFeedback> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.feedback(sub, type, questionId), ConsistentRead: true }),
  );
  if (!out.Item || text(out.Item.comment) === '') throw new FeedbackMissingError(questionId);
  return feedbackFromItem(out.Item);
}

/** What a change to a comment thread sets, and what else must hold besides the thread existing. */
type ThreadUpdate = Pick<UpdateInput, 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> & {
  UpdateExpression: string;
  condition?: string;
};

/** Applies `update` to a comment thread (a feedback item with a comment): the thread after, or null when a condition did not hold. */
async function updateThread(
  sub: string,
  type: QuestionType,
  questionId: string,
  { condition, ...update }: ThreadUpdate,
  announcements: TransactItem[] = [],
): Promise<AnswerFeedback | null> {
  const updated = await transactedIf([
    {
      Update: {
        ...update,
        TableName: tableName(),
        Key: keys.feedback(sub, type, questionId),
        ConditionExpression: `attribute_exists(PK) AND #comment <> :blank${condition ? ` AND ${condition}` : ''}`,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#comment': 'comment' },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':blank': '' },
      },
    },
    ...announcements,
  ]);
  return updated ? readFeedback(sub, type, questionId) : null;
}

/**
 * Adds a reply to a comment thread, announcing FeedbackReplied with it (the founder's pages refetch the thread,
 * and the coaches'). The reply's id is the client's, so a retried request stores it once;
 * a reply reopens a resolved thread (there is something new to read).
 */
export async function addReply(
  sub: string,
  type: QuestionType,
  questionId: string,
  reply: FeedbackReply,
): Promise<AnswerFeedback> {
  const updated = await updateThread(
    sub,
    type,
    questionId,
    {
      UpdateExpression: 'SET replies.#id = :r, resolved = :f, lastReplyAt = :at REMOVE resolvedBy ADD replyCount :one',
      condition: 'attribute_not_exists(replies.#id) AND (attribute_not_exists(replyCount) OR replyCount < :max)',
      ExpressionAttributeNames: { '#id': reply.id },
      ExpressionAttributeValues: {
        ':r': reply,
        ':f': false,
        ':at': reply.at,
        ':one': 1,
        ':max': FEEDBACK_LIMITS.replies,
      },
    },
    [announce('FeedbackReplied', { userId: sub, phase: type, questionId })],
  );
  if (updated) return updated;
  const current = await readFeedback(sub, type, questionId);
  // The same reply stored by an earlier attempt: answer as that attempt would have.
  if (current.replies.some((r) => r.id === reply.id)) return current;
  throw new TooManyRepliesError(`At most ${FEEDBACK_LIMITS.replies} replies per comment`);
}

/** Marks a comment thread resolved (or open again); setting the state it already has is harmless. */
export async function setResolved(
  sub: string,
  type: QuestionType,
  questionId: string,
  resolved: boolean,
  by: FeedbackAuthor,
  now: string,
): Promise<AnswerFeedback> {
  const updated = await updateThread(sub, type, questionId, {
    UpdateExpression: resolved
      ? 'SET resolved = :t, resolvedBy = :by, resolvedAt = :now'
      : 'SET resolved = :t REMOVE resolvedBy, resolvedAt',
    ExpressionAttributeValues: { ':t': resolved, ...(resolved ? { ':by': by, ':now': now } : {}) },
  });
  if (!updated) throw new FeedbackMissingError(questionId);
  return updated;
}
