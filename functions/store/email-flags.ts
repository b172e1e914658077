/**
 * One-time email flags on the profile (spec §3: trigger_questions_email_sent, …).
 * Claiming a flag is a conditional update, so two deliveries racing send once.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';

export type EmailFlag =
  | 'idea_email_sent'
  | 'trigger_questions_email_sent'
  | 'value_proposition_email_sent'
  | 'bmc_email_sent'
  | 'trigger_unlock_email_sent'
  | 'value_proposition_unlock_email_sent'
  | 'bmc_unlock_email_sent';

/** Sets the flag; false when it was already set (the email went out before). */
export async function claimEmailFlag(sub: string, flag: EmailFlag): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(sub),
        UpdateExpression: 'SET #f = :t',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#f) OR #f = :f)',
        ExpressionAttributeNames: { '#f': flag },
        ExpressionAttributeValues: { ':t': true, ':f': false },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof Error && err.name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Gives the flag back when sending failed, so the retried delivery sends the email. */
export async function releaseEmailFlag(sub: string, flag: EmailFlag): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(sub),
      UpdateExpression: 'SET #f = :f',
      ExpressionAttributeNames: { '#f': flag },
      ExpressionAttributeValues: { ':f': false },
    }),
  );
}
