/** Emails are compared and stored trimmed and lower-cased: one person, one sign-up. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
