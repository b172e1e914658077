/**
 * After coaches add or remove a question, every founder who started that type is
 * revisited: the answered count becomes the number of their answers to questions that
 * still exist, and their review state follows. Founders are found a page at a time through
 * their GSI1 partitions (pending, unlocked, open), never by a Scan.
 */
import { BatchGetCommand, QueryCommand, type QueryCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { UNLOCK_FLAG } from '../domain/phases';
import type { QuestionType } from '../domain/questions';
import { ddb, tableName } from './client';
import { GSI1, keys } from './keys';
import { gsiKey, type Partition, partitionOf, progressFromItem, progressTransition } from './progress-state';

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export interface FoundersPage {
  subs: string[];
  /** Opaque; null on the partition's last page. */
  nextCursor: string | null;
}

/** One page of the founders in a type's GSI1 partition (pending, unlocked or open), in GSI1SK order. */
export async function foundersPage(
  type: QuestionType,
  partition: Exclude<Partition, null>,
  cursor: string | undefined,
  limit: number,
): Promise<FoundersPage> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :p',
      ExpressionAttributeValues: { ':p': gsiKey(type, partition) },
      ProjectionExpression: 'PK',
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: decodeCursor(cursor) } : {}),
    }),
  );
  return {
    subs: (page.Items ?? []).map((item) => keys.userIdFromPk(String(item.PK))),
    nextCursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : null,
  };
}

// The cursor only travels inside our own events, so it is the key itself, made opaque.
const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');
const decodeCursor = (cursor: string) =>
  JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;

export interface Recomputed {
  changed: boolean;
  completedNow: boolean;
}

/** Brings one founder's progress in line with the current questions; retried when a save races it. */
export async function recomputeFounder(
  sub: string,
  type: QuestionType,
  questionIds: ReadonlySet<string>,
  now: string,
): Promise<Recomputed> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [state, answers] = await Promise.all([
      ddb().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: { Keys: [keys.progress(sub, type), keys.phases(sub)], ConsistentRead: true },
          },
        }),
      ),
      queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.answerPrefix(type) },
        ProjectionExpression: 'questionId',
        ConsistentRead: true,
      }),
    ]);
    const items = state.Responses?.[tableName()] ?? [];
    const progressItem = items.find((i) => i.SK === keys.progress(sub, type).SK);
    const unlocked = items.find((i) => i.SK === 'PHASES')?.[UNLOCK_FLAG[type]] === true;
    const progress = progressFromItem(progressItem);
    const answered = answers.filter((a) => questionIds.has(String(a.questionId))).length;
    const partition = partitionOf(answered, questionIds.size, unlocked);
    if (answered === progress.answered && partition === progress.partition)
      return { changed: false, completedNow: false };
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: progressTransition(
            sub,
            type,
            { item: progressItem, progress },
            { answered, partition, unlocked },
            now,
          ),
        }),
      );
      const complete = (p: typeof partition) => p === 'PENDING' || p === 'UNLOCKED';
      return { changed: true, completedNow: complete(partition) && !complete(progress.partition) };
    } catch (err) {
      if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') throw err;
      await new Promise((r) => setTimeout(r, 10 * Math.random() * (attempt + 1)));
    }
  }
  throw new Error(`Could not recompute ${sub}'s ${type} progress after repeated conflicts`);
}
