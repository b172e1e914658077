import { SizingCalculation } from './MarketSizingPanel';
import { DocumentSection } from './SheetParts';
import { SizingFigure } from './SizingFigure';
import { type SheetData, sheetCurrency } from './sheet-data';
import { MARKETS, sizingOf } from './sizing';

const MARKET_FIELDS: ReadonlySet<string> = new Set(MARKETS.map((m) => m.key));

/**
 * Market Research: the nested figure, then the inputs (method, bottom-up numbers) side by side, then TAM, SAM and
 * SOM side by side with each amount's source and assumption, then the worked calculation and its checks.
 */
export function SizingSheet({ sheet }: { sheet: SheetData }) {
  const result = sizingOf(sheet);
  const isMarket = (fields: readonly { id: string }[]) => fields.some((f) => MARKET_FIELDS.has(f.id));
  const row = (markets: boolean) => (
    <div className="tool-sheet__row">
      {sheet.tool.sections
        .filter((section) => isMarket(section.fields) === markets)
        .map((section) => (
          <DocumentSection key={section.title} sheet={sheet} section={section} />
        ))}
    </div>
  );
  return (
    <div className="tool-sheet__document">
      <SizingFigure result={result} currency={sheetCurrency(sheet)} />
      {row(false)}
      {row(true)}
      <SizingCalculation result={result} />
    </div>
  );
}
