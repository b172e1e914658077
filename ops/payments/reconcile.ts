/**
 * Payments reconciled from Stripe after a restore: the restored table has lost every payment recorded after its
 * restore point that the stream replay could not give back (older than the stream's 24 h). Stripe still has each
 * completed Checkout session; this lists them since a time and hands each to the code the webhook runs
 * (applyPaidSession: Stripe's own copy of the session, the price check, one payment item per session). A session
 * already recorded stays as it is, so a second run — or a run over payments the table still has — changes nothing,
 * and no consumer counts a payment (no consumer listens to PaymentCompleted), so nothing is counted twice.
 */
import type Stripe from 'stripe';
import { type Applied, applyPaidSession } from '../../functions/http/paid-session';
import { retrieveCheckoutSession } from '../../functions/integrations/stripe';
import type { Logger } from '../../functions/lib/logger';
import type { PaymentOutcome } from '../../functions/store/accounts';

export interface ReconcileReport {
  /** Completed sessions Stripe listed since the time. */
  readonly sessions: number;
  /** Payments the table did not have and now has: `<founder sub> <session id>`. */
  readonly recorded: readonly string[];
  /** Sessions the table already had. */
  readonly alreadyRecorded: number;
  /** Completed sessions that are not paid, not ours (another price) or name no founder — ignored as the webhook does. */
  readonly ignored: readonly { readonly sessionId: string; readonly reason: Applied | PaymentOutcome }[];
}

export async function reconcilePayments(options: {
  /** Lists the sessions (the operator's key); recording reads each again through the app's client. */
  readonly stripe: Stripe;
  readonly since: Date;
  readonly log: Logger;
}): Promise<ReconcileReport> {
  const recorded: string[] = [];
  const ignored: { sessionId: string; reason: Applied | PaymentOutcome }[] = [];
  let sessions = 0;
  let alreadyRecorded = 0;
  const listed = options.stripe.checkout.sessions.list({
    created: { gte: Math.floor(options.since.getTime() / 1000) },
    status: 'complete',
    limit: 100,
  });
  for await (const listedSession of listed) {
    sessions++;
    // As the webhook does: the price is checked on Stripe's copy with its line items, which lists leave out.
    const session = await retrieveCheckoutSession(listedSession.id);
    const { applied, outcome } = session
      ? await applyPaidSession(session, options.log)
      : { applied: 'no-reference' as const, outcome: undefined };
    if (applied !== 'applied') ignored.push({ sessionId: listedSession.id, reason: applied });
    else if (outcome === 'recorded') recorded.push(`${session?.client_reference_id} ${listedSession.id}`);
    else if (outcome === 'already-recorded') alreadyRecorded++;
    else ignored.push({ sessionId: listedSession.id, reason: outcome ?? applied });
  }
  return { sessions, recorded, alreadyRecorded, ignored };
}
