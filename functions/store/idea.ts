/**
 * The founder's chosen idea: saved once onto the profile, opening the trigger questions and announcing IdeaSaved
 * in the same transaction.
 */
import { PHASE_ORDER } from '#shared/domain/phases';
import { tableName } from './client';
import { keys } from './keys';
import { announce } from './outbox';
import { setPhaseFlag } from './phases';
import { transactedIf } from './writes';

export type IdeaOutcome = 'saved' | 'unchanged' | 'conflict';

export async function saveIdea(sub: string, idea: string, now: string): Promise<IdeaOutcome> {
  const saved = await transactedIf([
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
    announce('IdeaSaved', { userId: sub, idea }),
  ]);
  return saved ? 'saved' : 'conflict';
}
