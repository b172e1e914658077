/**
 * Amounts as the documents and the prefilled answers print them. One rule, so an investor reads the same figure in
 * the brief, the One Pager and the text "Use these" puts into a field:
 *
 * - below one million, in full with the locale's grouping: £950,000, €12.50;
 * - from one million, compact with at most one decimal: £71.4 M, £12 M, €1.2 bn.
 *
 * Sign and grouping come from Intl.NumberFormat (en-GB unless told otherwise) and the ISO code the data carries. The
 * compact word is Intl's too, set off by a space and a one-letter word in capitals ("m" reads as metres at a glance).
 */

/** From here an amount is printed compact (in millions and up). */
export const COMPACT_FROM = 1_000_000;

const DEFAULT_LOCALE = 'en-GB';

function numberFormat(locale: string, currency: string | null, options: Intl.NumberFormatOptions) {
  return knownCurrency(currency)
    ? new Intl.NumberFormat(locale, { ...options, style: 'currency', currency: currency ?? undefined })
    : new Intl.NumberFormat(locale, options);
}

/** Intl formats any three letters as a currency; only the codes it has a sign or name for are currencies here. */
const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const knownCurrency = (currency: string | null) => currency !== null && CURRENCY_CODES.has(currency);

/** An amount in `currency` (an ISO code such as 'GBP'; null for a bare number) by the rule above. */
export function formatMoney(value: number, currency: string | null, locale = DEFAULT_LOCALE): string {
  const compact = Math.abs(value) >= COMPACT_FROM;
  const fraction = compact ? 1 : Number.isInteger(value) ? 0 : 2;
  const format = numberFormat(locale, currency, {
    ...(compact ? { notation: 'compact', compactDisplay: 'short' } : {}),
    minimumFractionDigits: compact ? 0 : fraction,
    maximumFractionDigits: fraction,
  });
  const text = format
    .formatToParts(value)
    .map((part) =>
      part.type === 'compact' ? ` ${part.value.length === 1 ? part.value.toUpperCase() : part.value}` : part.value,
    )
    .join('')
    // Intl's no-break space ('CHF 950,000') is a plain one: the export's line breaking treats both alike anyway.
    .replace(/\u00a0/g, ' ');
  return currency && !knownCurrency(currency) ? `${currency} ${text}` : text;
}

/** A currency code and an amount of digits as the sheets quote each other: "GBP 71400000", "EUR 1200000.5". */
const QUOTED_AMOUNT = /\b([A-Z]{3}) (\d+(?:\.\d+)?)(?![\d,.]*\d)/g;

/**
 * The text with every quoted amount printed by the rule above ("TAM per year: GBP 71400000" → "TAM per year: £71.4
 * M"). Answers saved before the rule hold the raw digits, and the API quotes another sheet's numbers raw, so the
 * documents and "Use these" both pass text through this.
 */
export function formatQuotedAmounts(text: string, locale = DEFAULT_LOCALE): string {
  return text.replace(QUOTED_AMOUNT, (match, code: string, digits: string) =>
    knownCurrency(code) ? formatMoney(Number(digits), code, locale) : match,
  );
}
