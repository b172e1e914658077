import { describe, expect, it } from 'vitest';
import { BOTTOM_UP_TOLERANCE, formatAmount, type SizingInput, sizeMarket } from './market-sizing';

const TOP_DOWN: SizingInput = {
  method: 'Top-down',
  currency: 'EUR',
  customers: null,
  price: null,
  tam: '1000000',
  sam: '300000',
  som: '30000',
};
const BOTTOM_UP: SizingInput = { ...TOP_DOWN, method: 'Bottom-up', customers: '2000', price: '500' };
const messages = (input: SizingInput) => sizeMarket(input).checks.map((c) => `${c.level}: ${c.message}`);

describe('formatAmount', () => {
  it('groups thousands, keeps at most two decimals and prefixes the currency when there is one', () => {
    expect(formatAmount(1200000, 'EUR')).toBe('EUR 1,200,000');
    expect(formatAmount(1234.567, 'USD')).toBe('USD 1,234.57');
    expect(formatAmount(0.5, null)).toBe('0.5');
  });
});

describe('sizeMarket', () => {
  it('passes a complete top-down sheet and shows the calculation with currency and period', () => {
    const result = sizeMarket(TOP_DOWN);
    expect(result.checks).toEqual([]);
    expect(result).toMatchObject({ tam: 1000000, sam: 300000, som: 30000, bottomUpTam: null });
    expect(result.steps).toEqual([
      'TAM = EUR 1,000,000 a year (from its source)',
      'SAM = EUR 300,000 a year = 30 % of the TAM',
      'SOM = EUR 30,000 a year = 10 % of the SAM',
    ]);
  });

  it('asks for what is missing, one sentence each', () => {
    const empty: SizingInput = {
      method: null,
      currency: null,
      customers: null,
      price: null,
      tam: null,
      sam: null,
      som: null,
    };
    expect(messages(empty)).toEqual([
      'missing: Choose the method: top-down or bottom-up.',
      'missing: Choose the currency every amount is in.',
      'missing: Enter the TAM.',
      'missing: Enter the SAM.',
      'missing: Enter the SOM.',
    ]);
    expect(sizeMarket(empty).steps).toEqual([]);
    expect(messages({ ...TOP_DOWN, sam: 'lots' })).toEqual(['missing: Enter the SAM.']);
    expect(sizeMarket({ ...TOP_DOWN, sam: null }).steps).toEqual(['TAM = EUR 1,000,000 a year (from its source)']);
    expect(sizeMarket({ ...TOP_DOWN, tam: null }).steps).toEqual(['SOM = EUR 30,000 a year = 10 % of the SAM']);
  });

  it('prints amounts without a currency until one is chosen', () => {
    expect(sizeMarket({ ...TOP_DOWN, currency: null }).steps[0]).toBe('TAM = 1,000,000 a year (from its source)');
  });

  it('bottom-up: needs the customers and the price, and multiplies them', () => {
    const missing = 'missing: Bottom-up needs the customers in the market and the revenue per customer per year.';
    expect(messages({ ...BOTTOM_UP, customers: null })).toEqual([missing]);
    expect(messages({ ...BOTTOM_UP, price: null })).toEqual([missing]);
    expect(sizeMarket({ ...BOTTOM_UP, price: null }).bottomUpTam).toBeNull();
    expect(sizeMarket({ ...BOTTOM_UP, customers: null }).bottomUpTam).toBeNull();
    const result = sizeMarket(BOTTOM_UP);
    expect(result.bottomUpTam).toBe(1000000);
    expect(result.checks).toEqual([]);
    expect(result.steps[0]).toBe('TAM = 2,000 customers × EUR 500 a year = EUR 1,000,000 a year');
  });

  it('a top-down sheet does not multiply, even with customers and price entered', () => {
    const result = sizeMarket({ ...TOP_DOWN, customers: '2000', price: '1' });
    expect(result.bottomUpTam).toBe(2000);
    expect(result.checks).toEqual([]);
    expect(result.steps[0]).toBe('TAM = EUR 1,000,000 a year (from its source)');
  });

  it(`bottom-up: the TAM may differ from customers × price by ${BOTTOM_UP_TOLERANCE * 100} %, not more`, () => {
    expect(BOTTOM_UP_TOLERANCE).toBe(0.005);
    for (const tam of ['1005000', '995000', '1000000']) expect(messages({ ...BOTTOM_UP, tam }), tam).toEqual([]);
    expect(messages({ ...BOTTOM_UP, tam: '1005001' })).toEqual([
      'error: Bottom-up, the TAM is 2,000 × EUR 500 = EUR 1,000,000 a year, but the sheet says EUR 1,005,001 a year.',
    ]);
    expect(messages({ ...BOTTOM_UP, tam: '994999', sam: '300', som: '30' })).toEqual([
      'error: Bottom-up, the TAM is 2,000 × EUR 500 = EUR 1,000,000 a year, but the sheet says EUR 994,999 a year.',
    ]);
    // Without a TAM there is nothing to compare: only the missing TAM is reported.
    expect(messages({ ...BOTTOM_UP, tam: null })).toEqual(['missing: Enter the TAM.']);
  });

  it('compares only the numbers that are there', () => {
    expect(messages({ ...TOP_DOWN, tam: null })).toEqual(['missing: Enter the TAM.']);
    expect(messages({ ...TOP_DOWN, sam: null })).toEqual(['missing: Enter the SAM.']);
    expect(messages({ ...TOP_DOWN, sam: null, tam: '1' })).toEqual(['missing: Enter the SAM.']);
    expect(messages({ ...TOP_DOWN, som: null })).toEqual(['missing: Enter the SOM.']);
    expect(sizeMarket({ ...TOP_DOWN, sam: null }).steps).toEqual(['TAM = EUR 1,000,000 a year (from its source)']);
    expect(sizeMarket({ ...TOP_DOWN, som: null }).steps).toEqual([
      'TAM = EUR 1,000,000 a year (from its source)',
      'SAM = EUR 300,000 a year = 30 % of the TAM',
    ]);
  });

  it('the SAM cannot exceed the TAM nor the SOM the SAM; equal is fine', () => {
    expect(messages({ ...TOP_DOWN, sam: '1000000', som: '1000000' })).toEqual([]);
    expect(messages({ ...TOP_DOWN, sam: '1000001', som: '1' })).toEqual([
      'error: The SAM (EUR 1,000,001 a year) cannot be larger than the TAM (EUR 1,000,000 a year).',
    ]);
    expect(messages({ ...TOP_DOWN, som: '300001' })).toEqual([
      'error: The SOM (EUR 300,001 a year) cannot be larger than the SAM (EUR 300,000 a year).',
    ]);
  });

  it('a TAM of 0 is an error and leaves the shares undefined', () => {
    const result = sizeMarket({ ...TOP_DOWN, tam: '0', sam: '0', som: '0' });
    expect(result.checks).toEqual([{ level: 'error', message: 'A TAM of 0 leaves no market: check the number.' }]);
    expect(result.samShare).toBeNull();
    expect(result.somShare).toBeNull();
    expect(result.steps).toContain('SAM = EUR 0 a year = 0 % of the TAM');
  });

  it('gives the shares in percent with one decimal', () => {
    const result = sizeMarket({ ...TOP_DOWN, tam: '3', sam: '1', som: '0.5' });
    expect(result.samShare).toBe(33.3);
    expect(result.somShare).toBe(50);
    expect(sizeMarket({ ...TOP_DOWN, tam: '3', sam: '2', som: '1' }).samShare).toBe(66.7);
    expect(sizeMarket({ ...TOP_DOWN, sam: null }).samShare).toBeNull();
    expect(sizeMarket({ ...TOP_DOWN, tam: null }).samShare).toBeNull();
    expect(sizeMarket({ ...TOP_DOWN, sam: null }).somShare).toBeNull();
    expect(sizeMarket({ ...TOP_DOWN, som: null }).somShare).toBeNull();
  });
});
