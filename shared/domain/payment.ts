/**
 * What counts as paying for Preseed. The same Stripe account may sell other things (a payment link
 * for a donation carries any client_reference_id it is given), so a paid session unlocks the platform
 * only when it is this product's one-time price: mode, amount, currency and price id.
 */
export interface ExpectedPrice {
  priceId: string;
  amount: number;
  currency: string;
}

export interface PaidSessionFacts {
  mode?: string | null;
  amount_total?: number | null;
  currency?: string | null;
  line_items?: { data?: { price?: { id?: string | null } | null; quantity?: number | null }[] } | null;
}

/** Why a session is not a payment for Preseed, or null when it is. */
export function priceMismatch(session: PaidSessionFacts, expected: ExpectedPrice): string | null {
  if (session.mode !== 'payment') return `mode is ${session.mode ?? 'missing'}, not payment`;
  if (session.amount_total !== expected.amount) {
    return `amount is ${session.amount_total ?? 'missing'}, not ${expected.amount}`;
  }
  if (session.currency?.toLowerCase() !== expected.currency.toLowerCase()) {
    return `currency is ${session.currency ?? 'missing'}, not ${expected.currency}`;
  }
  const lines = session.line_items?.data ?? [];
  if (lines.length !== 1 || lines[0]?.price?.id !== expected.priceId || lines[0]?.quantity !== 1) {
    return `line items are not one of ${expected.priceId}`;
  }
  return null;
}
