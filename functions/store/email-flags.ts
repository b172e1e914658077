/**
 * One-time email flags on the profile (spec §3: trigger_questions_email_sent, …), and the record of each send.
 * Claiming a flag is a conditional update, so two deliveries racing send once.
 *
 * The claim is the record of the send, written before SES is called (`<flag>_claim`: the event's id and a token
 * of this one attempt); once SES answers, it becomes `sent` with SES's message id beside it (`<flag>_message`).
 * Only the attempt that claimed may claim again (the SDK re-sending the same request after a lost response): a
 * later attempt — EventBridge's retry after the marking write failed, or after a crash — finds the claim and
 * sends nothing, because SES may already have accepted the email. A send that SES refused gives the claim back.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PhaseEmailFlag } from '#shared/domain/phases';
import type { QuestionType } from '#shared/domain/questions';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { type UpdateInput, updateItem, wroteIf } from './writes';

/** The coach-feedback email of one phase's review round: once per round, not once per founder. */
export type FeedbackEmailFlag = `feedback_email_${QuestionType}_${number}`;
export const feedbackEmailFlag = (type: QuestionType, round: number): FeedbackEmailFlag =>
  `feedback_email_${type}_${round}`;

/** The idea email's flag, each reviewed phase's completion and unlock flags (shared/domain/phases.ts), feedback rounds. */
export type EmailFlag = 'idea_email_sent' | PhaseEmailFlag | FeedbackEmailFlag;

/** One attempt at sending an event's email: the event (the same in every delivery) and a token of this call. */
export interface SendAttempt {
  eventId: string;
  token: string;
}

export const sendAttempt = (eventId: string): SendAttempt => ({ eventId, token: randomUUID() });

const SENT = 'sent';
const claimOf = (flag: EmailFlag) => `${flag}_claim`;
const messageOf = (flag: EmailFlag) => `${flag}_message`;
/** The stored claim: `<eventId>#<token>` while sending, `sent` after. */
export const attemptValue = (attempt: SendAttempt) => `${attempt.eventId}#${attempt.token}`;

/** Claims the flag for this attempt; false when it is taken (by another event, an earlier attempt, or sent). */
export async function claimEmailFlag(sub: string, flag: EmailFlag, attempt: SendAttempt): Promise<boolean> {
  return wroteIf(
    updateItem({
      Key: keys.profile(sub),
      UpdateExpression: 'SET #f = :t, #c = :a',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#f) OR #f = :f OR #c = :a)',
      ExpressionAttributeNames: { '#f': flag, '#c': claimOf(flag) },
      ExpressionAttributeValues: { ':t': true, ':f': false, ':a': attemptValue(attempt) },
    }),
  );
}

/**
 * How a taken flag stands, read when a claim was refused: `sent` (SES's message id kept), `unconfirmed` (an
 * earlier attempt of the same event claimed it and never recorded SES's answer: it may have gone out), or
 * `other` (another event's, or a founder that is gone).
 */
export async function emailClaimState(
  sub: string,
  flag: EmailFlag,
  eventId: string,
): Promise<{ state: 'sent' | 'unconfirmed' | 'other'; messageId: string | null }> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(sub), ConsistentRead: true }),
  );
  const claim = out.Item?.[claimOf(flag)];
  const message = out.Item?.[messageOf(flag)];
  const messageId = typeof message === 'string' ? message : null;
  if (claim === SENT) return { state: 'sent', messageId };
  if (typeof claim === 'string' && claim.startsWith(`${eventId}#`)) return { state: 'unconfirmed', messageId };
  return { state: 'other', messageId };
}

/** Records that SES accepted the email, with its message id: nothing sends it again. */
export async function markEmailSent(sub: string, flag: EmailFlag, messageId: string): Promise<void> {
  await updateExistingProfile(sub, {
    UpdateExpression: 'SET #c = :sent, #m = :message',
    ExpressionAttributeNames: { '#c': claimOf(flag), '#m': messageOf(flag) },
    ExpressionAttributeValues: { ':sent': SENT, ':message': messageId },
  });
}

/**
 * Updates the profile only while it exists: an email sent as the founder deleted their account must not
 * bring back a profile item holding nothing but a flag.
 */
async function updateExistingProfile(
  sub: string,
  update: Pick<UpdateInput, 'UpdateExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
  condition = 'attribute_exists(PK)',
): Promise<void> {
  await wroteIf(updateItem({ Key: keys.profile(sub), ...update, ConditionExpression: condition }));
}

/** Gives this attempt's claim back when SES refused the email, so the retried delivery sends it. */
export async function releaseEmailFlag(sub: string, flag: EmailFlag, attempt: SendAttempt): Promise<void> {
  await updateExistingProfile(
    sub,
    {
      UpdateExpression: 'SET #f = :f REMOVE #c',
      ExpressionAttributeNames: { '#f': flag, '#c': claimOf(flag) },
      ExpressionAttributeValues: { ':f': false, ':a': attemptValue(attempt) },
    },
    'attribute_exists(PK) AND #c = :a',
  );
}
