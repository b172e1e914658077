/**
 * Share-link tokens derived from the link's id: HMAC-SHA256(key, linkId) under one of the stage's key versions,
 * so the owner can copy a live link again at any time while the table still keeps only the token's SHA-256.
 *
 * The keys live in one secret, JSON `{ "current": "2", "1": "<key>", "2": "<key>" }` (infra/constructs/api.ts
 * creates it with version "1"). New links use `current`; each link records the version it was minted with. A
 * viewer's token is found by its hash whatever the version, so rotating (adding a version and making it current)
 * never breaks a link, and a removed version only stops its links from being copied again (they still open).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SHARE_LINK_KEYS_ENV, SHARE_LINK_SECRET_ENV } from '#shared/deploy-names';
import { readSecret } from '../integrations/secrets';

export interface ShareLinkKeys {
  /** The version new links are minted with. */
  current: string;
  keys: ReadonlyMap<string, string>;
}

/** Shorter keys than this are refused: HMAC's key should carry at least the 256 bits of the tokens it makes. */
const MIN_KEY_LENGTH = 32;

/** Reads the secret's JSON; throws (naming no key) when it is malformed, so a bad rotation fails loudly. */
export function parseShareLinkKeys(json: string): ShareLinkKeys {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('The share-link keys are not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error('The share-link keys are not a JSON object');
  const { current, ...versions } = parsed as Record<string, unknown>;
  const keys = new Map<string, string>();
  for (const [version, key] of Object.entries(versions)) {
    if (typeof key !== 'string' || key.length < MIN_KEY_LENGTH) {
      throw new Error(`Share-link key version "${version}" is not a string of at least ${MIN_KEY_LENGTH} characters`);
    }
    keys.set(version, key);
  }
  if (typeof current !== 'string' || !keys.has(current)) {
    throw new Error('The share-link keys\' "current" does not name one of their versions');
  }
  return { current, keys };
}

/** Offline and in tests the JSON itself is in the environment; deployed, the secret it names is read (cached). */
async function loadKeys(): Promise<ShareLinkKeys> {
  const local = process.env[SHARE_LINK_KEYS_ENV];
  if (local) return parseShareLinkKeys(local);
  const secretId = process.env[SHARE_LINK_SECRET_ENV];
  if (!secretId) throw new Error(`Neither ${SHARE_LINK_KEYS_ENV} nor ${SHARE_LINK_SECRET_ENV} is set`);
  return parseShareLinkKeys(await readSecret(secretId));
}

/** 32 bytes of HMAC-SHA256, base64url: 43 characters, the same shape as the random tokens of older links. */
export function deriveLinkToken(key: string, linkId: string): string {
  return createHmac('sha256', key).update(`share-link:${linkId}`, 'utf8').digest('base64url');
}

/** The token a new link gets, and the key version that made it (stored on the link). */
export async function mintLinkToken(linkId: string): Promise<{ token: string; keyVersion: string }> {
  const { current, keys } = await loadKeys();
  return { token: deriveLinkToken(keys.get(current) as string, linkId), keyVersion: current };
}

/** The token of a link minted with `keyVersion`, or null when that version has been removed from the secret. */
export async function linkTokenOf(linkId: string, keyVersion: string): Promise<string | null> {
  const key = (await loadKeys()).keys.get(keyVersion);
  return key === undefined ? null : deriveLinkToken(key, linkId);
}

/**
 * Whether two secrets' hashes are the same, in time that does not depend on where they differ (both are hashed
 * again first, so their lengths never show either).
 */
export function sameHash(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
