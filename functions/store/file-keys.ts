/**
 * Object keys of the data room. Browsers upload to `uploads/<sub>/<timestamp>_<name>`
 * (staging, expired by a lifecycle rule); the API moves a checked file to the spec's
 * `<sub>/<timestamp>_<name>`. Shared by the API and the CDK lifecycle rule.
 */
export const UPLOAD_STAGING_PREFIX = 'uploads/';

/** A file name safe as the last part of a key: no slashes or control characters, at most 200 characters. */
export function safeFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
  const cleaned = name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').trim();
  return (cleaned || 'file').slice(-200);
}

export function stagingKey(sub: string, timestamp: number, name: string): string {
  return `${UPLOAD_STAGING_PREFIX}${sub}/${timestamp}_${safeFileName(name)}`;
}

/** The final key for a staging key of this founder, or null when the key is not theirs. */
export function finalKeyFor(sub: string, staging: string): { key: string; timestamp: number } | null {
  const prefix = `${UPLOAD_STAGING_PREFIX}${sub}/`;
  if (!staging.startsWith(prefix)) return null;
  const rest = staging.slice(prefix.length);
  const match = /^(\d{13})_(.+)$/.exec(rest);
  if (!match?.[1] || !match[2] || match[2].includes('/')) return null;
  return { key: `${sub}/${rest}`, timestamp: Number(match[1]) };
}
