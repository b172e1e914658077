import { DocumentSection } from './SheetParts';
import type { SheetData } from './sheet-data';

/** Branding, Product Requirements, Go-to Market: headed sections, prose and lists, rows as tables. */
export function DocumentSheet({ sheet }: { sheet: SheetData }) {
  return (
    <div className="tool-sheet__document">
      {sheet.tool.sections.map((section) => (
        <DocumentSection key={section.title} sheet={sheet} section={section} />
      ))}
    </div>
  );
}
