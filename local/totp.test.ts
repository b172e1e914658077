import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, msLeftInStep, totp } from './totp';

// RFC 6238 appendix B: the seed is the ASCII string below, at 8 digits.
const SEED_SHA1 = '12345678901234567890';
const SEED_SHA256 = '12345678901234567890123456789012';
const BASE32_OF_SEED_SHA1 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_111_111_111, '14050471'],
    [1_234_567_890, '89005924'],
    [2_000_000_000, '69279037'],
    [20_000_000_000, '65353130'],
  ])('gives the RFC test vector for SHA-1 at %i s', (seconds, expected) => {
    expect(totp(BASE32_OF_SEED_SHA1, { at: seconds * 1000, digits: 8 })).toBe(expected);
  });

  it('gives the RFC test vectors for SHA-256', () => {
    const secret = Buffer.from(SEED_SHA256);
    expect(hotp(secret, Math.floor(59 / 30), 8, 'sha256')).toBe('46119246');
    expect(hotp(secret, Math.floor(1_111_111_109 / 30), 8, 'sha256')).toBe('68084774');
  });

  it('gives the RFC 4226 HOTP values at 6 digits (the length Cognito uses)', () => {
    const key = Buffer.from(SEED_SHA1);
    expect([0, 1, 2, 9].map((counter) => hotp(key, counter))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('keeps leading zeros and changes every 30 seconds', () => {
    expect(totp(BASE32_OF_SEED_SHA1, { at: 1_111_111_109_000, digits: 8 })).toMatch(/^0/);
    const start = 1_700_000_020_000; // 10 s into a step
    expect(totp(BASE32_OF_SEED_SHA1, { at: start })).toBe(totp(BASE32_OF_SEED_SHA1, { at: start + 19_999 }));
    expect(totp(BASE32_OF_SEED_SHA1, { at: start })).not.toBe(totp(BASE32_OF_SEED_SHA1, { at: start + 20_000 }));
    expect(msLeftInStep(start)).toBe(20_000);
  });

  it('decodes Base32 in any case, with spaces and padding', () => {
    expect(base32Decode(BASE32_OF_SEED_SHA1).toString()).toBe(SEED_SHA1);
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString()).toBe(SEED_SHA1);
    expect(base32Decode('MZXW6===').toString()).toBe('foo');
    expect(() => base32Decode('not base32!')).toThrow(/Base32/);
  });
});
