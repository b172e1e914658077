/**
 * Sends the progress emails, each once per founder: the flag is claimed (by this event) before
 * sending, marked sent after, and released on failure.
 */

import { PHASE_EMAIL_FLAGS } from '#shared/domain/phases';
import { CATEGORIES } from '#shared/domain/questions';
import { sendEmail } from '../integrations/email';
import { createConsumer } from '../lib/consumer';
import { ideaSavedEmail, phaseCompletedEmail, phaseUnlockedEmail } from '../lib/emails';
import { env } from '../lib/env';
import type { Logger } from '../lib/logger';
import { claimEmailFlag, type EmailFlag, markEmailSent, releaseEmailFlag } from '../store/email-flags';
import { stats } from '../store/keys';
import { getProfile } from '../store/profiles';
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

export const handler = createConsumer('email-sender', {
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
