import { FieldBlock, SheetSection } from './SheetParts';
import type { SheetData } from './sheet-data';

/** Where each quadrant of a 2 × 2 sits, said in words so the grid's meaning does not rest on position alone. */
const QUADRANTS = ['Internal, helpful', 'Internal, harmful', 'External, helpful', 'External, harmful'] as const;

/** SWOT: Strengths | Weaknesses over Opportunities | Threats; on a phone the quadrants stack in that order. */
export function GridSheet({ sheet }: { sheet: SheetData }) {
  return (
    <div className="tool-sheet__grid-wrap">
      <div className="tool-sheet__grid">
        {sheet.tool.sections.map((section, i) => (
          <SheetSection
            key={section.title}
            sheet={sheet}
            section={section}
            className={`tool-sheet__quadrant tool-sheet__quadrant--${i % 4}`}
          >
            <p className="tool-sheet__axis">{QUADRANTS[i % 4]}</p>
            {section.fields.map((field) => (
              <FieldBlock key={field.id} sheet={sheet} section={section} field={field} />
            ))}
          </SheetSection>
        ))}
      </div>
    </div>
  );
}
