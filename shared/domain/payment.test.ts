import { describe, expect, it } from 'vitest';
import { priceMismatch } from './payment';

const expected = { priceId: 'price_founder', amount: 29900, currency: 'eur' };
const ours = {
  mode: 'payment',
  amount_total: 29900,
  currency: 'eur',
  line_items: { data: [{ price: { id: 'price_founder' }, quantity: 1 }] },
};

describe('priceMismatch', () => {
  it("accepts exactly the product's price", () => {
    expect(priceMismatch(ours, expected)).toBeNull();
    expect(priceMismatch({ ...ours, currency: 'EUR' }, expected)).toBeNull();
  });

  it('refuses another amount, currency, mode or price, and a session without its lines', () => {
    expect(priceMismatch({ ...ours, amount_total: 100 }, expected)).toMatch(/amount/);
    expect(priceMismatch({ ...ours, currency: 'usd' }, expected)).toMatch(/currency/);
    expect(priceMismatch({ ...ours, mode: 'subscription' }, expected)).toMatch(/mode/);
    expect(
      priceMismatch({ ...ours, line_items: { data: [{ price: { id: 'price_other' }, quantity: 1 }] } }, expected),
    ).toMatch(/line items/);
    expect(priceMismatch({ ...ours, line_items: null }, expected)).toMatch(/line items/);
    expect(
      priceMismatch({ ...ours, line_items: { data: [{ price: { id: 'price_founder' }, quantity: 2 }] } }, expected),
    ).toMatch(/line items/);
  });
});
