/**
 * The coach's side of feedback, part of the review area: read a founder's feedback on a phase,
 * rate and comment on each answer, sum up the phase, resolve threads and send a completed phase back for
 * changes. The author of every write is the verified token's `sub`.
 */
import type { AnswerFeedback as AnswerFeedbackView, PhaseFeedback } from '#shared/api-types';
import type { QuestionType } from '#shared/domain/questions';
import { NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { getAccountItems } from '../store/accounts';
import {
  type AnswerFeedback,
  addReply,
  getPhaseFeedback,
  type PhaseFeedbackState,
  requestChanges,
  saveFeedback,
  saveSummary,
  setResolved,
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
    submittedAt: state.submittedAt,
    unlockedAt: state.unlockedAt,
    summary: state.review.summary,
    summaryMine: viewerSub !== null && state.review.summaryAuthorSub === viewerSub,
    changeRequest: state.review.changeRequest
      ? { message: state.review.changeRequest.message, requestedAt: state.review.changeRequest.requestedAt }
      : null,
    feedback: state.feedback.map((f) => answerFeedbackView(f, viewerSub)),
  };
}

async function requireFounder(userId: string): Promise<void> {
  const { profile } = await getAccountItems(userId);
  if (!profile) throw new NotFoundError('No founder with this id.');
}

type CoachRoutes = Pick<
  AreaRoutes<'review'>,
  | 'feedback.coachPhase'
  | 'feedback.coachSaveSummary'
  | 'feedback.coachSaveAnswerFeedback'
  | 'feedback.coachResolve'
  | 'feedback.coachReply'
  | 'feedback.coachRequestChanges'
>;

export const feedbackReviewRoutes: CoachRoutes = {
  'feedback.coachPhase': defineRoute('feedback.coachPhase', {
    handle: async ({ params, principal }) => ({
      body: phaseFeedbackView(params.type, await getPhaseFeedback(params.userId, params.type), principal.sub),
    }),
  }),

  'feedback.coachSaveSummary': defineRoute('feedback.coachSaveSummary', {
    handle: async ({ params, body, principal }) => {
      await requireFounder(params.userId);
      await saveSummary(params.userId, params.type, principal.sub, body.summary, new Date().toISOString());
      return {
        body: phaseFeedbackView(params.type, await getPhaseFeedback(params.userId, params.type), principal.sub),
      };
    },
  }),

  'feedback.coachSaveAnswerFeedback': defineRoute('feedback.coachSaveAnswerFeedback', {
    handle: async ({ params, body, principal, log }) => {
      const saved = await saveFeedback(
        params.userId,
        params.type,
        params.questionId,
        principal.sub,
        body,
        new Date().toISOString(),
      );
      log.info('feedback saved', { userId: params.userId, type: params.type, questionId: params.questionId });
      return { body: answerFeedbackView(saved.feedback, principal.sub) };
    },
  }),

  'feedback.coachResolve': defineRoute('feedback.coachResolve', {
    handle: async ({ params, body }) => {
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
    },
  }),

  'feedback.coachReply': defineRoute('feedback.coachReply', {
    handle: async ({ params, body }) => {
      const f = await addReply(params.userId, params.type, params.questionId, {
        id: body.id,
        author: 'coach',
        text: body.text,
        at: new Date().toISOString(),
      });
      // FeedbackReplied went out with the reply (store/feedback.ts); the founder's pages refetch the thread.
      return { body: answerFeedbackView(f, null) };
    },
  }),

  'feedback.coachRequestChanges': defineRoute('feedback.coachRequestChanges', {
    handle: async ({ params, body, principal, log }) => {
      await requireFounder(params.userId);
      const { changed } = await requestChanges(
        params.userId,
        body.phase,
        principal.sub,
        body.message,
        new Date().toISOString(),
      );
      // ChangesRequested went out with the change (store/feedback.ts); the directory follows from the stream.
      log.info('changes requested', { userId: params.userId, phase: body.phase, changed });
      return { body: { userId: params.userId, phase: body.phase, changed, status: 'changes-requested' as const } };
    },
  }),
};
