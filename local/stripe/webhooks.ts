/**
 * Event delivery like Stripe's: a signed JSON POST to the app's webhook endpoint, retried on a non-2xx
 * answer or a network error. Each attempt gets a fresh `Stripe-Signature` (Stripe signs every attempt
 * with its own timestamp), produced by the SDK's own helper so the app's `constructEvent` accepts it.
 */
import Stripe from 'stripe';
import { randomId } from './http';
import type { CheckoutSession } from './sessions';

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: CheckoutSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: 'checkout.session.completed';
}

export interface Delivery {
  eventId: string;
  type: string;
  /** The HTTP status the app answered; 0 when the request failed (connection refused, timeout). */
  status: number;
}

export interface WebhookSenderOptions {
  secret: string;
  url: () => string;
  log: (line: string) => void;
  /** Pauses before each retry; short because a person is waiting on the redirect. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [100, 250, 500] as const;

export class WebhookSender {
  private readonly events = new Map<string, StripeEvent>();
  private readonly log: Delivery[] = [];

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Snapshot of the session at completion, as Stripe's event carries it (later changes do not leak in). */
  checkoutCompleted(session: CheckoutSession): StripeEvent {
    const event: StripeEvent = {
      id: randomId('evt_test_', 24),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    };
    this.events.set(event.id, event);
    return event;
  }

  deliveries(): readonly Delivery[] {
    return [...this.log];
  }

  /** First delivery with retries; resolves with the last status (never rejects: the payer still gets redirected). */
  async deliver(event: StripeEvent): Promise<number> {
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    let status = await this.attempt(event);
    for (const delay of delays) {
      if (isSuccess(status)) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      status = await this.attempt(event);
    }
    if (!isSuccess(status)) {
      this.options.log(`[stripe] gave up delivering ${event.type} ${event.id} after ${delays.length + 1} attempts`);
    }
    return status;
  }

  /** One more attempt for an event already sent, as "Resend" in Stripe's dashboard does. */
  async redeliver(eventId: string): Promise<number> {
    const event = this.events.get(eventId);
    if (!event) throw new Error(`No such event: '${eventId}'`);
    return this.attempt(event);
  }

  private async attempt(event: StripeEvent): Promise<number> {
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    let target = '(unknown)';
    try {
      target = this.options.url();
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.secret });
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      status = response.status;
      // Read the answer so the connection is released back to the pool.
      await response.arrayBuffer();
    } catch (error) {
      this.options.log(`[stripe] webhook ${event.id} to ${target} failed: ${(error as Error).message}`);
    }
    this.log.push({ eventId: event.id, type: event.type, status });
    this.options.log(`[stripe] ${event.type} ${event.id} → ${target} answered ${status || 'nothing'}`);
    return status;
  }
}

const isSuccess = (status: number) => status >= 200 && status < 300;
