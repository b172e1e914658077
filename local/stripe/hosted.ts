/**
 * The browser side of Checkout: `GET /checkout/:id` (the page) and `POST /checkout/:id/pay` (the Pay
 * button), which completes the session, delivers `checkout.session.completed` and redirects like Stripe.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FormError, type FormValue, parseForm } from './form';
import { readBody, redirect, sendHtml } from './http';
import { renderCheckoutPage, renderNotFoundPage, renderReceiptPage } from './page';
import { completeSession, type StoredSession, successRedirect } from './sessions';
import type { WebhookSender } from './webhooks';

export interface HostedContext {
  sessions: Map<string, StoredSession>;
  webhooks: WebhookSender;
  log: (line: string) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createHostedHandler(ctx: HostedContext) {
  async function pay(req: IncomingMessage, res: ServerResponse, stored: StoredSession): Promise<void> {
    const body = await readBody(req);
    // The email is optional here (the form marks it required); a garbled body just means "no email".
    let typed: FormValue | undefined;
    try {
      typed = parseForm(body).email;
    } catch (error) {
      if (!(error instanceof FormError)) throw error;
    }
    const email = typeof typed === 'string' && EMAIL.test(typed.trim()) ? typed.trim() : null;
    // The state changes before any await, so a double-click or a second tab cannot send a second event.
    // `?deliver=0` pays without sending the webhook: how tests stand in for a delivery Stripe lost.
    const deliver = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('deliver') !== '0';
    if (completeSession(stored, email)) {
      ctx.log(`[stripe] ${stored.session.id} paid${deliver ? '' : ' (webhook withheld)'}`);
      const event = ctx.webhooks.checkoutCompleted(stored.session);
      // Wait for the app's answer before redirecting, so the success page usually finds the payment recorded.
      if (deliver) await ctx.webhooks.deliver(event);
    }
    redirect(res, successRedirect(stored.session));
  }

  /** Answers `/checkout/...` paths; returns false for anything else so the caller can 404. */
  return async function handleHosted(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    const receipt = /^\/receipts\/([^/]+)\/?$/.exec(pathname);
    if (receipt?.[1]) {
      const paid = ctx.sessions.get(receipt[1]);
      if (paid?.session.payment_status === 'paid') sendHtml(res, 200, renderReceiptPage(paid));
      else sendHtml(res, 404, renderNotFoundPage());
      return true;
    }
    const match = /^\/checkout\/([^/]+)(\/pay)?\/?$/.exec(pathname);
    if (!match?.[1]) return false;
    const stored = ctx.sessions.get(match[1]);
    const method = req.method ?? 'GET';
    if (!stored) {
      sendHtml(res, 404, renderNotFoundPage());
      return true;
    }
    if (match[2] && method === 'POST') {
      await pay(req, res, stored);
      return true;
    }
    if (!match[2] && (method === 'GET' || method === 'HEAD')) {
      sendHtml(res, 200, renderCheckoutPage(stored));
      return true;
    }
    res.writeHead(405, { allow: match[2] ? 'POST' : 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed\n');
    return true;
  };
}
