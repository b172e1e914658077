/**
 * The founder's side of feedback, part of the journey area: the badges, a phase's feedback under
 * their answers, replies and resolving. Every call reads and writes only the caller's own partition (the
 * token's `sub`), so a founder can neither see nor touch another founder's threads.
 */
import { QUESTION_TYPES } from '#shared/domain/questions';
import { publish } from '../integrations/events';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { keepDirectoryCurrent } from '../store/directory';
import { addReply, getFeedbackCounts, getPhaseFeedback, setResolved } from '../store/feedback';
import { answerFeedbackView, feedbackError, phaseFeedbackView } from './feedback-coach';

type FounderRoutes = Pick<
  AreaRoutes<'journey'>,
  'journey.feedbackOverview' | 'journey.feedback' | 'journey.replyFeedback' | 'journey.resolveFeedback'
>;

export const feedbackJourneyRoutes: FounderRoutes = {
  'journey.feedbackOverview': defineRoute('journey.feedbackOverview', {
    handle: async ({ principal }) => {
      const counts = await getFeedbackCounts(principal.sub, QUESTION_TYPES);
      const phases = QUESTION_TYPES.map((phase) => ({ phase, ...counts[phase] }));
      return { body: { phases, open: phases.reduce((n, p) => n + p.open, 0) } };
    },
  }),

  'journey.feedback': defineRoute('journey.feedback', {
    handle: async ({ params, principal }) => ({
      body: phaseFeedbackView(params.type, await getPhaseFeedback(principal.sub, params.type), null),
    }),
  }),

  'journey.replyFeedback': defineRoute('journey.replyFeedback', {
    handle: async ({ params, body, principal, log }) => {
      try {
        const at = new Date().toISOString();
        const f = await addReply(principal.sub, params.type, params.questionId, {
          id: body.id,
          author: 'founder',
          text: body.text,
          at,
        });
        // A reply is the founder's activity: the coaches' directory shows it as their last.
        await keepDirectoryCurrent(principal.sub, at, log);
        await publish('FeedbackReplied', { userId: principal.sub, phase: params.type, questionId: params.questionId });
        return { body: answerFeedbackView(f, null) };
      } catch (err) {
        throw feedbackError(err, params.questionId);
      }
    },
  }),

  'journey.resolveFeedback': defineRoute('journey.resolveFeedback', {
    handle: async ({ params, body, principal }) => {
      try {
        const f = await setResolved(
          principal.sub,
          params.type,
          params.questionId,
          body.resolved,
          'founder',
          new Date().toISOString(),
        );
        return { body: answerFeedbackView(f, null) };
      } catch (err) {
        throw feedbackError(err, params.questionId);
      }
    },
  }),
};
