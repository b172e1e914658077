/**
 * Sends the progress emails, each once per founder: the flag is claimed (by this event) before
 * sending, marked sent after, and released on failure.
 */

import { ANSWER_PAGE, PHASE_EMAIL_FLAGS } from '#shared/domain/phases';
import { questionNumbers } from '#shared/domain/question-numbers';
import { CATEGORIES, QUESTION_TYPE_LABELS, type QuestionType } from '#shared/domain/questions';
import { sendEmail } from '../integrations/email';
import { createConsumer } from '../lib/consumer';
import { coachFeedbackEmail, ideaSavedEmail, phaseCompletedEmail, phaseUnlockedEmail } from '../lib/emails';
import { env } from '../lib/env';
import type { Logger } from '../lib/logger';
import {
  claimEmailFlag,
  type EmailFlag,
  feedbackEmailFlag,
  markEmailSent,
  releaseEmailFlag,
} from '../store/email-flags';
import { getPhaseFeedback } from '../store/feedback';
import { stats } from '../store/keys';
import { getProfile } from '../store/profiles';
import { listQuestions } from '../store/questions';
import { getCounter } from '../store/stats';

async function sendOnce(
  userId: string,
  flag: EmailFlag,
  build: (firstName: string) => Promise<{ subject: string; html: string; text: string }>,
  log: Logger,
  eventId: string,
): Promise<void> {
  const profile = await getProfile(userId);
  if (!profile?.email) {
    log.warn('no profile to email', { userId });
    return;
  }
  if (!(await claimEmailFlag(userId, flag, eventId))) {
    log.info('email already sent', { userId, flag });
    return;
  }
  try {
    await sendEmail({ to: profile.email, ...(await build(profile.firstName)) });
  } catch (err) {
    await releaseEmailFlag(userId, flag);
    throw err;
  }
  await markEmailSent(userId, flag);
}

/**
 * The coach-feedback email, once per review round (the round grows when the founder resubmits after a change
 * request). Comments written while the founder is still on the Pending list wait: the coach is mid-review, and
 * the change request or the unlock that ends the review tells the founder.
 */
async function sendFeedbackEmail(userId: string, phase: QuestionType, log: Logger, eventId: string): Promise<void> {
  const state = await getPhaseFeedback(userId, phase);
  if (state.status === 'pending') {
    log.info('feedback email waits for the end of the review', { userId, phase });
    return;
  }
  const changeMessage = state.status === 'changes-requested' ? (state.review.changeRequest?.message ?? null) : null;
  const commented = state.feedback.filter((f) => f.comment !== '');
  // The email names questions by the numbers the founder's page shows, so "question 5" is the same question there.
  const numbers = questionNumbers(phase, await listQuestions(phase));
  const commentedQuestions = commented.flatMap((f) => numbers.get(f.questionId) ?? []);
  await sendOnce(
    userId,
    feedbackEmailFlag(phase, state.reviewRound),
    async (firstName) =>
      coachFeedbackEmail({
        phaseLabel: QUESTION_TYPE_LABELS[phase],
        firstName,
        comments: commented.length,
        commentedQuestions,
        changeMessage,
        pageUrl: `${env('siteUrl')}/${ANSWER_PAGE[phase]}`,
      }),
    log,
    eventId,
  );
}

export const handler = createConsumer('email-sender', {
  FeedbackGiven: async ({ userId, phase }, log, { id }) => sendFeedbackEmail(userId, phase, log, id),
  ChangesRequested: async ({ userId, phase }, log, { id }) => sendFeedbackEmail(userId, phase, log, id),
  IdeaSaved: async ({ userId }, log, { id }) =>
    sendOnce(
      userId,
      'idea_email_sent',
      async (firstName) =>
        ideaSavedEmail(
          firstName,
          await getCounter(stats.questionCount('trigger')),
          CATEGORIES.trigger.length,
          env('siteUrl'),
        ),
      log,
      id,
    ),
  PhaseUnlocked: async ({ userId, phase }, log, { id }) =>
    sendOnce(
      userId,
      PHASE_EMAIL_FLAGS[phase].unlocked,
      async (firstName) => phaseUnlockedEmail(phase, firstName, env('siteUrl')),
      log,
      id,
    ),
  PhaseCompleted: async ({ userId, phase }, log, { id }) =>
    sendOnce(
      userId,
      PHASE_EMAIL_FLAGS[phase].completed,
      async (firstName) =>
        phaseCompletedEmail(phase, firstName, await getCounter(stats.questionCount(phase)), env('siteUrl')),
      log,
      id,
    ),
});
