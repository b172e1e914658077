/**
 * The setup wizard's optional website, checked the same in the browser and by the API: an address a person or a
 * brief reader can open, so "kitchenloop" (no domain) is refused rather than printed on the founder's brief.
 */

export const WEBSITE_PROBLEM = 'Enter your website’s address with its domain ending, such as kitchenloop.com.';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level domain: letters, or an internationalised one in its xn-- form. */
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The website as stored and shown: https:// before a bare host ("kitchenloop.com" → "https://kitchenloop.com"), the
 * host lower-cased, a path kept; null when it is no web address (no dot and ending, spaces, another scheme,
 * credentials).
 */
export function normaliseWebsite(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (hasScheme && !/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const labels = url.hostname.split('.');
  const tld = labels.at(-1) ?? '';
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TLD.test(tld)) return null;
  // A bare host reads better without the slash URL adds; anything after the host is kept as written.
  return url.pathname === '/' && !url.search && !url.hash ? `${url.protocol}//${url.host}` : url.href;
}
