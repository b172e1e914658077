/**
 * Market Research as its sheet draws it: the sizing read from the answers (shared/domain/market-sizing.ts does the
 * arithmetic and the checks) and the nested figure's circles, proportional by area where the numbers allow.
 */
import { type SizingResult, sizeMarket } from '#shared/domain/market-sizing';
import { toolOf } from '#shared/domain/validate-tools';
import { firstAnswer, type SheetAnswer, type SheetData, sheetData } from './sheet-data';

export function sizingOf(sheet: SheetData): SizingResult {
  const value = (id: string) => firstAnswer(sheet, id);
  return sizeMarket({
    method: value('method'),
    currency: value('currency'),
    customers: value('customers'),
    price: value('price'),
    tam: value('tam'),
    sam: value('sam'),
    som: value('som'),
  });
}

export const sizingOfAnswers = (answers: readonly SheetAnswer[]): SizingResult =>
  sizingOf(sheetData(toolOf('market-research'), answers));

export const MARKETS = [
  { key: 'tam', short: 'TAM', name: 'Total addressable market' },
  { key: 'sam', short: 'SAM', name: 'Serviceable available market' },
  { key: 'som', short: 'SOM', name: 'Serviceable obtainable market' },
] as const;

/** The figure's box is FIGURE × FIGURE; circles stand on its bottom edge, each inside the one before. */
export const FIGURE = 200;
const OUTER = FIGURE / 2;
/** A circle smaller than this could not be seen or labelled; it is drawn at this size and the figure is not to scale. */
export const MIN_RADIUS = 12;
const SCHEMATIC = [OUTER, OUTER * 0.68, OUTER * 0.38];

export interface SizingCircle {
  key: 'tam' | 'sam' | 'som';
  r: number;
  cy: number;
}

export interface SizingFigure {
  circles: SizingCircle[];
  /** True when each circle's area is its market's share of the TAM. */
  toScale: boolean;
}

export function sizingFigure(result: Pick<SizingResult, 'tam' | 'sam' | 'som'>): SizingFigure {
  const { tam, sam, som } = result;
  const nested = tam !== null && sam !== null && som !== null && tam > 0 && sam <= tam && som <= sam;
  const scaled = nested ? [tam, sam, som].map((v) => OUTER * Math.sqrt(v / tam)) : SCHEMATIC;
  const radii = scaled.map((r) => Math.max(r, MIN_RADIUS));
  return {
    circles: MARKETS.map(({ key }, i) => {
      const r = radii[i] ?? MIN_RADIUS;
      return { key, r, cy: FIGURE - r };
    }),
    toScale: nested && scaled.every((r) => r >= MIN_RADIUS),
  };
}
