import { SizingCalculation } from './MarketSizingPanel';
import { DocumentSection } from './SheetParts';
import { SizingFigure } from './SizingFigure';
import { type SheetData, sheetCurrency } from './sheet-data';
import { sizingOf } from './sizing';

/** Market Research: the nested figure, the method, each market's amount, source and assumption, the calculation. */
export function SizingSheet({ sheet }: { sheet: SheetData }) {
  const result = sizingOf(sheet);
  return (
    <div className="tool-sheet__document">
      <SizingFigure result={result} currency={sheetCurrency(sheet)} />
      {sheet.tool.sections.map((section) => (
        <DocumentSection key={section.title} sheet={sheet} section={section} />
      ))}
      <SizingCalculation result={result} />
    </div>
  );
}
