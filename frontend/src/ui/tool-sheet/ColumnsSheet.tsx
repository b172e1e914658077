import { factorsByImpact } from './factors';
import { EmptyNote, SheetSection } from './SheetParts';
import { fieldRows, type SheetData } from './sheet-data';

/** The impact rating as a word on a badge; its colour only repeats what the word says. */
function ImpactBadge({ impact }: { impact: string | null }) {
  const level = impact?.toLowerCase() ?? 'none';
  return (
    <span className={`tool-sheet__impact tool-sheet__impact--${level}`}>
      {impact ? `${impact} impact` : 'Impact not rated'}
    </span>
  );
}

/** PESTEL: one column per factor group, each factor with its impact, the highest impact first. */
export function ColumnsSheet({ sheet }: { sheet: SheetData }) {
  return (
    <div className="tool-sheet__columns-wrap">
      <div className="tool-sheet__columns">
        {sheet.tool.sections.map((section) => (
          <SheetSection key={section.title} sheet={sheet} section={section} className="tool-sheet__column">
            {section.fields.map((field) => {
              if (field.kind !== 'rows') return null;
              const factors = factorsByImpact(field, fieldRows(sheet, field));
              if (factors.length === 0) return <EmptyNote key={field.id}>No factors yet</EmptyNote>;
              return (
                <ul key={field.id} className="tool-sheet__factors" aria-label={field.label}>
                  {factors.map((factor, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: factors may repeat; their rank is their identity.
                    <li key={i} className="tool-sheet__factor">
                      <ImpactBadge impact={factor.impact} />
                      <p className="tool-sheet__factor-name">{factor.name || 'Unnamed factor'}</p>
                      {factor.details.map((d) => (
                        <p key={d.label} className="tool-sheet__factor-detail">
                          <span className="tool-sheet__muted">{d.label}:</span> {d.text}
                        </p>
                      ))}
                    </li>
                  ))}
                </ul>
              );
            })}
          </SheetSection>
        ))}
      </div>
    </div>
  );
}
