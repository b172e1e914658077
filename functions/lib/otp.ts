/**
 * Sign-up codes (spec §9): six random digits 100000–999999, valid 300 s, a new one
 * after 60 s, at most 5 wrong tries per code. Only a salted hash is stored.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP = {
  ttlSeconds: 300,
  resendAfterSeconds: 60,
  maxAttempts: 5,
  /** Codes sent to one address, and from one client address, per hour. */
  sendsPerEmailPerHour: 5,
  sendsPerClientPerHour: 20,
  /** Verify calls from one client address per hour (each code also allows only `maxAttempts` tries). */
  verifiesPerClientPerHour: 30,
} as const;

export function generateCode(): string {
  return String(randomInt(100_000, 1_000_000));
}

export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

export function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('base64url');
}

export function codeMatches(code: string, salt: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashCode(code, salt));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
