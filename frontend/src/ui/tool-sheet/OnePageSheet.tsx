import { FieldBlock, SheetSection } from './SheetParts';
import type { SheetData } from './sheet-data';

/**
 * The Business One Pager: the compact page an investor reads first. On a wide screen the sections flow over two
 * columns as on a printed one-pager; a field never splits across them.
 */
export function OnePageSheet({ sheet }: { sheet: SheetData }) {
  return (
    <article className="tool-sheet__one-page" aria-label={sheet.tool.title}>
      {sheet.tool.sections.map((section) => (
        <SheetSection key={section.title} sheet={sheet} section={section} className="tool-sheet__page-section">
          {section.fields.map((field) => (
            <FieldBlock key={field.id} sheet={sheet} section={section} field={field} />
          ))}
        </SheetSection>
      ))}
    </article>
  );
}
