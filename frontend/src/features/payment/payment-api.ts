import type { CheckoutResponse, VerifyPaymentResponse } from '#shared/api-types';
import { apiFetch } from '../../lib/api';

/** Opens a checkout session for the one-time price; answers the hosted checkout page to send the browser to. */
export function startCheckout(): Promise<CheckoutResponse> {
  return apiFetch('payments.checkout');
}

/** Asks whether the checkout session was paid; the server marks the profile paid when it was. */
export function verifyPayment(sessionId: string): Promise<VerifyPaymentResponse> {
  return apiFetch('payments.verify', { body: { sessionId } });
}
