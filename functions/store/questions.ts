/** The question bank (PK QUESTIONS#<type>, SK Q#<id>). */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { isCategoryOf, type Question, type QuestionType, sortQuestions } from '#shared/domain/questions';
import { builtInQuestions } from '#shared/domain/tool-questions';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { announce } from './outbox';
import { countAll, type QueryInput, queryAll } from './query';
import { putNew, type TransactItem, transactedIf } from './writes';

/** What a coach authors; the store adds the id, order and creation time. */
export type NewQuestion = Pick<Question, 'type' | 'category' | 'text' | 'explanation' | 'example' | 'videoUrl'>;

/** A stored question item as a Question; null when its category does not belong to the type. */
export function toQuestion(type: QuestionType, item: Record<string, unknown>): Question | null {
  const category = item.category;
  if (!isCategoryOf(type, category)) return null;
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    id: String(item.id),
    type,
    category,
    text: String(item.text ?? ''),
    explanation: text(item.explanation),
    example: text(item.example),
    videoUrl: text(item.videoUrl),
    createdAt: String(item.createdAt ?? ''),
    order: typeof item.order === 'number' ? item.order : 0,
  };
}

const questionsOf = (type: QuestionType): QueryInput => ({
  TableName: tableName(),
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :q)',
  ExpressionAttributeValues: { ':pk': keys.questionPartition(type), ':q': keys.questionPrefix },
});

/** A type's questions in display order: a tool's built-in fields and the stored questions (a coach's). */
export async function listQuestions(type: QuestionType): Promise<Question[]> {
  const items = await queryAll(questionsOf(type));
  const stored = items.map((i) => toQuestion(type, i)).filter((q): q is Question => q !== null);
  return sortQuestions([...builtInQuestions(type), ...stored]);
}

/** The stored questions of a type (the question-count statistic); a tool's built-in fields are not stored. */
export function countQuestions(type: QuestionType): Promise<number> {
  return countAll(questionsOf(type));
}

/**
 * Stores a question, announcing QuestionSetChanged in the same transaction. With an explicit id (the seed bank)
 * the write is skipped when the id exists, so seeding is idempotent and never overwrites a coach's edits; the seed
 * is not announced (the bank's counters are set with it).
 */
export async function putQuestion(
  input: NewQuestion & { id?: string; order?: number; createdAt?: string },
  options: { announce: boolean } = { announce: true },
): Promise<{ question: Question; created: boolean }> {
  const id = input.id ?? randomUUID();
  const question: Question = {
    id,
    type: input.type,
    category: input.category,
    text: input.text,
    explanation: input.explanation,
    example: input.example,
    videoUrl: input.videoUrl,
    createdAt: input.createdAt ?? new Date().toISOString(),
    order: input.order ?? Date.now(),
  };
  const announcement: TransactItem[] = options.announce
    ? [announce('QuestionSetChanged', { type: input.type, change: 'added', questionId: id })]
    : [];
  const created = await transactedIf([putNew({ ...keys.question(input.type, id), ...question }), ...announcement]);
  return { question, created };
}

export type QuestionEdit = Pick<Question, 'category' | 'text' | 'explanation' | 'example' | 'videoUrl'>;

/**
 * Updates a question's texts, announcing QuestionSetChanged in the same transaction; null when it does not exist.
 * A transaction returns no item, so the question is read back (a second request, whatever the bank's size).
 */
export async function updateQuestion(type: QuestionType, id: string, edit: QuestionEdit): Promise<Question | null> {
  const updated = await transactedIf([
    {
      Update: {
        TableName: tableName(),
        Key: keys.question(type, id),
        UpdateExpression:
          'SET category = :c, #text = :t, explanation = :e, example = :x, videoUrl = :v, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#text': 'text' },
        ExpressionAttributeValues: {
          ':c': edit.category,
          ':t': edit.text,
          ':e': edit.explanation,
          ':x': edit.example,
          ':v': edit.videoUrl,
          ':now': new Date().toISOString(),
        },
      },
    },
    announce('QuestionSetChanged', { type, change: 'updated', questionId: id }),
  ]);
  if (!updated) return null;
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.question(type, id), ConsistentRead: true }),
  );
  return out.Item ? toQuestion(type, out.Item) : null;
}

/** Deletes a question, announcing QuestionSetChanged with it; false when it did not exist (a retried delete). */
export async function deleteQuestion(type: QuestionType, id: string): Promise<boolean> {
  return transactedIf([
    { Delete: { TableName: tableName(), Key: keys.question(type, id), ConditionExpression: 'attribute_exists(PK)' } },
    announce('QuestionSetChanged', { type, change: 'removed', questionId: id }),
  ]);
}
