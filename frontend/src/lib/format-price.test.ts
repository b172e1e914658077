import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('turns minor units into a price, without decimals for whole amounts', () => {
    expect(formatPrice({ amount: 29900, currency: 'EUR' })).toBe('€299');
    expect(formatPrice({ amount: 29950, currency: 'EUR' })).toBe('€299.50');
    expect(formatPrice({ amount: 4900, currency: 'USD' })).toBe('$49');
  });

  it("follows the currency's own minor unit", () => {
    expect(formatPrice({ amount: 300, currency: 'JPY' })).toBe('¥300');
  });
});
