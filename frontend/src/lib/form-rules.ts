import { PASSWORD_POLICY, passwordProblems } from '#shared/domain/password-policy';

export { passwordProblems };

/** The password policy as one hint line, e.g. 'At least 8 characters, with a lowercase letter, an uppercase letter and a number.' */
export function passwordHint(): string {
  const parts: string[] = [];
  if (PASSWORD_POLICY.requireLowercase) parts.push('a lowercase letter');
  if (PASSWORD_POLICY.requireUppercase) parts.push('an uppercase letter');
  if (PASSWORD_POLICY.requireDigits) parts.push('a number');
  if (PASSWORD_POLICY.requireSymbols) parts.push('a symbol');
  const base = `At least ${PASSWORD_POLICY.minLength} characters`;
  if (parts.length === 0) return `${base}.`;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${base}, with ${list}.`;
}

/** A loose shape check (something@something.tld); the server and the email itself are the real check. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
