import { ApiError } from './api';

export const TRY_AGAIN_LATER = 'Please try again later.';

/** The message of a thrown error (the auth provider's are written for people), or `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * The API's own message for a refused request (4xx: it says what to fix, e.g. "already registered, please log in"),
 * or `fallback` for server failures and network errors, whose messages help nobody.
 */
export function apiErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) return err.message;
  return fallback;
}

/** Field errors from a 400's details (`[{ field, message }]`), keyed by field name. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(err instanceof ApiError) || err.status !== 400 || !Array.isArray(err.details)) return errors;
  for (const detail of err.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !errors[field]) errors[field] = message;
  }
  return errors;
}
