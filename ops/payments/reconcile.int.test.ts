/**
 * Payments reconciled from the local Stripe emulator after a "restore" that lost them: the founder paid through the
 * checkout page (the webhook recorded it), then the table lost the payment as a restore to an earlier point would
 * (payment item gone, profile unpaid). The reconciliation finds it at Stripe and records it through the webhook's
 * code, once; a second run changes nothing; a founder whose profile the restore lost too is reported, not written.
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '#shared/api-types';
import { LOCAL_ONLY_ENV } from '#shared/deploy-names';
import { rootLogger } from '../../functions/lib/logger';
import { ddb, tableName } from '../../functions/store/client';
import { keys } from '../../functions/store/keys';
import { getProfile } from '../../functions/store/profiles';
import { api, createUser, eventsSettled, type TestUser } from '../../test/helpers';
import { stripeClient } from '../lib/stripe';
import { formatReconcile, reconcileCli } from './cli';
import { reconcilePayments } from './reconcile';

const stripe = () =>
  stripeClient(process.env[LOCAL_ONLY_ENV.stripeSecretKey] ?? '', process.env[LOCAL_ONLY_ENV.stripeApiUrl]);
const log = rootLogger.child({ component: 'reconcile-test' });

async function paidFounder(): Promise<{ founder: TestUser; sessionId: string }> {
  const founder = await createUser({ paid: false });
  const res = await api<CheckoutResponse>('POST', '/api/payments/checkout', { token: founder.token });
  expect(res.status).toBe(200);
  const paid = await fetch(`${res.body.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  expect((await getProfile(founder.sub))?.paid).toBe(true);
  return { founder, sessionId: res.body.sessionId };
}

async function payments(sub: string): Promise<number> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': 'PAYMENT#' },
    }),
  );
  return out.Count ?? 0;
}

/** What a restore to a point before the payment leaves: no payment item, an unpaid profile. */
async function losePayment(sub: string, sessionId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.payment(sub, sessionId) }));
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(sub),
      UpdateExpression: 'SET paid = :f REMOVE paidAt',
      ExpressionAttributeValues: { ':f': false },
    }),
  );
}

describe('payments:reconcile', () => {
  it('records a payment the restored table lost, through the webhook’s code, once', async () => {
    const since = new Date(Date.now() - 1000);
    const { founder, sessionId } = await paidFounder();
    const kept = await paidFounder();
    await losePayment(founder.sub, sessionId);
    expect((await getProfile(founder.sub))?.paid).toBe(false);
    // An open session nobody paid is not a completed one.
    const unpaid = await createUser({ paid: false });
    await api('POST', '/api/payments/checkout', { token: unpaid.token });

    const report = await reconcilePayments({ stripe: stripe(), since, log });
    expect(report.recorded).toEqual([`${founder.sub} ${sessionId}`]);
    expect(report.alreadyRecorded).toBe(1);
    expect(report.sessions).toBe(2);
    expect(report.ignored).toEqual([]);
    expect((await getProfile(founder.sub))?.paid).toBe(true);
    expect(await payments(founder.sub)).toBe(1);
    expect(await payments(kept.founder.sub)).toBe(1);
    expect(formatReconcile(report)[0]).toBe(`RECORDED ${founder.sub} ${sessionId}: the founder is marked paid again.`);

    const again = await reconcilePayments({ stripe: stripe(), since, log });
    expect(again).toMatchObject({ recorded: [], alreadyRecorded: 2, sessions: 2 });
    expect(await payments(founder.sub)).toBe(1);
    await eventsSettled();
  });

  it('reports a paid founder whose profile the restore lost too, and writes nothing for them', async () => {
    const since = new Date(Date.now() - 1000);
    const { founder, sessionId } = await paidFounder();
    await losePayment(founder.sub, sessionId);
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.profile(founder.sub) }));
    const report = await reconcilePayments({ stripe: stripe(), since, log });
    expect(report.ignored).toEqual([{ sessionId, reason: 'no-profile' }]);
    expect(await payments(founder.sub)).toBe(0);
    expect(formatReconcile(report)[0]).toMatch(/^IGNORED .*: the founder's profile is not in the table/);
    await eventsSettled();
  });

  it('lists nothing before --since, and the CLI refuses a wrong command with 2', async () => {
    expect((await reconcilePayments({ stripe: stripe(), since: new Date(Date.now() + 3_600_000), log })).sessions).toBe(
      0,
    );
    const lines: string[] = [];
    const print = (l: string) => lines.push(l);
    expect(await reconcileCli(['--stage', 'dev', '--since', '2026-01-01T00:00:00Z'], { print })).toBe(2);
    expect(lines[0]).toBe('Name the table the stage uses now: --table <name>.');
    expect(await reconcileCli(['--stage', 'dev', '--table', 't', '--since', 'yesterday'], { print })).toBe(2);
    expect(lines.at(-2)).toMatch(/--since takes a time as ISO 8601/);
    expect(await reconcileCli(['--stage', 'dev', '--bogus'], { print })).toBe(2);
  });
});
