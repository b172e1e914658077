/**
 * Removes everything a founder's account holds in the table: every item of their partition (and with it
 * their GSI1 entries: review lists, the coaches' directory), the share links' token pointers that live
 * outside it (each left as a tombstone that names nobody), and their share in the platform counters (users, started, review lists, ratings) — each
 * counter change in one transaction with the item it counted, so a retried or racing deletion never counts
 * twice. The profile goes first: the founder's writes hold only while it exists (account-guard.ts), so a
 * save already past its access check is refused rather than landing after the sweep, and the sweep repeats
 * until a consistent read finds the partition empty (decision 017). A deletion that failed half-way is
 * retried with Cognito's email (functions/http/deletion.ts).
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AI_GENERATION_LIMITS } from '#shared/domain/ai-limits';
import { normaliseEmail } from '#shared/domain/email';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { batchWriteAll } from './batch-delete';
import { ddb, tableName } from './client';
import { type Key, keys, stats } from './keys';
import { counterDelta, progressFromItem, progressTransition } from './progress-state';
import { type Item, queryAll } from './query';
import { ACCOUNT_RATE_NAMES } from './rate-limits';
import { backoff, ContentionError } from './retry';
import { shareTombstone } from './share-links';
import { putItem, type TransactItem, transact } from './writes';

/** How long a deleted account's still-valid tokens are told so: far beyond an access token's 15 minutes. */
const DELETED_ACCOUNT_RECORD_SECONDS = 24 * 60 * 60;

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
  /** Data-room file records removed (their objects are the caller's to purge). */
  files: number;
  /** The ids of the share links removed (their rate-limit windows are named by them). */
  linkIds: string[];
  /** The deleted profile's, when this call deleted it. */
  email: string | null;
  firstName: string | null;
}

const isCounted = (item: Item): boolean => {
  const sk = String(item.SK);
  return sk.startsWith(keys.progressPrefix) || (sk.startsWith('FEEDBACK#') && typeof item.rating === 'number');
};

/** Deletes one counted item with its counter changes; false when it changed or went meanwhile (read again). */
function deleteWithCounters(sub: string, item: Item, now: string): Promise<boolean> {
  const sk = String(item.SK);
  if (sk.startsWith(keys.progressPrefix)) {
    const type = typeOfSk(sk, keys.progressPrefix);
    if (type) {
      return deleteCounted(item, 'answered = :a', { ':a': item.answered ?? 0 }, progressCounters(sub, type, item, now));
    }
  } else {
    const type = typeOfSk(sk, 'FEEDBACK#');
    if (type && typeof item.rating === 'number') {
      return deleteCounted(item, 'rating = :r', { ':r': item.rating }, [
        counterDelta(stats.ratingSum(type), -item.rating, now),
        counterDelta(stats.ratingCount(type), -1, now),
      ]);
    }
  }
  return deleteCounted(item, 'attribute_exists(PK)', {}, []);
}

/**
 * Deletes the profile with the user count, read again when a racing write changed it meanwhile; the profile as it
 * was when this call deleted it, or undefined when it was gone already (a racing or earlier deletion's).
 */
async function deleteProfile(sub: string, now: string, attempts: number): Promise<Item | undefined> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await backoff(attempt - 1);
    const read = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.profile(sub), ConsistentRead: true }),
    );
    if (!read.Item) return undefined;
    if (await deleteCounted(read.Item, 'attribute_exists(PK)', {}, [counterDelta(stats.users, -1, now)])) {
      return read.Item;
    }
  }
  throw new ContentionError('The account could not be deleted: it kept changing. Please try again.');
}

/**
 * Deletes every table item of the founder: the profile (and the user count) first, then the partition, read
 * again until a consistent Query finds nothing — an item written before the profile went is found by the next
 * read, and none can be written after it (account-guard.ts).
 */
export async function deleteFounderData(sub: string, now: string, attempts = 8): Promise<FounderDataRemoved> {
  const profileKey = keys.profile(sub);
  // Before the profile goes: a request of the founder's other browser that finds no profile finds this instead.
  await putItem({
    Item: {
      ...keys.deletedAccount(sub),
      expiresAt: Math.ceil(Date.parse(now) / 1000) + DELETED_ACCOUNT_RECORD_SECONDS,
    },
  });
  const profile = await deleteProfile(sub, now, attempts);
  let removed = 0;
  let files = 0;
  const linkIds: string[] = [];
  if (profile) removed += 1;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': profileKey.PK },
      ConsistentRead: true,
    });
    if (items.length === 0) {
      return {
        items: removed,
        files,
        linkIds,
        email: typeof profile?.email === 'string' ? profile.email : null,
        firstName: typeof profile?.firstName === 'string' ? profile.firstName : null,
      };
    }
    for (const item of items.filter(isCounted)) removed += Number(await deleteWithCounters(sub, item, now));
    // A profile here was written back by a write that did not say attribute_exists(PK): it goes like the rest.
    const rest = items.filter((i) => !isCounted(i));
    // A share link's pointer becomes a tombstone: its viewers are told the account was deleted (share-links.ts).
    const tombstones = rest
      .filter((i) => typeof i.tokenHash === 'string')
      .map((i) => shareTombstone(String(i.tokenHash), new Date(now)));
    await batchWriteAll(tableName(), tombstones, rest.map(keyOf));
    removed += rest.length;
    files += rest.filter((i) => String(i.SK).startsWith(keys.filePrefix)).length;
    for (const i of rest) if (String(i.SK).startsWith(keys.shareLinkPrefix)) linkIds.push(String(i.linkId));
  }
  throw new ContentionError('The account could not be deleted: it kept changing. Please try again.');
}

/**
 * Deletes the rate-limit windows named by the account: its AI generation windows (by id), its share links'
 * (by link id) and the sign-up code windows of its email addresses. After the profile is gone no AI window can be written again (ai-generations.ts
 * counts only while it exists); a sign-up window is written again only by someone asking for a code for that
 * address, which is a new sign-up's.
 */
export async function deleteAccountRateWindows(
  sub: string,
  emails: readonly string[],
  linkIds: readonly string[],
): Promise<void> {
  const names = [
    ...AI_GENERATION_LIMITS.map((w) => ACCOUNT_RATE_NAMES.aiGeneration(sub, w.per)),
    ...linkIds.flatMap((id) => [ACCOUNT_RATE_NAMES.shareLink(id), ACCOUNT_RATE_NAMES.sharePasscodeLink(id)]),
    ...[...new Set(emails.flatMap((e) => [e, normaliseEmail(e)]))].map(ACCOUNT_RATE_NAMES.signupEmail),
  ];
  await batchWriteAll(tableName(), [], names.map(keys.rateLimit));
}
