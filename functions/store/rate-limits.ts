/**
 * Sliding-window rate limits (PK RATE#<name>, SK HITS): the item keeps the times of the last
 * `limit` allowed hits, so no more than `limit` pass in ANY window of `windowSeconds` — a clock-hour
 * window let twice the limit through around its boundary. A hit is a consistent read and a write
 * conditional on the version read; a parallel burst loses the race and reads again, so it can never
 * push the count past the limit. Removed by TTL once the window has passed.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AccountClosedError } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED, cancellationCodes, isConditionFailure } from './conditions';
import { keys } from './keys';
import { ContentionError, retryOnConflict } from './retry';
import { putItem, type TransactItem, transact } from './writes';

/**
 * The windows named by an account's email or ids: account deletion removes them with the account
 * (store/account-deletion.ts), so one name is built here for both.
 */
export const ACCOUNT_RATE_NAMES = {
  signupEmail: (email: string) => `signup-email#${email}`,
  aiGeneration: (sub: string, per: string) => `ai:${sub}:${per}`,
  /** A share link's viewer requests and wrong passcodes, by the link's id. */
  shareLink: (linkId: string) => `share-link:${linkId}`,
  sharePasscodeLink: (linkId: string) => `share-passcode-link:${linkId}`,
} as const;

/** A hit lost to a parallel one: read again. */
const lostRace = (err: unknown) => isConditionFailure(err) || cancellationCodes(err)?.[0] === CONDITION_FAILED;

export interface RateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

interface HitsItem {
  hits?: number[];
  version?: number;
}

/** Rounds a burst may lose before a hit is refused rather than retried for ever (fail closed). */
const MAX_ROUNDS = 12;

/**
 * Counts one hit. `whileExists`: a transaction item the hit holds only with (a founder's window: their profile,
 * so a request in flight as the account is deleted cannot write it back after the deletion); AccountClosedError
 * when it does not hold.
 */
export async function hitRateLimit(
  name: string,
  limit: number,
  windowSeconds: number,
  now: number,
  whileExists?: TransactItem,
): Promise<RateVerdict> {
  const key = keys.rateLimit(name);
  try {
    return await retryOnConflict(
      async () => {
        const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
        const item = (out.Item ?? {}) as HitsItem;
        const recent = (item.hits ?? []).filter((t) => t > now - windowSeconds).sort((a, b) => a - b);
        if (recent.length >= limit) {
          const oldest = recent[recent.length - limit] ?? now;
          return { allowed: false, retryAfterSeconds: Math.max(1, oldest + windowSeconds - now) };
        }
        const version = item.version ?? 0;
        // Loses (and is read again) when another hit landed between our read and write.
        const put = {
          TableName: tableName(),
          Item: { ...key, hits: [...recent, now], version: version + 1, expiresAt: now + windowSeconds + 60 },
          ConditionExpression: version === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
          ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
        };
        if (whileExists) {
          await transact([{ Put: put }, whileExists], (codes) => {
            if (codes[1] === CONDITION_FAILED) throw new AccountClosedError(`Rate limit ${name}: account gone`);
            return undefined;
          });
        } else {
          await putItem(put);
        }
        return { allowed: true, retryAfterSeconds: 0 };
      },
      { what: `Rate limit ${name}`, attempts: MAX_ROUNDS, retryIf: lostRace },
    );
  } catch (err) {
    // A limit that cannot be counted refuses the hit rather than letting a burst through.
    if (err instanceof ContentionError) return { allowed: false, retryAfterSeconds: 1 };
    throw err;
  }
}

/**
 * Gives back one hit taken at `at` (a reserved attempt that turned out fine, e.g. a right passcode), so limits
 * on failures can count every attempt before it is checked — a parallel burst can then never compare more than
 * `limit` — and still charge only the failures. Best effort: a hit that cannot be given back stays counted.
 */
export async function releaseRateLimitHit(name: string, at: number): Promise<void> {
  const key = keys.rateLimit(name);
  try {
    await retryOnConflict(
      async () => {
        const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
        const item = out.Item as (HitsItem & { expiresAt?: number }) | undefined;
        const hits = item?.hits ?? [];
        const index = hits.indexOf(at);
        if (!item || index < 0) return;
        await putItem({
          Item: { ...item, hits: hits.filter((_, i) => i !== index), version: (item.version ?? 0) + 1 },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': item.version ?? 0 },
        });
      },
      { what: `Rate limit ${name}`, attempts: MAX_ROUNDS, retryIf: isConditionFailure },
    );
  } catch (err) {
    if (!(err instanceof ContentionError)) throw err;
  }
}
