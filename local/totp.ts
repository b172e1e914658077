/**
 * The offline stack's authenticator app: RFC 6238 time-based codes (HMAC-SHA1, 6 digits, 30-second steps,
 * what Cognito and every authenticator app use) from the Base32 secret Cognito hands out on setup.
 * Integration and browser tests compute the codes a coach would read off their phone with it.
 */
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 Base32, as in otpauth URIs: case-insensitive, padding and spaces ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not a Base32 secret: unexpected ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP: the counter's HMAC, dynamically truncated to `digits` decimal digits. */
export function hotp(
  key: Buffer,
  counter: number,
  digits = 6,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const code = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(code % 10 ** digits).padStart(digits, '0');
}

export interface TotpOptions {
  /** Unix time in milliseconds (now by default). */
  at?: number;
  stepSeconds?: number;
  digits?: number;
  algorithm?: 'sha1' | 'sha256' | 'sha512';
}

/** The code an authenticator app shows for this Base32 secret at `at`. */
export function totp(
  secret: string,
  { at = Date.now(), stepSeconds = 30, digits = 6, algorithm = 'sha1' }: TotpOptions = {},
): string {
  return hotp(base32Decode(secret), Math.floor(at / 1000 / stepSeconds), digits, algorithm);
}

/** Milliseconds until the current 30-second step ends: tests wait this out rather than submit a code about to expire. */
export function msLeftInStep(at = Date.now(), stepSeconds = 30): number {
  const stepMs = stepSeconds * 1000;
  return stepMs - (at % stepMs);
}
