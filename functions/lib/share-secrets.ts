/**
 * The secrets of share links: link tokens and viewer sessions are 256 bits from the OS's CSPRNG and
 * stored only as their SHA-256 (a copy of the table opens nothing); passcodes are stored as scrypt
 * hashes with their own salt, so a leaked table does not hand out cheap guesses either.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** 32 bytes, base64url: 43 characters. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the table keeps of a token or session: enough to find it, useless to present. */
export function secretHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** The founder's handle on a link (never a way in): 12 random bytes, 16 characters. */
export function newLinkId(): string {
  return randomBytes(12).toString('base64url');
}

/** Cost parameters, stored with each hash so they can be raised later without breaking old links. */
const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

function derive(passcode: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passcode.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$<salt>$<hash>` (base64url). */
export async function hashPasscode(passcode: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(passcode, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPasscode(passcode: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(passcode, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(key, expected);
}
