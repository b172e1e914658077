import type { RuntimeConfig } from './config';

/**
 * Formats a price given in minor units (cents) for display: `{ amount: 29900, currency: 'EUR' }` → '€299'.
 * Whole amounts drop the decimals; others keep the currency's own number of them ('€299.50', '¥300').
 */
export function formatPrice({ amount, currency }: RuntimeConfig['price'], locale = 'en'): string {
  const digits =
    new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const value = amount / 10 ** digits;
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: whole ? 0 : digits,
  }).format(value);
}
