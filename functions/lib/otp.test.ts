import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '#shared/domain/email';
import { codeMatches, generateCode, hashCode, newSalt } from './otp';

describe('sign-up codes', () => {
  it('are six digits between 100000 and 999999', () => {
    for (let i = 0; i < 2000; i++) {
      const code = generateCode();
      expect(code).toMatch(/^\d{6}$/);
      expect(Number(code)).toBeGreaterThanOrEqual(100_000);
      expect(Number(code)).toBeLessThanOrEqual(999_999);
    }
  });

  it('match only their own salted hash', () => {
    const salt = newSalt();
    const hash = hashCode('123456', salt);
    expect(hash).not.toContain('123456');
    expect(codeMatches('123456', salt, hash)).toBe(true);
    expect(codeMatches('123457', salt, hash)).toBe(false);
    expect(codeMatches('123456', newSalt(), hash)).toBe(false);
  });

  it('normalise emails for lookups', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
