/**
 * Market Research's worked calculation and its checks: the numbers must add up (SOM ≤ SAM ≤ TAM), a bottom-up TAM
 * must be the customers times what each pays, and every amount states its currency and period. The sheet, its PDF
 * and the coach's view all read this one function.
 */
import { parseToolNumber } from './tool-answers';

export interface SizingInput {
  method: string | null;
  currency: string | null;
  customers: string | null;
  price: string | null;
  tam: string | null;
  sam: string | null;
  som: string | null;
}

export interface SizingCheck {
  /** 'error': the numbers contradict each other; 'missing': something the calculation needs is not there yet. */
  level: 'error' | 'missing';
  message: string;
}

export interface SizingResult {
  tam: number | null;
  sam: number | null;
  som: number | null;
  /** Bottom-up: customers × revenue per customer; null when either is missing. */
  bottomUpTam: number | null;
  /** SAM as a share of TAM and SOM of SAM, in percent with one decimal; null when undefined. */
  samShare: number | null;
  somShare: number | null;
  /** The calculation as lines a reader can follow, with currency and period. */
  steps: string[];
  checks: SizingCheck[];
}

/** Bottom-up TAM may differ from customers × price by rounding only: 0.5 %. */
export const BOTTOM_UP_TOLERANCE = 0.005;

export function formatAmount(value: number, currency: string | null): string {
  const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(value);
  return currency ? `${currency} ${number}` : number;
}

const share = (part: number | null, whole: number | null): number | null =>
  part === null || whole === null || whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

const num = (value: string | null): number | null => (value === null ? null : parseToolNumber(value));

export function sizeMarket(input: SizingInput): SizingResult {
  const tam = num(input.tam);
  const sam = num(input.sam);
  const som = num(input.som);
  const customers = num(input.customers);
  const price = num(input.price);
  const currency = input.currency;
  const bottomUp = input.method === 'Bottom-up';
  const bottomUpTam = customers !== null && price !== null ? customers * price : null;
  const checks: SizingCheck[] = [];
  const steps: string[] = [];
  const money = (v: number) => `${formatAmount(v, currency)} a year`;

  if (!input.method) checks.push({ level: 'missing', message: 'Choose the method: top-down or bottom-up.' });
  if (!currency) checks.push({ level: 'missing', message: 'Choose the currency every amount is in.' });
  for (const [label, value] of [
    ['TAM', tam],
    ['SAM', sam],
    ['SOM', som],
  ] as const) {
    if (value === null) checks.push({ level: 'missing', message: `Enter the ${label}.` });
  }

  if (bottomUp) {
    if (customers === null || price === null) {
      checks.push({
        level: 'missing',
        message: 'Bottom-up needs the customers in the market and the revenue per customer per year.',
      });
    } else if (bottomUpTam !== null) {
      steps.push(`TAM = ${formatAmount(customers, null)} customers × ${money(price)} = ${money(bottomUpTam)}`);
      if (tam !== null && Math.abs(tam - bottomUpTam) > bottomUpTam * BOTTOM_UP_TOLERANCE) {
        checks.push({
          level: 'error',
          message: `Bottom-up, the TAM is ${formatAmount(customers, null)} × ${formatAmount(price, currency)} = ${money(bottomUpTam)}, but the sheet says ${money(tam)}.`,
        });
      }
    }
  } else if (tam !== null) {
    steps.push(`TAM = ${money(tam)} (from its source)`);
  }

  const samShare = share(sam, tam);
  const somShare = share(som, sam);
  if (sam !== null && tam !== null) steps.push(`SAM = ${money(sam)} = ${samShare ?? 0} % of the TAM`);
  if (som !== null && sam !== null) steps.push(`SOM = ${money(som)} = ${somShare ?? 0} % of the SAM`);
  if (tam !== null && sam !== null && sam > tam) {
    checks.push({ level: 'error', message: `The SAM (${money(sam)}) cannot be larger than the TAM (${money(tam)}).` });
  }
  if (sam !== null && som !== null && som > sam) {
    checks.push({ level: 'error', message: `The SOM (${money(som)}) cannot be larger than the SAM (${money(sam)}).` });
  }
  if (tam === 0) checks.push({ level: 'error', message: 'A TAM of 0 leaves no market: check the number.' });

  return { tam, sam, som, bottomUpTam, samShare, somShare, steps, checks };
}
