/** The founder's chosen idea: saved once onto the profile, opening the trigger questions in the same transaction. */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PHASE_ORDER } from '#shared/domain/phases';
import { ddb, tableName } from './client';
import { CONDITION_FAILED, cancellationCodes } from './conditions';
import { keys } from './keys';
import { setPhaseFlag } from './phases';

export type IdeaOutcome = 'saved' | 'unchanged' | 'conflict';

export async function saveIdea(sub: string, idea: string, now: string): Promise<IdeaOutcome> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.profile(sub),
              UpdateExpression: 'SET idea = :idea, ideaSavedAt = :now',
              // An idea is chosen once ('Change Your Idea' only while none is saved).
              ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(idea) OR idea = :null)',
              ExpressionAttributeValues: { ':idea': idea, ':now': now, ':null': null },
            },
          },
          setPhaseFlag(sub, PHASE_ORDER[0].doneFlag, now),
        ],
      }),
    );
    return 'saved';
  } catch (err) {
    if (cancellationCodes(err)?.[0] !== CONDITION_FAILED) throw err;
    return 'conflict';
  }
}
