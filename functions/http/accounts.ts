/**
 * Accounts area: sign-up with an emailed code (checked here, never in the browser),
 * the caller's profile and phase flags, and the setup wizard's answers.
 */

import { randomUUID } from 'node:crypto';
import type { MeResponse, ProfileView, SignupStartResponse, SignupVerifyResponse } from '#shared/api-types';
import { accountsContract } from '#shared/contract/accounts';
import { NO_PHASES } from '#shared/domain/phases';
import { plural } from '#shared/plural';
import { createUserWithPassword, findUserByEmail, isInAnyGroup } from '../integrations/cognito-users';
import { sendEmail } from '../integrations/email';
import { signupCodeEmail } from '../lib/emails';
import {
  BadRequestError,
  ConflictError,
  HttpError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../lib/errors';
import { type AreaRoutes, clientAddress, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { countEvent } from '../lib/metrics';
import { codeMatches, generateCode, hashCode, newSalt, OTP } from '../lib/otp';
import {
  accountItemsFrom,
  accountKeysBesideProfile,
  createAccount,
  saveOnboarding,
  updateNames,
} from '../store/accounts';
import { keepDirectoryCurrent } from '../store/directory';
import { getProfile } from '../store/profiles';
import { ACCOUNT_RATE_NAMES, hitRateLimit } from '../store/rate-limits';
import {
  claimAttempt,
  deleteSignupCode,
  getSignupCode,
  getSignupUser,
  putSignupCode,
  putSignupUser,
} from '../store/signup-codes';

const ALREADY_REGISTERED = 'An account with this email already exists. Please log in instead.';
const CODE_EXPIRED = 'Code has expired. Please request a new code.';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Counts one hit against an hourly limit; when it is exhausted, answers 429 saying when to retry. */
async function enforceHourlyLimit(name: string, limit: number, what: string): Promise<void> {
  const verdict = await hitRateLimit(name, limit, 3600, nowSeconds());
  if (verdict.allowed) return;
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  throw new TooManyRequestsError(
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    verdict.retryAfterSeconds,
  );
}

/**
 * The Cognito username this sign-up may use for the email. A user that already has the email is
 * reused only when this sign-up created it (its username is the pending code's or the recorded
 * sign-up user's) and it has neither a founder profile nor a group: the remains of a verify that
 * failed half-way. Anyone else's account — a coach's, a finished founder's — answers 409 and is
 * never changed: sign-up deletes nothing and sets no password but its own.
 */
async function signupUsername(email: string, pendingUsername: string | null): Promise<string> {
  const [existing, recorded] = await Promise.all([findUserByEmail(email), getSignupUser(email)]);
  if (!existing) return pendingUsername ?? recorded ?? randomUUID();
  const ours = existing.username === pendingUsername || existing.username === recorded;
  if (!ours || (await getProfile(existing.sub)) || (await isInAnyGroup(existing.username))) {
    throw new ConflictError(ALREADY_REGISTERED);
  }
  return existing.username;
}

function profileView(item: Record<string, unknown> | null): ProfileView | null {
  if (!item) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    email: text(item.email),
    firstName: text(item.firstName),
    lastName: text(item.lastName),
    startupName: text(item.startupName),
    idea: typeof item.idea === 'string' ? item.idea : null,
    paid: item.paid === true,
    onboarding: (item.onboarding as ProfileView['onboarding']) ?? null,
  };
}

export const accountsRoutes: AreaRoutes<'accounts'> = {
  'accounts.signupStart': defineRoute('accounts.signupStart', {
    handle: async ({ body, event, log }) => {
      const now = nowSeconds();
      // Limits come before any answer that depends on the email, so "already registered" cannot be mined.
      await enforceHourlyLimit(
        `signup-client#${clientAddress(event)}`,
        OTP.sendsPerClientPerHour,
        'verification codes were requested',
      );
      const previous = await getSignupCode(body.email);
      if (previous && previous.resendAfter > now) {
        const wait = previous.resendAfter - now;
        throw new TooManyRequestsError(`Please wait ${plural(wait, 'second')} before requesting a new code.`, wait);
      }
      await enforceHourlyLimit(
        ACCOUNT_RATE_NAMES.signupEmail(body.email),
        OTP.sendsPerEmailPerHour,
        'verification codes were requested',
      );
      const username = await signupUsername(body.email, previous?.username ?? null);

      const code = generateCode();
      const salt = newSalt();
      const stored = await putSignupCode(
        {
          email: body.email,
          hash: hashCode(code, salt),
          salt,
          codeExpiresAt: now + OTP.ttlSeconds,
          resendAfter: now + OTP.resendAfterSeconds,
          attempts: 0,
          username,
        },
        now,
      );
      if (!stored)
        throw new TooManyRequestsError('A code was just sent. Please wait a minute before asking again.', 60);
      try {
        await sendEmail({ to: body.email, ...signupCodeEmail(code, OTP.ttlSeconds / 60) });
      } catch (err) {
        // Without the email the code is useless; removing it lets the person try again at once.
        log.error('sign-up code email failed', { err });
        await deleteSignupCode(body.email).catch(() => undefined);
        throw new ServiceUnavailableError('We could not send the verification email. Please try again in a moment.');
      }
      const response: SignupStartResponse = {
        email: body.email,
        expiresInSeconds: OTP.ttlSeconds,
        resendAfterSeconds: OTP.resendAfterSeconds,
      };
      return { statusCode: 202, body: response };
    },
  }),

  'accounts.signupVerify': defineRoute('accounts.signupVerify', {
    handle: async ({ body, event, log }) => {
      const now = nowSeconds();
      await enforceHourlyLimit(
        `verify-client#${clientAddress(event)}`,
        OTP.verifiesPerClientPerHour,
        'verification attempts',
      );
      const attempt = await claimAttempt(body.email);
      if (attempt.outcome === 'missing') {
        const existing = await findUserByEmail(body.email);
        if (existing && (await getProfile(existing.sub))) throw new ConflictError(ALREADY_REGISTERED);
        throw new HttpError(410, 'CodeExpired', CODE_EXPIRED);
      }
      if (attempt.outcome === 'exhausted') {
        const pending = await getSignupCode(body.email);
        throw new TooManyRequestsError(
          'Too many attempts: this code is no longer valid. Please request a new code.',
          Math.max(0, (pending?.resendAfter ?? now) - now),
        );
      }
      const pending = attempt.code;
      if (now >= pending.codeExpiresAt) throw new HttpError(410, 'CodeExpired', CODE_EXPIRED);
      if (!codeMatches(body.code, pending.salt, pending.hash)) {
        throw new HttpError(400, 'InvalidCode', 'Invalid OTP: The verification code you entered is incorrect.', {
          attemptsLeft: Math.max(0, OTP.maxAttempts - pending.attempts),
        });
      }

      const username = await signupUsername(body.email, pending.username);
      // Recorded before the user exists, so a verify that fails half-way can be finished by a later sign-up.
      await putSignupUser(body.email, username, new Date().toISOString());
      let user: Awaited<ReturnType<typeof createUserWithPassword>>;
      try {
        user = await createUserWithPassword(username, body.email, body.password);
      } catch (err) {
        if (err instanceof Error && ['InvalidPasswordException', 'InvalidParameterException'].includes(err.name)) {
          throw new BadRequestError(err.message, [{ field: 'password', message: err.message }]);
        }
        throw err;
      }
      const createdAt = new Date().toISOString();
      const created = await createAccount(
        {
          userId: user.sub,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          startupName: body.startupName,
        },
        createdAt,
      );
      log.info('account created', { userId: user.sub, created });
      // A verify retried after the profile was written creates no second founder.
      if (created) countEvent('signUps');
      const response: SignupVerifyResponse = { userId: user.sub };
      return { statusCode: 201, body: response };
    },
  }),

  'accounts.me': defineRoute('accounts.me', {
    // Read in the access check's one request, with the profile it checks: /api/me costs one BatchGet.
    readWithProfile: accountKeysBesideProfile,
    handle: async ({ principal, caller, log }) => {
      const items = principal.isAdmin
        ? { profile: null, phases: NO_PHASES }
        : accountItemsFrom(principal.sub, caller.items);
      // A founder who signed up before the coaches' directory existed joins it on their next visit (once).
      if ('inDirectory' in items && items.profile && !items.inDirectory) {
        await keepDirectoryCurrent(principal.sub, undefined, log);
      }
      const response: MeResponse = {
        userId: principal.sub,
        username: principal.username,
        isAdmin: principal.isAdmin,
        profile: profileView(items.profile),
        phases: items.phases,
      };
      return { body: response };
    },
  }),

  'accounts.updateProfile': defineRoute('accounts.updateProfile', {
    handle: async ({ body, principal }) => {
      const now = new Date().toISOString();
      const profile = profileView(await updateNames(principal.sub, body, now));
      if (!profile)
        throw new NotFoundError('This account has no founder profile: coaches have no names to change here.');
      return { body: { profile } };
    },
  }),

  'accounts.saveOnboarding': defineRoute('accounts.saveOnboarding', {
    handle: async ({ body, principal }) => {
      const now = new Date().toISOString();
      if (!(await saveOnboarding(principal.sub, body, now))) {
        throw new NotFoundError('This account has no founder profile to save the setup to.');
      }
      return { body: { onboarding: body } };
    },
  }),
};

export const handler = createAreaHandler('accounts', accountsRoutes, accountsContract);
