/**
 * Removes everything a founder's account holds in the table: every item of their partition, the share
 * links' token pointers that live outside it, and their share in the platform counters (users, started,
 * review lists, ratings) — each counter change in one transaction with the item it counted, so a retried
 * or racing deletion never counts twice. The profile goes last: a deletion that failed half-way finds
 * the founder's email (and the rest) again when it is retried.
 */
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { batchDeleteAll } from './batch-delete';
import { tableName } from './client';
import { type Key, keys, stats } from './keys';
import { counterDelta, progressFromItem, progressTransition } from './progress-state';
import { type Item, queryAll } from './query';
import { ContentionError } from './retry';
import { type TransactItem, transact } from './writes';

const keyOf = (item: Item): Key => ({ PK: String(item.PK), SK: String(item.SK) });

/** Deletes `item` with its counter changes, only if it is still as read; false when it changed or went. */
async function deleteCounted(item: Item, guard: string, values: Record<string, unknown>, counters: TransactItem[]) {
  const cancelled = await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keyOf(item),
          ConditionExpression: guard,
          ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
        },
      },
      ...counters,
    ],
    () => true,
  );
  return cancelled !== true;
}

const typeOfSk = (sk: string, prefix: string): QuestionType | null => {
  const rest = sk.slice(prefix.length);
  return QUESTION_TYPES.find((t) => rest === t || rest.startsWith(`${t}#`)) ?? null;
};

/** A progress item leaves every counter it was in (started, pending, unlocked, changes requested). */
function progressCounters(sub: string, type: QuestionType, item: Item, now: string): TransactItem[] {
  const own = keys.progress(sub, type);
  return progressTransition(
    sub,
    type,
    { item, progress: progressFromItem(item) },
    { answered: 0, partition: null },
    now,
  ).filter((t) => !(t.Update?.Key?.PK === own.PK && t.Update?.Key?.SK === own.SK));
}

export interface FounderDataRemoved {
  items: number;
  /** The data-room objects' keys, for the caller to delete from S3. */
  objectKeys: string[];
  email: string | null;
  firstName: string | null;
}

/**
 * Deletes every table item of the founder. Counted items go one by one in their own transactions
 * (read again when they changed), the rest in batches, the profile and the user count last.
 */
export async function deleteFounderData(sub: string, now: string, attempts = 5): Promise<FounderDataRemoved> {
  let removed = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.profile(sub).PK },
      ConsistentRead: true,
    });
    const profileKey = keys.profile(sub);
    const profile = items.find((i) => i.SK === profileKey.SK);
    const objectKeys = items
      .filter((i) => String(i.SK).startsWith(keys.filePrefix) && typeof i.key === 'string')
      .map((i) => String(i.key));
    let changed = false;

    for (const item of items) {
      const sk = String(item.SK);
      if (sk.startsWith(keys.progressPrefix)) {
        const type = typeOfSk(sk, keys.progressPrefix);
        if (!type) continue;
        const done = await deleteCounted(
          item,
          'answered = :a',
          { ':a': item.answered ?? 0 },
          progressCounters(sub, type, item, now),
        );
        changed ||= !done;
        removed += Number(done);
      } else if (sk.startsWith('FEEDBACK#') && typeof item.rating === 'number') {
        const type = typeOfSk(sk, 'FEEDBACK#');
        if (!type) continue;
        const done = await deleteCounted(item, 'rating = :r', { ':r': item.rating }, [
          counterDelta(stats.ratingSum(type), -item.rating, now),
          counterDelta(stats.ratingCount(type), -1, now),
        ]);
        changed ||= !done;
        removed += Number(done);
      }
    }
    if (changed) continue; // something moved under us: read again and finish from there

    const counted = (i: Item) => {
      const sk = String(i.SK);
      return sk.startsWith(keys.progressPrefix) || (sk.startsWith('FEEDBACK#') && typeof i.rating === 'number');
    };
    const rest = items.filter((i) => i.SK !== profileKey.SK && !counted(i));
    const outside = rest
      .filter((i) => typeof i.tokenHash === 'string')
      .map((i) => keys.shareToken(String(i.tokenHash)));
    await batchDeleteAll(tableName(), [...outside, ...rest.map(keyOf)]);
    removed += rest.length;

    if (profile) {
      const gone = await deleteCounted(profile, 'attribute_exists(PK)', {}, [counterDelta(stats.users, -1, now)]);
      removed += Number(gone);
    }
    return {
      items: removed,
      objectKeys,
      email: typeof profile?.email === 'string' ? profile.email : null,
      firstName: typeof profile?.firstName === 'string' ? profile.firstName : null,
    };
  }
  throw new ContentionError('The account could not be deleted: it kept changing. Please try again.');
}
