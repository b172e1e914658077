/**
 * The coach's side of feedback, part of the review area: read a founder's feedback on a phase,
 * rate and comment on each answer, sum up the phase, resolve threads and send a completed phase back for
 * changes. The author of every write is the verified token's `sub`.
 */
import type { AnswerFeedback as AnswerFeedbackView, PhaseFeedback } from '#shared/api-types';
import { QUESTION_TYPE_LABELS, type QuestionType } from '#shared/domain/questions';
import { publish } from '../integrations/events';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { getAccountItems } from '../store/accounts';
import { keepDirectoryCurrent } from '../store/directory';
import {
  type AnswerFeedback,
  AnswerMissingError,
  addReply,
  FeedbackMissingError,
  getPhaseFeedback,
  NotAuthorError,
  NotPendingError,
  type PhaseFeedbackState,
  requestChanges,
  saveFeedback,
  saveSummary,
  setResolved,
  TooManyRepliesError,
} from '../store/feedback';

/** What a viewer sees of one thread: `mine` only for the coach who wrote it; never the author's id. */
export function answerFeedbackView(f: AnswerFeedback, viewerSub: string | null): AnswerFeedbackView {
  return {
    questionId: f.questionId,
    rating: f.rating,
    verdict: f.verdict,
    comment: f.comment,
    mine: viewerSub !== null && f.authorSub === viewerSub,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
    resolved: f.resolved,
    resolvedBy: f.resolvedBy,
    replies: f.replies,
  };
}

/** The phase's feedback for a coach (`viewerSub`) or the founder (null); which coach wrote what stays private. */
export function phaseFeedbackView(
  type: QuestionType,
  state: PhaseFeedbackState,
  viewerSub: string | null,
): PhaseFeedback {
  return {
    phase: type,
    status: state.status,
    summary: state.review.summary,
    summaryMine: viewerSub !== null && state.review.summaryAuthorSub === viewerSub,
    changeRequest: state.review.changeRequest
      ? { message: state.review.changeRequest.message, requestedAt: state.review.changeRequest.requestedAt }
      : null,
    feedback: state.feedback.map((f) => answerFeedbackView(f, viewerSub)),
  };
}

/** Store refusals in the route's words. */
export function feedbackError(err: unknown, questionId?: string): unknown {
  if (err instanceof AnswerMissingError)
    return new NotFoundError(`The founder has not answered question ${questionId ?? ''}; there is nothing to rate.`);
  if (err instanceof NotAuthorError)
    return new ForbiddenError(`${err.message}: only its author can change it. Add your view in the phase summary.`);
  if (err instanceof FeedbackMissingError)
    return new NotFoundError(`There is no comment on question ${questionId ?? ''} to answer or resolve.`);
  if (err instanceof TooManyRepliesError)
    return new ConflictError(`${err.message}: this conversation is full. Resolve it and continue in another one.`);
  return err;
}

async function requireFounder(userId: string): Promise<void> {
  const { profile } = await getAccountItems(userId);
  if (!profile) throw new NotFoundError('No founder with this id.');
}

type CoachRoutes = Pick<
  AreaRoutes<'review'>,
  | 'review.feedback'
  | 'review.saveSummary'
  | 'review.saveFeedback'
  | 'review.resolveFeedback'
  | 'review.replyFeedback'
  | 'review.requestChanges'
>;

export const feedbackReviewRoutes: CoachRoutes = {
  'review.feedback': defineRoute('review.feedback', {
    handle: async ({ params, principal }) => ({
      body: phaseFeedbackView(params.type, await getPhaseFeedback(params.userId, params.type), principal.sub),
    }),
  }),

  'review.saveSummary': defineRoute('review.saveSummary', {
    handle: async ({ params, body, principal }) => {
      await requireFounder(params.userId);
      try {
        await saveSummary(params.userId, params.type, principal.sub, body.summary, new Date().toISOString());
      } catch (err) {
        throw feedbackError(err);
      }
      return {
        body: phaseFeedbackView(params.type, await getPhaseFeedback(params.userId, params.type), principal.sub),
      };
    },
  }),

  'review.saveFeedback': defineRoute('review.saveFeedback', {
    handle: async ({ params, body, principal, log }) => {
      let saved: Awaited<ReturnType<typeof saveFeedback>>;
      try {
        saved = await saveFeedback(
          params.userId,
          params.type,
          params.questionId,
          principal.sub,
          body,
          new Date().toISOString(),
        );
      } catch (err) {
        throw feedbackError(err, params.questionId);
      }
      if (saved.commentChanged) {
        await publish('FeedbackGiven', { userId: params.userId, phase: params.type, questionId: params.questionId });
      }
      log.info('feedback saved', { userId: params.userId, type: params.type, questionId: params.questionId });
      return { body: answerFeedbackView(saved.feedback, principal.sub) };
    },
  }),

  'review.resolveFeedback': defineRoute('review.resolveFeedback', {
    handle: async ({ params, body }) => {
      try {
        const f = await setResolved(
          params.userId,
          params.type,
          params.questionId,
          body.resolved,
          'coach',
          new Date().toISOString(),
        );
        // Any coach may resolve a thread: `mine` tells the dialog whether it may also edit it.
        return { body: answerFeedbackView(f, null) };
      } catch (err) {
        throw feedbackError(err, params.questionId);
      }
    },
  }),

  'review.replyFeedback': defineRoute('review.replyFeedback', {
    handle: async ({ params, body }) => {
      try {
        const f = await addReply(params.userId, params.type, params.questionId, {
          id: body.id,
          author: 'coach',
          text: body.text,
          at: new Date().toISOString(),
        });
        // The founder's pages refetch the thread (pushed), as for their own replies in another tab.
        await publish('FeedbackReplied', { userId: params.userId, phase: params.type, questionId: params.questionId });
        return { body: answerFeedbackView(f, null) };
      } catch (err) {
        throw feedbackError(err, params.questionId);
      }
    },
  }),

  'review.requestChanges': defineRoute('review.requestChanges', {
    handle: async ({ params, body, principal, log }) => {
      await requireFounder(params.userId);
      let changed: boolean;
      try {
        ({ changed } = await requestChanges(
          params.userId,
          body.phase,
          principal.sub,
          body.message,
          new Date().toISOString(),
        ));
      } catch (err) {
        if (err instanceof NotPendingError) {
          const label = QUESTION_TYPE_LABELS[body.phase];
          throw new ConflictError(
            err.status === 'unlocked'
              ? `This founder's ${label} is already unlocked: changes can be asked for only before the unlock.`
              : `This founder has not answered every ${label} question yet: there is nothing to send back.`,
          );
        }
        throw err;
      }
      // The founder directory's status follows; a coach's request is not the founder's activity.
      await keepDirectoryCurrent(params.userId, undefined, log);
      // Announced when unchanged too, like the unlock: the consumers are idempotent (email once per round).
      await publish('ChangesRequested', { userId: params.userId, phase: body.phase });
      log.info('changes requested', { userId: params.userId, phase: body.phase, changed });
      return { body: { userId: params.userId, phase: body.phase, changed, status: 'changes-requested' as const } };
    },
  }),
};
