/**
 * Helpers for integration tests: real users in cognito-local, real tokens, and
 * HTTP calls to the local API server that runs the route table.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { RETRY_POLICY } from '#shared/events';
import { listSentEmails, type SentEmail } from '../local/emulators/index';
import { type ApiRequestOptions, type ApiResponse, apiRequest } from './api-request';
import { TEST_ADMIN_PASSWORD } from './constants';
import {
  createPoolUser,
  createVerifiedPoolUser,
  setPhases,
  signInToPool,
  type TestUser,
  type UserPool,
  type VerifiedUser,
} from './users';

export type { ApiResponse };

/** An address of the site's own origin (the local server), as the browser resolves a path the API hands it. */
export const onSite = (path: string): string => new URL(path, inject('apiUrl')).toString();

export function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: Omit<ApiRequestOptions, 'timeoutMs'> = {},
): Promise<ApiResponse<T>> {
  return apiRequest<T>(inject('apiUrl'), method, path, options);
}

/** The test stack's user pool, as the global setup provides it. */
function pool(): UserPool {
  return {
    endpoint: inject('cognitoEndpoint'),
    userPoolId: inject('userPoolId'),
    clientId: inject('userPoolClientId'),
  };
}

export async function signIn(username: string, password: string): Promise<{ accessToken: string; idToken: string }> {
  return signInToPool(pool(), username, password);
}

export async function adminToken(): Promise<string> {
  return (await signIn('admin', TEST_ADMIN_PASSWORD)).accessToken;
}

export type { TestUser };

/** A user in cognito-local with a profile item; `paid` decides whether founder routes open. */
export async function createUser(options: { paid?: boolean; admin?: boolean } = {}): Promise<TestUser> {
  return createPoolUser(pool(), options);
}

/** A confirmed Cognito user with no founder profile (as a half-finished sign-up or a coach leaves one); its sub. */
export function createProfilelessUser(user: VerifiedUser): Promise<string> {
  return createVerifiedPoolUser(pool(), user);
}

/** How long eventsSettled() waits for retries: the quick ones (RETRY_POLICY.backoffMs) and a little more. */
const RETRIES_SETTLED_MS = RETRY_POLICY.backoffMs.reduce((a, b) => a + b, 0) + 2_000;

/**
 * Waits until the local bus has delivered every event published so far. `/_dev/events/idle` does not wait for a
 * delivery on its back-off timer (one could wait an hour), so this asks again while some are retrying, for as long
 * as the quick retries take; `retrying` then says how many were still failing.
 */
export async function eventsSettled(): Promise<{ deadLetters: number; retrying: number }> {
  const deadline = Date.now() + RETRIES_SETTLED_MS;
  for (;;) {
    const res = await fetch(`${inject('apiUrl')}/_dev/events/idle`);
    const state = (await res.json()) as { deadLetters: number; retrying: number };
    if (state.retrying === 0 || Date.now() > deadline) return state;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Emails the app sent to one address, newest first (read from the SES emulator). */
export async function emailsTo(address: string): Promise<SentEmail[]> {
  const all = await listSentEmails(inject('sesEndpoint'));
  return all.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The 6-digit code in the newest sign-up email to an address. */
export async function latestSignupCode(address: string): Promise<string> {
  const [mail] = await emailsTo(address);
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no sign-up code emailed to ${address}`);
  return code;
}

export function uniqueEmail(prefix = 'founder'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export { setPhases };

/** A founder who saved an idea and answered every trigger question through the API. */
export async function founderWithTriggerDone(): Promise<TestUser> {
  const founder = await createUser();
  await api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Meal plans for busy parents' } });
  const { questions } = (
    await api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', { token: founder.token })
  ).body;
  await Promise.all(
    questions.map((q, i) =>
      api('PUT', `/api/answers/trigger/${q.id}`, { token: founder.token, body: { answers: [`Answer ${i}`] } }),
    ),
  );
  return founder;
}

/** A real one-page PDF of `size` bytes (test/pdf-files.ts): the data room reads every PDF it is given. */
export { pdfBytes } from './pdf-files';
