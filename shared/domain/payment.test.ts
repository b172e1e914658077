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

describe('priceMismatch on malformed or foreign sessions', () => {
  const line = { price: { id: 'price_founder' }, quantity: 1 };

  it('refuses a session with an extra line item beside ours, naming the price it expected', () => {
    expect(
      priceMismatch(
        { ...ours, line_items: { data: [line, { price: { id: 'price_donation' }, quantity: 1 }] } },
        expected,
      ),
    ).toBe('line items are not one of price_founder');
    expect(priceMismatch({ ...ours, line_items: { data: [line, line] } }, expected)).toBe(
      'line items are not one of price_founder',
    );
  });

  it('refuses a session without a currency, an amount or a mode, saying which is missing', () => {
    expect(priceMismatch({ ...ours, currency: null }, expected)).toBe('currency is missing, not eur');
    expect(priceMismatch({ ...ours, currency: undefined }, expected)).toBe('currency is missing, not eur');
    expect(priceMismatch({ ...ours, amount_total: null }, expected)).toBe('amount is missing, not 29900');
    expect(priceMismatch({ ...ours, mode: undefined }, expected)).toBe('mode is missing, not payment');
    expect(priceMismatch({ ...ours, mode: 'setup' }, expected)).toBe('mode is setup, not payment');
    expect(priceMismatch({ ...ours, currency: 'usd' }, expected)).toBe('currency is usd, not eur');
    expect(priceMismatch({ ...ours, amount_total: 29899 }, expected)).toBe('amount is 29899, not 29900');
  });

  it('refuses empty or price-less line items and a line without a quantity', () => {
    for (const line_items of [
      { data: [] },
      {},
      { data: [{ price: null, quantity: 1 }] },
      { data: [{ price: { id: null }, quantity: 1 }] },
      { data: [{ price: { id: 'price_founder' }, quantity: null }] },
      { data: [{ price: { id: 'price_founder' }, quantity: 0 }] },
    ]) {
      expect(priceMismatch({ ...ours, line_items }, expected), JSON.stringify(line_items)).toBe(
        'line items are not one of price_founder',
      );
    }
  });

  it('compares the currency case-insensitively on both sides', () => {
    expect(priceMismatch({ ...ours, currency: 'eur' }, { ...expected, currency: 'EUR' })).toBeNull();
  });
});
