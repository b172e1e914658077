import { ApiError } from './api';

/** What a failed request says when the API gives no reason of its own. */
export const TRY_AGAIN = 'Please try again.';
export const TRY_AGAIN_LATER = 'Please try again later.';

/** The message of a thrown error (the auth provider's are written for people), or `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

export const WRONG_CREDENTIALS = 'Incorrect email or password';

/** The provider's names for "no such user" and "wrong password" (cognito-local tells them apart; Cognito does not). */
const CREDENTIAL_ERRORS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

/**
 * What a failed sign-in says. An unknown account and a wrong password read the same, so the form
 * never tells anyone which emails have accounts; a locked-out account still says why.
 */
export function signInErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && CREDENTIAL_ERRORS.has(err.name) && !/attempts exceeded/i.test(err.message)) {
    return WRONG_CREDENTIALS;
  }
  return errorMessage(err, fallback);
}

/**
 * The API's own message for a refused request (4xx: it says what to fix, e.g. "already registered, please log in"),
 * or nothing for server failures and network errors, whose messages help nobody.
 */
export function refusalOf(err: unknown): string | undefined {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : undefined;
}

/** The API's own message for a refused request (see refusalOf), or `fallback`. */
export function apiErrorMessage(err: unknown, fallback: string): string {
  return refusalOf(err) ?? fallback;
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
