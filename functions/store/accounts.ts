/**
 * Founder accounts: the profile and phase items created together at sign-up, read
 * together for /api/me, and the payment that opens the platform.
 */

import type { OnboardingAnswers } from '#shared/domain/onboarding';
import { type PhaseFlags, phaseFlagsFrom } from '#shared/domain/phases';
import { batchGetAll } from './batch-get';
import { tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { type Key, keys, stats } from './keys';
import { announce } from './outbox';
import { newPhaseRecord } from './phases';
import { prefixQuery, queryAll } from './query';
import { putItem, putNew, transact, transactedIf, updatedIf, updateItem, wroteIf } from './writes';

export interface NewAccount {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  startupName: string;
}

export interface AccountItems {
  profile: Record<string, unknown> | null;
  phases: PhaseFlags;
  /** The founder has an entry in the coaches' founder directory (functions/store/directory.ts). */
  inDirectory: boolean;
}

/**
 * Creates profile and phase record, counts the user, consumes the sign-up code and announces UserRegistered in
 * one transaction. Returns false when the profile already exists (a retried verify).
 */
export async function createAccount(account: NewAccount, now: string): Promise<boolean> {
  return transactedIf([
    putNew({
      ...keys.profile(account.userId),
      ...account,
      idea: null,
      paid: false,
      trigger_questions_email_sent: false,
      value_proposition_email_sent: false,
      bmc_email_sent: false,
      onboarding: null,
      createdAt: now,
    }),
    newPhaseRecord(account.userId, now),
    {
      Update: {
        TableName: tableName(),
        Key: keys.stat(stats.users),
        UpdateExpression: 'ADD #v :one SET updatedAt = :now',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':one': 1, ':now': now },
      },
    },
    { Delete: { TableName: tableName(), Key: keys.signupCode(account.email) } },
    { Delete: { TableName: tableName(), Key: keys.signupUser(account.email) } },
    announce('UserRegistered', { userId: account.userId, email: account.email, firstName: account.firstName }),
  ]);
}

/** The keys /api/me reads besides the profile: the access check reads them with it (functions/lib/http.ts). */
export function accountKeysBesideProfile(sub: string): Key[] {
  // The directory entry rides along in the same request, so /api/me can add a founder who signed up before the
  // directory existed without a read of its own.
  return [keys.phases(sub), keys.directory(sub)];
}

/** Profile, phase flags and directory presence among items read for `sub`. */
export function accountItemsFrom(sub: string, items: readonly Record<string, unknown>[]): AccountItems {
  const profile = items.find((i) => i.SK === 'PROFILE') ?? null;
  const phases = items.find((i) => i.SK === 'PHASES');
  return { profile, phases: phaseFlagsFrom(phases), inDirectory: items.some((i) => i.SK === keys.directory(sub).SK) };
}

export async function getAccountItems(sub: string): Promise<AccountItems> {
  const items = await batchGetAll(tableName(), [keys.profile(sub), ...accountKeysBesideProfile(sub)], {
    consistentRead: true,
  });
  return accountItemsFrom(sub, items);
}

/** Saves the setup wizard's answers; false when the caller has no founder profile. */
export async function saveOnboarding(sub: string, answers: OnboardingAnswers, now: string): Promise<boolean> {
  return wroteIf(
    updateItem({
      Key: keys.profile(sub),
      UpdateExpression: 'SET onboarding = :a, startupName = :s, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':a': answers, ':s': answers.startupName, ':now': now },
    }),
  );
}

/** Account settings: new names; false when there is no founder profile. The wizard's startup name follows. */
export async function updateNames(
  sub: string,
  names: { firstName: string; lastName: string; startupName: string },
  now: string,
): Promise<Record<string, unknown> | null> {
  const profile = await updatedIf({
    Key: keys.profile(sub),
    UpdateExpression: 'SET firstName = :f, lastName = :l, startupName = :s, updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: {
      ':f': names.firstName,
      ':l': names.lastName,
      ':s': names.startupName,
      ':now': now,
    },
  });
  if (!(profile?.onboarding && typeof profile.onboarding === 'object')) return profile;
  // The setup wizard keeps its own copy of the startup name: both say the same.
  const onboarding = { ...(profile.onboarding as Record<string, unknown>), startupName: names.startupName };
  const copied = await wroteIf(
    updateItem({
      Key: keys.profile(sub),
      UpdateExpression: 'SET onboarding.startupName = :s',
      ConditionExpression: 'attribute_exists(onboarding)',
      ExpressionAttributeValues: { ':s': names.startupName },
    }),
  );
  return copied ? { ...profile, onboarding } : null;
}

/** The founder's recorded payment (the first, if Stripe ever reported two sessions). */
export async function getPayment(
  sub: string,
): Promise<{ sessionId: string; amount: number | null; currency: string | null; paidAt: string } | null> {
  const items = await queryAll(prefixQuery(keys.profile(sub).PK, keys.paymentPrefix));
  const first = items.sort((a, b) => String(a.paidAt).localeCompare(String(b.paidAt)))[0];
  if (!first) return null;
  return {
    sessionId: String(first.sessionId),
    amount: typeof first.amount === 'number' ? first.amount : null,
    currency: typeof first.currency === 'string' ? first.currency : null,
    paidAt: String(first.paidAt),
  };
}

const receiptItem = (eventId: string, sessionId: string, now: string) => ({
  ...keys.stripeReceipt(eventId),
  sessionId,
  receivedAt: now,
});

/** Keeps an event's receipt; one already kept stays as it is. */
async function putReceipt(eventId: string, sessionId: string, now: string): Promise<void> {
  await wroteIf(
    putItem({ Item: receiptItem(eventId, sessionId, now), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}

export type PaymentOutcome = 'recorded' | 'already-recorded' | 'replayed-event' | 'no-profile';

/**
 * Records a paid checkout session and marks the profile paid, once per session
 * whoever gets there first (the success page's verify call or the webhook). With a
 * webhook event id, the event's receipt is written in the same transaction, so a
 * replayed event changes nothing. PaymentCompleted is announced in the same transaction.
 */
export async function recordPayment(
  payment: { userId: string; sessionId: string; amount: number | null; currency: string | null; eventId?: string },
  now: string,
): Promise<PaymentOutcome> {
  const { eventId } = payment;
  const receipt = eventId ? [putNew(receiptItem(eventId, payment.sessionId, now))] : [];
  const refused = await transact<PaymentOutcome>(
    [
      ...receipt,
      putNew({
        ...keys.payment(payment.userId, payment.sessionId),
        sessionId: payment.sessionId,
        amount: payment.amount,
        currency: payment.currency,
        paidAt: now,
      }),
      {
        Update: {
          TableName: tableName(),
          Key: keys.profile(payment.userId),
          UpdateExpression: 'SET paid = :t, paidAt = if_not_exists(paidAt, :now)',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':t': true, ':now': now },
        },
      },
      announce('PaymentCompleted', { userId: payment.userId, sessionId: payment.sessionId }),
    ],
    async (codes) => {
      const [receiptCode, paymentCode, profileCode] = eventId ? codes : ['None', ...codes];
      if (receiptCode === CONDITION_FAILED) return 'replayed-event';
      if (profileCode === CONDITION_FAILED) return 'no-profile';
      if (paymentCode !== CONDITION_FAILED) return undefined;
      // The success page recorded this session first; keep the event's receipt so its replays stay no-ops.
      if (eventId) await putReceipt(eventId, payment.sessionId, now);
      return 'already-recorded';
    },
  );
  return refused ?? 'recorded';
}
