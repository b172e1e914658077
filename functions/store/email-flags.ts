/**
 * One-time email flags on the profile (spec §3: trigger_questions_email_sent, …).
 * Claiming a flag is a conditional update, so two deliveries racing send once.
 *
 * The claim records the claiming event's id until the email is out (`<flag>_claim`). A retry
 * of that same event — after a lost response to the claim, or a crash before sending — may
 * claim again and send; any other event finds the flag taken. Once sent, the claim becomes
 * `sent`, so not even the same event sends twice.
 */
import type { PhaseEmailFlag } from '#shared/domain/phases';
import type { QuestionType } from '#shared/domain/questions';
import { keys } from './keys';
import { type UpdateInput, updateItem, wroteIf } from './writes';

/** The coach-feedback email of one phase's review round: once per round, not once per founder. */
export type FeedbackEmailFlag = `feedback_email_${QuestionType}_${number}`;
export const feedbackEmailFlag = (type: QuestionType, round: number): FeedbackEmailFlag =>
  `feedback_email_${type}_${round}`;

/** The idea email's flag, each reviewed phase's completion and unlock flags (shared/domain/phases.ts), feedback rounds. */
export type EmailFlag = 'idea_email_sent' | PhaseEmailFlag | FeedbackEmailFlag;

const SENT = 'sent';
const claimOf = (flag: EmailFlag) => `${flag}_claim`;

/** Sets the flag for this event; false when it was already set by another event or the email is out. */
export async function claimEmailFlag(sub: string, flag: EmailFlag, eventId: string): Promise<boolean> {
  return wroteIf(
    updateItem({
      Key: keys.profile(sub),
      UpdateExpression: 'SET #f = :t, #c = :e',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#f) OR #f = :f OR #c = :e)',
      ExpressionAttributeNames: { '#f': flag, '#c': claimOf(flag) },
      ExpressionAttributeValues: { ':t': true, ':f': false, ':e': eventId },
    }),
  );
}

/** Records that the email went out: no delivery, not even a retry of the claiming event, sends it again. */
export async function markEmailSent(sub: string, flag: EmailFlag): Promise<void> {
  await updateExistingProfile(sub, {
    UpdateExpression: 'SET #c = :sent',
    ExpressionAttributeNames: { '#c': claimOf(flag) },
    ExpressionAttributeValues: { ':sent': SENT },
  });
}

/**
 * Updates the profile only while it exists: an email sent as the founder deleted their account must not
 * bring back a profile item holding nothing but a flag.
 */
async function updateExistingProfile(
  sub: string,
  update: Pick<UpdateInput, 'UpdateExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
): Promise<void> {
  await wroteIf(updateItem({ Key: keys.profile(sub), ...update, ConditionExpression: 'attribute_exists(PK)' }));
}

/** Gives the flag back when sending failed, so the retried delivery sends the email. */
export async function releaseEmailFlag(sub: string, flag: EmailFlag): Promise<void> {
  await updateExistingProfile(sub, {
    UpdateExpression: 'SET #f = :f REMOVE #c',
    ExpressionAttributeNames: { '#f': flag, '#c': claimOf(flag) },
    ExpressionAttributeValues: { ':f': false },
  });
}
