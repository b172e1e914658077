import type { SignupStartRequest } from '#shared/api-types';

/**
 * What the sign-up page hands the verification page in navigation state (spec §3: email, password, firstName,
 * lastName, startupName). Never the code: that only travels by email.
 */
export type SignupData = SignupStartRequest;

const FIELDS = ['email', 'password', 'firstName', 'lastName', 'startupName'] as const;

/** The sign-up data from `location.state`, or null when the page was opened without it. */
export function signupDataFrom(state: unknown): SignupData | null {
  if (typeof state !== 'object' || state === null) return null;
  const record = state as Record<string, unknown>;
  const data: Partial<SignupData> = {};
  for (const field of FIELDS) {
    const value = record[field];
    if (typeof value !== 'string' || value.length === 0) return null;
    data[field] = value;
  }
  return data as SignupData;
}
