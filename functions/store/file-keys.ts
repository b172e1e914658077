/**
 * Object keys of the data room. Browsers upload to `uploads/<sub>/<timestamp>_<name>`
 * (staging, expired by a lifecycle rule); the API moves a checked file to the spec's
 * `<sub>/<timestamp>_<name>`. The prefix is shared with the CDK lifecycle rule.
 */
import { UPLOAD_STAGING_PREFIX } from '#shared/deploy-names';

export { UPLOAD_STAGING_PREFIX };

const SLASHES = /[/\\]/g;
/**
 * Control characters (C0, DEL, C1) and the bidirectional controls (embeddings, overrides, isolates, marks):
 * invisible, and a right-to-left override makes `invoice\u202Efdp.exe` read as `invoiceexe.pdf`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** An unpaired UTF-16 surrogate: no URL can carry it (S3 request paths, download links). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A file name safe as the last part of a key and to show: slashes become `_`, control and bidi
 * characters are removed, well-formed Unicode (an unpaired surrogate becomes U+FFFD, as any UTF-8
 * encoder would send it), at most 200 characters. Applying it twice changes nothing.
 */
export function safeFileName(name: string): string {
  const kept = name.replace(INVISIBLE, '').replace(SLASHES, '_').trim().slice(-200).trim();
  return kept ? kept.replace(LONE_SURROGATE, '\ufffd') : 'file';
}

/**
 * The longest name part of a key, in UTF-8 bytes. A file name on disk has at most 255 bytes, and
 * s3rver keeps each object as files named after the key's last segment (the 14-character timestamp
 * prefix, the name) plus a suffix of up to 22 bytes: a longer name made it fail and stop answering
 * altogether. Tools that sync a bucket to disk meet the same limit.
 */
const KEY_NAME_BYTES = 200;

/** The file name as a key's last part: safe, and cut from the front (the extension stays) to fit KEY_NAME_BYTES. */
export function keyFileName(name: string): string {
  const safe = safeFileName(name);
  let bytes = 0;
  let start = safe.length;
  for (const ch of [...safe].reverse()) {
    bytes += Buffer.byteLength(ch);
    if (bytes > KEY_NAME_BYTES) break;
    start -= ch.length;
  }
  return safe.slice(start).trim() || 'file';
}

export function stagingKey(sub: string, timestamp: number, name: string): string {
  return `${UPLOAD_STAGING_PREFIX}${sub}/${timestamp}_${keyFileName(name)}`;
}

/** The final key (and the name in it) for a staging key of this founder, or null when the key is not theirs. */
export function finalKeyFor(sub: string, staging: string): { key: string; timestamp: number; name: string } | null {
  const prefix = `${UPLOAD_STAGING_PREFIX}${sub}/`;
  if (!staging.startsWith(prefix)) return null;
  const rest = staging.slice(prefix.length);
  // `s`: a name may hold U+2028 and other line separators that `.` alone would not match.
  const match = /^(\d{13})_(.+)$/s.exec(rest);
  // Only a name stagingKey could have made: anything else never reached S3 through us.
  if (!match?.[1] || !match[2] || match[2] !== keyFileName(match[2])) return null;
  return { key: `${sub}/${rest}`, timestamp: Number(match[1]), name: match[2] };
}
