/**
 * The founder's side of feedback, part of the journey area: the badges, a phase's feedback under
 * their answers, replies and resolving. Every call reads and writes only the caller's own partition (the
 * token's `sub`), so a founder can neither see nor touch another founder's threads.
 */
import { QUESTION_TYPES } from '#shared/domain/questions';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { addReply, getFeedbackCounts, getPhaseFeedback, setResolved } from '../store/feedback';
import { answerFeedbackView, phaseFeedbackView } from './feedback-coach';

type FounderRoutes = Pick<
  AreaRoutes<'journey'>,
  'feedback.founderOverview' | 'feedback.founderPhase' | 'feedback.founderReply' | 'feedback.founderResolve'
>;

export const feedbackJourneyRoutes: FounderRoutes = {
  'feedback.founderOverview': defineRoute('feedback.founderOverview', {
    handle: async ({ principal }) => {
      const counts = await getFeedbackCounts(principal.sub, QUESTION_TYPES);
      const phases = QUESTION_TYPES.map((phase) => ({ phase, ...counts[phase] }));
      return { body: { phases, open: phases.reduce((n, p) => n + p.open, 0) } };
    },
  }),

  'feedback.founderPhase': defineRoute('feedback.founderPhase', {
    handle: async ({ params, principal }) => ({
      body: phaseFeedbackView(params.type, await getPhaseFeedback(principal.sub, params.type), null),
    }),
  }),

  'feedback.founderReply': defineRoute('feedback.founderReply', {
    handle: async ({ params, body, principal }) => {
      const at = new Date().toISOString();
      const f = await addReply(principal.sub, params.type, params.questionId, {
        id: body.id,
        author: 'founder',
        text: body.text,
        at,
      });
      // A reply is the founder's activity: the directory, fed by the stream, dates their entry by it.
      return { body: answerFeedbackView(f, null) };
    },
  }),

  'feedback.founderResolve': defineRoute('feedback.founderResolve', {
    handle: async ({ params, body, principal }) => {
      const f = await setResolved(
        principal.sub,
        params.type,
        params.questionId,
        body.resolved,
        'founder',
        new Date().toISOString(),
      );
      return { body: answerFeedbackView(f, null) };
    },
  }),
};
