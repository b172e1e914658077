import { useId } from 'react';
import type { ToolField, ToolSection } from '#shared/domain/validate-tools';
import { comparisonMatrix, type Verdict } from './comparison';
import { DocumentSection, EmptyNote, ScrollBox, SheetSection } from './SheetParts';
import { fieldAnswers, fieldRows, type SheetData } from './sheet-data';

function Cell({ verdicts }: { verdicts: readonly Verdict[] }) {
  if (verdicts.length === 0) return <span className="tool-sheet__muted">Not compared</span>;
  if (verdicts.every((v) => !v.they && !v.we)) return <span className="tool-sheet__muted">Compared, no notes</span>;
  return verdicts.map((v, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: one option may be compared twice on a criterion; order is identity.
    <p key={i} className="tool-sheet__verdict">
      {v.they && (
        <>
          <span className="tool-sheet__muted">They:</span> {v.they}
        </>
      )}
      {v.they && v.we && ' / '}
      {v.we && (
        <>
          <span className="tool-sheet__muted">We:</span> {v.we}
        </>
      )}
    </p>
  ));
}

function Matrix({ sheet, section, field }: { sheet: SheetData; section: ToolSection; field: ToolField }) {
  const labelId = useId();
  // The criteria are the tool's first list field: the definition puts them before the comparison that uses them.
  const criteriaField = sheet.tool.sections.flatMap((s) => s.fields).find((f) => f.kind === 'list');
  const matrix = comparisonMatrix(criteriaField ? fieldAnswers(sheet, criteriaField.id) : [], fieldRows(sheet, field));
  return (
    <SheetSection sheet={sheet} section={section}>
      <h4 id={labelId} className="tool-sheet__label">
        {field.label}
      </h4>
      {matrix.options.length === 0 ? (
        <EmptyNote>No competitor or alternative compared yet</EmptyNote>
      ) : (
        <ScrollBox labelId={labelId}>
          <table className="tool-sheet__table tool-sheet__matrix" aria-labelledby={labelId}>
            <thead>
              <tr>
                <th scope="col">{field.columns?.[0]?.label ?? 'Option'}</th>
                {matrix.criteria.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {matrix.options.map((option) => (
                <tr key={option.name}>
                  <th scope="row">{option.name}</th>
                  {option.cells.map((verdicts, i) => (
                    <td key={matrix.criteria[i]}>
                      <Cell verdicts={verdicts} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </SheetSection>
  );
}

/** Industry Insights: the criteria, the matrix of options against them, the trends below. */
export function ComparisonSheet({ sheet }: { sheet: SheetData }) {
  return (
    <div className="tool-sheet__comparison">
      {sheet.tool.sections.map((section) => {
        const rows = section.fields.find((f) => f.kind === 'rows');
        return rows ? (
          <Matrix key={section.title} sheet={sheet} section={section} field={rows} />
        ) : (
          <DocumentSection key={section.title} sheet={sheet} section={section} />
        );
      })}
    </div>
  );
}
