/**
 * The kept states of each question's answers (shared/domain/answer-history.ts). The writes are
 * items of the same transaction that changes the answer, so a change and its history never part:
 * a version item per state and one small index item per question whose version number guards the
 * index against racing writers, and whose list names the version to delete once the limit is passed.
 */
import { ANSWER_HISTORY_LIMIT, type QuestionHistory } from '#shared/domain/answer-history';
import type { QuestionType } from '#shared/domain/questions';
import { tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query';
import type { TransactItem } from './writes';

type Item = Record<string, unknown>;

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export interface HistoryChange {
  sub: string;
  type: QuestionType;
  questionId: string;
  category: string;
  /** The answer item before the change (undefined: there was none). */
  previous: Item | undefined;
  /** The question's history index as read with the answer. */
  index: Item | undefined;
  /** The answers after the change; null when they are deleted. */
  answers: string[] | null;
  now: string;
}

/**
 * The time a change is kept at, taken inside the attempt that commits it: the clock's, or just after the newest
 * state already kept (and the answer's own time) when the clock is not past them — a writer that lost a race,
 * or a Lambda whose clock lags another's. The index's version condition makes each commit see the states before
 * it, so times grow in commit order and the newest kept state is the stored answer.
 */
export function changeTime(index: Item | undefined, previous: Item | undefined, clock: Date): string {
  const kept = [...texts(index?.times), typeof previous?.updatedAt === 'string' ? previous.updatedAt : ''];
  const newest = kept.reduce((a, b) => (b > a ? b : a), '');
  const after = newest ? Date.parse(newest) + 1 : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(clock.getTime(), after)).toISOString();
}

/** The transaction items that keep the change (and, for an answer older than its history, the state before it). */
export function historyWrites(change: HistoryChange): TransactItem[] {
  const { sub, type, questionId, category, previous, index, now } = change;
  const table = tableName();
  const times = texts(index?.times);
  const items: TransactItem[] = [];
  const putVersion = (at: string, answers: string[], deleted: boolean) => {
    items.push({
      Put: {
        TableName: table,
        Item: { ...keys.answerVersion(sub, type, questionId, at), questionId, category, at, answers, deleted },
      },
    });
    if (!times.includes(at)) times.push(at);
  };
  // An answer written before history was kept: its state before this change is the first version.
  const previousAt = typeof previous?.updatedAt === 'string' ? previous.updatedAt : null;
  if (previous && previousAt && !times.includes(previousAt) && previousAt < now) {
    putVersion(previousAt, texts(previous.answers), false);
  }
  putVersion(now, change.answers ?? [], change.answers === null);
  times.sort();
  while (times.length > ANSWER_HISTORY_LIMIT) {
    const oldest = times.shift() as string;
    items.push({ Delete: { TableName: table, Key: keys.answerVersion(sub, type, questionId, oldest) } });
  }
  const version = typeof index?.version === 'number' ? index.version : 0;
  items.push({
    Put: {
      TableName: table,
      Item: { ...keys.answerHistory(sub, type, questionId), times, version: version + 1 },
      ConditionExpression: index ? 'version = :v' : 'attribute_not_exists(PK)',
      ...(index ? { ExpressionAttributeValues: { ':v': version } } : {}),
    },
  });
  return items;
}

/** Every kept state of the founder's answers of one type, per question, oldest first. */
export async function listAnswerHistory(sub: string, type: QuestionType): Promise<QuestionHistory[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.answerVersionPrefix(type) },
  });
  const byQuestion = new Map<string, QuestionHistory>();
  for (const item of items) {
    const questionId = String(item.questionId);
    let question = byQuestion.get(questionId);
    if (!question) {
      question = { questionId, category: String(item.category ?? ''), versions: [] };
      byQuestion.set(questionId, question);
    }
    question.versions.push({ at: String(item.at), answers: texts(item.answers), deleted: item.deleted === true });
  }
  for (const question of byQuestion.values()) question.versions.sort((a, b) => a.at.localeCompare(b.at));
  return [...byQuestion.values()];
}
