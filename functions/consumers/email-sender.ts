/**
 * Sends the progress emails, each once per founder: the flag is claimed (by this attempt) before sending, marked
 * sent with SES's message id after, and released when SES refused. A retry that finds the claim of an earlier
 * attempt of its own event sends nothing: SES may have accepted that one (store/email-flags.ts).
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
  emailClaimState,
  feedbackEmailFlag,
  markEmailSent,
  releaseEmailFlag,
  sendAttempt,
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
  const attempt = sendAttempt(eventId);
  if (!(await claimEmailFlag(userId, flag, attempt))) {
    const { state, messageId } = await emailClaimState(userId, flag, eventId);
    if (state === 'unconfirmed') {
      // Sent and not marked, or cut off mid-send: a second copy is worse than the rare one lost.
      log.error('email not sent again: an earlier attempt of this event may have sent it', { userId, flag });
    } else {
      log.info('email already sent', { userId, flag, messageId });
    }
    return;
  }
  let messageId: string;
  try {
    messageId = await sendEmail({ to: profile.email, ...(await build(profile.firstName)) });
  } catch (err) {
    await releaseEmailFlag(userId, flag, attempt);
    throw err;
  }
  try {
    await markEmailSent(userId, flag, messageId);
  } catch (err) {
    // The claim stays: the retry this error brings finds it and sends nothing more.
    log.error('email sent but not marked sent', { userId, flag, messageId });
    throw err;
  }
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
  // The announcement's id, not the delivery's: every delivery of one event is the same send.
  FeedbackGiven: async ({ userId, phase }, log, { announcementId }) =>
    sendFeedbackEmail(userId, phase, log, announcementId),
  ChangesRequested: async ({ userId, phase }, log, { announcementId }) =>
    sendFeedbackEmail(userId, phase, log, announcementId),
  IdeaSaved: async ({ userId }, log, { announcementId }) =>
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
      announcementId,
    ),
  PhaseUnlocked: async ({ userId, phase }, log, { announcementId }) =>
    sendOnce(
      userId,
      PHASE_EMAIL_FLAGS[phase].unlocked,
      async (firstName) => phaseUnlockedEmail(phase, firstName, env('siteUrl')),
      log,
      announcementId,
    ),
  PhaseCompleted: async ({ userId, phase }, log, { announcementId }) =>
    sendOnce(
      userId,
      PHASE_EMAIL_FLAGS[phase].completed,
      async (firstName) =>
        phaseCompletedEmail(phase, firstName, await getCounter(stats.questionCount(phase)), env('siteUrl')),
      log,
      announcementId,
    ),
});
