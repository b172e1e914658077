import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARE_LINK_KEYS_ENV } from '#shared/deploy-names';
import { deriveLinkToken, linkTokenOf, mintLinkToken, parseShareLinkKeys, sameHash } from './share-link-keys';

const KEY_1 = 'k'.repeat(64);
const KEY_2 = 'm'.repeat(64);
const before = process.env[SHARE_LINK_KEYS_ENV];
const useKeys = (keys: Record<string, string>) => {
  process.env[SHARE_LINK_KEYS_ENV] = JSON.stringify(keys);
};

afterEach(() => {
  if (before === undefined) delete process.env[SHARE_LINK_KEYS_ENV];
  else process.env[SHARE_LINK_KEYS_ENV] = before;
});

describe('share-link keys', () => {
  it("derives a link's token as HMAC-SHA256 of its id, in the 43 characters of the older random tokens", () => {
    const token = deriveLinkToken(KEY_1, 'abcdefghijklmnop');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).toBe(createHmac('sha256', KEY_1).update('share-link:abcdefghijklmnop').digest('base64url'));
    expect(deriveLinkToken(KEY_1, 'abcdefghijklmnoq')).not.toBe(token);
    expect(deriveLinkToken(KEY_2, 'abcdefghijklmnop')).not.toBe(token);
  });

  it('rotates without an outage: old versions keep giving their links, new links use the current one', async () => {
    useKeys({ current: '1', '1': KEY_1 });
    const old = await mintLinkToken('link-one-0000000');
    expect(old.keyVersion).toBe('1');

    useKeys({ current: '2', '1': KEY_1, '2': KEY_2 });
    expect(await linkTokenOf('link-one-0000000', '1')).toBe(old.token);
    const fresh = await mintLinkToken('link-two-0000000');
    expect(fresh).toEqual({ token: deriveLinkToken(KEY_2, 'link-two-0000000'), keyVersion: '2' });

    // A removed version: its links can no longer be copied (they still open by their hash).
    useKeys({ current: '2', '2': KEY_2 });
    expect(await linkTokenOf('link-one-0000000', '1')).toBeNull();
    expect(await linkTokenOf('link-two-0000000', '2')).toBe(fresh.token);
  });

  it('refuses malformed keys loudly, naming no key', () => {
    expect(() => parseShareLinkKeys('not json')).toThrow('not JSON');
    expect(() => parseShareLinkKeys('"text"')).toThrow('not a JSON object');
    expect(() => parseShareLinkKeys(JSON.stringify({ current: '2', '1': KEY_1 }))).toThrow('"current"');
    expect(() => parseShareLinkKeys(JSON.stringify({ '1': KEY_1 }))).toThrow('"current"');
    const short = () => parseShareLinkKeys(JSON.stringify({ current: '1', '1': 'short-key' }));
    expect(short).toThrow('at least 32 characters');
    expect(short).not.toThrow('short-key');
    expect(parseShareLinkKeys(JSON.stringify({ current: '1', '1': KEY_1 })).keys.get('1')).toBe(KEY_1);
  });

  it('compares hashes whatever their lengths, equal only when equal', () => {
    expect(sameHash('abc', 'abc')).toBe(true);
    expect(sameHash('abc', 'abd')).toBe(false);
    expect(sameHash('abc', 'abcd')).toBe(false);
    expect(sameHash('', 'a')).toBe(false);
  });
});
