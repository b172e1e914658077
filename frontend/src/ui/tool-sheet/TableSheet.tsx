import { useId } from 'react';
import type { ToolField } from '#shared/domain/validate-tools';
import { FieldBlock, RowsTable, SheetSection } from './SheetParts';
import { type SheetData, sheetCurrency } from './sheet-data';

function PlanTable({ sheet, field }: { sheet: SheetData; field: ToolField }) {
  const labelId = useId();
  const currency = sheetCurrency(sheet);
  return (
    <div className="tool-sheet__field tool-sheet__field--wide">
      <h4 id={labelId} className="tool-sheet__label">
        {field.label}
      </h4>
      <p className="tool-sheet__note">
        {currency ? `Budgets are in ${currency}.` : 'Choose the currency: budgets are shown without one until then.'}
      </p>
      <RowsTable sheet={sheet} field={field} labelId={labelId} totals />
    </div>
  );
}

/** Market Plan: the segments and channels side by side, then the plan per channel with its budget total. */
export function TableSheet({ sheet }: { sheet: SheetData }) {
  return (
    <div className="tool-sheet__document">
      {sheet.tool.sections.map((section) => (
        <SheetSection key={section.title} sheet={sheet} section={section}>
          <div className="tool-sheet__pairs">
            {section.fields.map((field) =>
              field.kind === 'rows' ? (
                <PlanTable key={field.id} sheet={sheet} field={field} />
              ) : (
                <FieldBlock key={field.id} sheet={sheet} section={section} field={field} />
              ),
            )}
          </div>
        </SheetSection>
      ))}
    </div>
  );
}
