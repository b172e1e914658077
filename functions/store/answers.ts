/**
 * Answers (USER#<sub> / ANSWER#<type>#<questionId>) and the progress item that counts
 * them (USER#<sub> / PROGRESS#<type>). Both change in one transaction, guarded by the
 * count read just before, so concurrent saves never lose a count: a save that races
 * another is cancelled and tried again with fresh numbers.
 */
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  QueryCommand,
  type QueryCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Category, QuestionType } from '../domain/questions';
import { ddb, tableName } from './client';
import { keys, stats } from './keys';

export interface StoredAnswer {
  questionId: string;
  category: Category;
  answers: string[];
  submittedAt: string;
  updatedAt: string;
}

export interface ProgressAfterWrite {
  answered: number;
  total: number;
  /** True only for the write that first made the founder complete this type. */
  completedNow: boolean;
}

export class QuestionMissingError extends Error {
  override readonly name = 'QuestionMissingError';
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const MAX_ATTEMPTS = 40;

function cancellation(err: unknown): string[] | null {
  if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') return null;
  return ((err as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

const backoff = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.min(200, 5 * 2 ** Math.min(attempt, 5)) * Math.random()));

async function readState(sub: string, type: QuestionType, questionId: string) {
  const answerKey = keys.answer(sub, type, questionId);
  const progressKey = keys.progress(sub, type);
  const statKey = keys.stat(stats.questionCount(type));
  const out = await ddb().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: [answerKey, progressKey, statKey], ConsistentRead: true } },
    }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const find = (k: { PK: string; SK: string }) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  const progress = find(progressKey);
  return {
    answer: find(answerKey),
    progress,
    answered: typeof progress?.answered === 'number' ? progress.answered : 0,
    total: typeof find(statKey)?.value === 'number' ? Number(find(statKey)?.value) : 0,
  };
}

function counterDelta(name: string, delta: number, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.stat(name),
      UpdateExpression: 'ADD #v :d SET updatedAt = :now',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':d': delta, ':now': now },
    },
  };
}

/** The progress item's guard: exactly the count we read (or no item when we read none). */
function progressGuard(progress: Record<string, unknown> | undefined, answered: number) {
  return progress
    ? { ConditionExpression: 'answered = :old', values: { ':old': answered } }
    : { ConditionExpression: 'attribute_not_exists(PK)', values: {} };
}

export async function saveAnswers(
  sub: string,
  type: QuestionType,
  question: { id: string; category: Category },
  answers: string[],
  now: string,
): Promise<{ answer: StoredAnswer; progress: ProgressAfterWrite }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = await readState(sub, type, question.id);
    const isNew = !state.answer;
    const answered = state.answered + (isNew ? 1 : 0);
    const completedNow = isNew && state.total > 0 && answered >= state.total && !state.progress?.completedAt;
    const answer: StoredAnswer = {
      questionId: question.id,
      category: question.category,
      answers,
      submittedAt: typeof state.answer?.submittedAt === 'string' ? state.answer.submittedAt : now,
      updatedAt: now,
    };
    const items: TransactItem[] = [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.question(type, question.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.answer(sub, type, question.id), type, ...answer },
          // Guards the "new answer" decision the count depends on.
          ConditionExpression: isNew ? 'attribute_not_exists(PK)' : 'attribute_exists(PK)',
        },
      },
    ];
    // Platform counters change in the same transaction, so they stay exact (admin statistics read only these).
    if (isNew && state.answered === 0) items.push(counterDelta(stats.started(type), 1, now));
    if (completedNow) items.push(counterDelta(stats.completed(type), 1, now));
    if (isNew) {
      const guard = progressGuard(state.progress, state.answered);
      items.push({
        Update: {
          TableName: tableName(),
          Key: keys.progress(sub, type),
          UpdateExpression: completedNow
            ? 'SET answered = :new, updatedAt = :now, completedAt = :now, GSI1PK = :review, GSI1SK = :now'
            : 'SET answered = :new, updatedAt = :now',
          ConditionExpression: guard.ConditionExpression,
          ExpressionAttributeValues: {
            ...guard.values,
            ':new': answered,
            ':now': now,
            ...(completedNow ? { ':review': keys.reviewPartition(type, 'PENDING') } : {}),
          },
        },
      });
    }
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items }));
      return { answer, progress: { answered, total: state.total, completedNow } };
    } catch (err) {
      const codes = cancellation(err);
      if (!codes) throw err;
      if (codes[0] === 'ConditionalCheckFailed') throw new QuestionMissingError(`No question ${question.id}`);
      await backoff(attempt);
    }
  }
  throw new Error('The answer could not be saved after repeated conflicts');
}

/** Deletes every answer of one question; false when there was none. */
export async function deleteAnswers(
  sub: string,
  type: QuestionType,
  questionId: string,
  now: string,
): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = await readState(sub, type, questionId);
    if (!state.answer) return false;
    const guard = progressGuard(state.progress, state.answered);
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName(),
                Key: keys.answer(sub, type, questionId),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            ...(state.progress?.completedAt ? [counterDelta(stats.completed(type), -1, now)] : []),
            ...(state.answered === 1 ? [counterDelta(stats.started(type), -1, now)] : []),
            {
              Update: {
                TableName: tableName(),
                Key: keys.progress(sub, type),
                // One fewer answered question: the founder is no longer complete for this type.
                UpdateExpression: 'SET answered = :new, updatedAt = :now REMOVE completedAt, GSI1PK, GSI1SK',
                ConditionExpression: guard.ConditionExpression,
                ExpressionAttributeValues: { ...guard.values, ':new': Math.max(0, state.answered - 1), ':now': now },
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (!cancellation(err)) throw err;
      await backoff(attempt);
    }
  }
  throw new Error('The answer could not be deleted after repeated conflicts');
}

export async function listAnswers(sub: string, type: QuestionType): Promise<StoredAnswer[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.answerPrefix(type) },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items
    .map((i) => ({
      questionId: String(i.questionId),
      category: i.category as Category,
      answers: Array.isArray(i.answers) ? i.answers.map(String) : [],
      submittedAt: String(i.submittedAt ?? ''),
      updatedAt: String(i.updatedAt ?? ''),
    }))
    .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
}
