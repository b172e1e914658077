import { describe, expect, it } from 'vitest';
import { COMPACT_FROM, formatMoney, formatQuotedAmounts } from './money';

describe('formatMoney', () => {
  it('prints an amount below a million in full, with the currency’s sign and the locale’s grouping', () => {
    expect(formatMoney(950000, 'GBP')).toBe('£950,000');
    expect(formatMoney(999999, 'GBP')).toBe('£999,999');
    expect(formatMoney(120, 'EUR')).toBe('€120');
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
    expect(formatMoney(0, 'USD')).toBe('US$0');
    expect(formatMoney(-950000, 'GBP')).toBe('-£950,000');
    expect(formatMoney(-999999, 'GBP')).toBe('-£999,999');
    expect(formatMoney(999999.99, 'GBP')).toBe('£999,999.99');
    expect(formatMoney(40000, null)).toBe('40,000');
    expect(formatMoney(950000, 'CHF')).toBe('CHF 950,000');
  });

  it('prints a million and more compact, with at most one decimal and its word set off by a space', () => {
    expect(COMPACT_FROM).toBe(1_000_000);
    expect(formatMoney(1_000_000, 'GBP')).toBe('£1 M');
    expect(formatMoney(71_400_000, 'GBP')).toBe('£71.4 M');
    expect(formatMoney(12_000_000, 'GBP')).toBe('£12 M');
    expect(formatMoney(12_040_000, 'GBP')).toBe('£12 M');
    expect(formatMoney(-2_500_000, 'EUR')).toBe('-€2.5 M');
    expect(formatMoney(-1_000_000, 'EUR')).toBe('-€1 M');
    expect(formatMoney(1_000_000.5, 'EUR')).toBe('€1 M');
    expect(formatMoney(120_000_000, 'EUR')).toBe('€120 M');
    expect(formatMoney(1_200_000_000, 'EUR')).toBe('€1.2 bn');
    expect(formatMoney(999_950_000, 'CHF')).toBe('CHF 1 bn');
    expect(formatMoney(71_400_000, null)).toBe('71.4 M');
  });

  it('takes another locale, and prints a code Intl does not know before the number', () => {
    expect(formatMoney(71_400_000, 'EUR', 'en-US')).toBe('€71.4 M');
    expect(formatMoney(950000, 'XX1')).toBe('XX1 950,000');
    expect(formatMoney(71_400_000, 'XX1')).toBe('XX1 71.4 M');
  });
});

describe('formatQuotedAmounts', () => {
  it('prints each currency code and raw amount in the text by the rule, and leaves the rest as written', () => {
    expect(
      formatQuotedAmounts('TAM per year: GBP 71400000\nSAM per year: GBP 12000000\nSOM per year: GBP 950000'),
    ).toBe('TAM per year: £71.4 M\nSAM per year: £12 M\nSOM per year: £950,000');
    expect(formatQuotedAmounts('Raise EUR 500000.5 now.')).toBe('Raise €500,000.50 now.');
    expect(formatQuotedAmounts('In 2027 we plan 12 shops')).toBe('In 2027 we plan 12 shops');
  });

  it('leaves an amount already written with separators, and a word of three capitals that is no currency', () => {
    expect(formatQuotedAmounts('EUR 120,000,000 a year')).toBe('EUR 120,000,000 a year');
    expect(formatQuotedAmounts('EUR 1.5 M')).toBe('€1.50 M');
    expect(formatQuotedAmounts('CEO 2000000 and ABC 123456')).toBe('CEO 2000000 and ABC 123456');
    expect(formatQuotedAmounts('gbp 71400000')).toBe('gbp 71400000');
  });
});
