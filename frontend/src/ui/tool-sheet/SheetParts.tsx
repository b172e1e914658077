/**
 * The pieces every layout of a tool's sheet is built from: a section with its heading and its guidance answers, a
 * field with its label, a field's value by kind, and a table that scrolls inside its own labelled box.
 */
import { type ReactNode, useId } from 'react';
import { parseToolNumber } from '#shared/domain/tool-answers';
import type { ToolField, ToolSection } from '#shared/domain/validate-tools';
import { AnswerLines } from '../AnswerLines';
import {
  currencyTotals,
  fieldAnswers,
  fieldRows,
  formatCell,
  formatNumber,
  guidanceOf,
  type SheetData,
  sheetCurrency,
} from './sheet-data';

export function EmptyNote({ children = 'Not filled in yet' }: { children?: ReactNode }) {
  return <p className="tool-sheet__empty">{children}</p>;
}

/** A definition section: its heading, what the layout draws in it, then the coach's guidance questions answered under it. */
export function SheetSection({
  sheet,
  section,
  className = '',
  children,
}: {
  sheet: SheetData;
  section: ToolSection;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={`tool-sheet__section ${className}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="tool-sheet__heading">
        {section.title}
      </h3>
      {children}
      {guidanceOf(sheet, section.title).map(({ question, answers }) => (
        <div key={question.id} className="tool-sheet__field">
          <h4 className="tool-sheet__label">{question.text}</h4>
          <AnswerLines answers={answers} className="tool-sheet__list" />
        </div>
      ))}
    </section>
  );
}

/** A table too wide for a phone scrolls inside this box, which keyboard users can focus and readers hear named. */
export function ScrollBox({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard (WCAG 2.1.1).
    <section className="tool-sheet__scroll" aria-labelledby={labelId} tabIndex={0}>
      {children}
    </section>
  );
}

/** A rows field as a table; a currency column names the currency in its header and is totalled when `totals`. */
export function RowsTable({
  sheet,
  field,
  labelId,
  totals = false,
}: {
  sheet: SheetData;
  field: ToolField;
  labelId: string;
  totals?: boolean;
}) {
  const columns = field.columns ?? [];
  const rows = fieldRows(sheet, field);
  if (rows.length === 0) return <EmptyNote>No rows yet</EmptyNote>;
  const currency = sheetCurrency(sheet);
  const sums = currencyTotals(columns, rows);
  const header = (label: string, i: number) =>
    sums[i] === null ? label : `${label} (${currency ?? 'currency not chosen yet'})`;
  return (
    <ScrollBox labelId={labelId}>
      <table className="tool-sheet__table" aria-labelledby={labelId}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={c.label} scope="col">
                {header(c.label, i)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows may repeat; their order is their identity.
            <tr key={r}>
              {columns.map((c, i) => (
                <td key={c.label} className={c.kind === 'number' ? 'tool-sheet__number' : undefined}>
                  {formatCell(c, row[i] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals && sums.some((s) => s !== null) && (
          <tfoot>
            <tr>
              {columns.map((c, i) => {
                const sum = sums[i] ?? null;
                return i === 0 ? (
                  <th key={c.label} scope="row">
                    Total
                  </th>
                ) : (
                  <td key={c.label} className={sum === null ? undefined : 'tool-sheet__number'}>
                    {sum === null ? '' : formatNumber(sum, 'currency', currency)}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        )}
      </table>
    </ScrollBox>
  );
}

/** A field's answers by its kind: a paragraph as prose, a list as a list, a number with its unit, rows as a table. */
export function FieldValue({ sheet, field, labelId }: { sheet: SheetData; field: ToolField; labelId: string }) {
  const answers = fieldAnswers(sheet, field.id);
  if (field.kind === 'rows') return <RowsTable sheet={sheet} field={field} labelId={labelId} />;
  if (answers.length === 0) return <EmptyNote />;
  if (field.kind === 'list') return <AnswerLines answers={answers} className="tool-sheet__list" />;
  const value = field.kind === 'number' ? parseToolNumber(answers[0] ?? '') : null;
  const text = value === null ? answers.join(' ') : formatNumber(value, field.unit, sheetCurrency(sheet));
  return <p className="tool-sheet__value">{text}</p>;
}

/**
 * A field under its label. A field named like its section (SWOT's Strengths, Branding's Name) is not labelled twice:
 * the section's heading names it.
 */
export function FieldBlock({ sheet, section, field }: { sheet: SheetData; section: ToolSection; field: ToolField }) {
  const labelId = useId();
  const named = field.label === section.title && field.kind !== 'rows';
  return (
    <div className="tool-sheet__field">
      {named ? null : (
        <h4 id={labelId} className="tool-sheet__label">
          {field.label}
        </h4>
      )}
      <FieldValue sheet={sheet} field={field} labelId={labelId} />
    </div>
  );
}

/** A section drawn as a document: each field under its label. */
export function DocumentSection({ sheet, section }: { sheet: SheetData; section: ToolSection }) {
  return (
    <SheetSection sheet={sheet} section={section}>
      {section.fields.map((field) => (
        <FieldBlock key={field.id} sheet={sheet} section={section} field={field} />
      ))}
    </SheetSection>
  );
}
