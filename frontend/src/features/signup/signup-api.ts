import type {
  SignupStartRequest,
  SignupStartResponse,
  SignupVerifyRequest,
  SignupVerifyResponse,
} from '#shared/api-types';
import { apiFetch } from '../../lib/api';

/** Checks the sign-up data and emails a 6-digit code (again, for a resend). 409: already registered; 429: too soon. */
export function signupStart(body: SignupStartRequest): Promise<SignupStartResponse> {
  return apiFetch('accounts.signupStart', { body });
}

/** Creates the account when the code matches. 400: wrong code; 410: expired; 429: too many attempts. */
export function signupVerify(body: SignupVerifyRequest): Promise<SignupVerifyResponse> {
  return apiFetch('accounts.signupVerify', { body });
}
