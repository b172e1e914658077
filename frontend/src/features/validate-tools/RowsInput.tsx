import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { ANSWER_LIMITS } from '#shared/domain/answers';
import { TOOL_TEXT_MAX } from '#shared/domain/tool-answers';
import type { ToolColumn } from '#shared/domain/validate-tools';
import { Button } from '../../ui/Button';
import { cellsOf, draftRow, unitText } from './field-drafts';
import type { InputProps } from './ValueInput';

/** A column's heading with its unit: "Budget (EUR)". */
function columnLabel(column: ToolColumn, currency: string | null): string {
  const unit = column.unit ? unitText(column.unit, currency) : null;
  return unit ? `${column.label} (${unit})` : column.label;
}

function Cell({
  column,
  label,
  value,
  onChange,
  invalid,
  cellRef,
}: {
  column: ToolColumn;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  cellRef?: (el: HTMLInputElement | HTMLSelectElement | null) => void;
}) {
  const common = { 'aria-label': label, 'aria-invalid': invalid || undefined, value, className: 'field__input' };
  if (column.kind === 'choice') {
    return (
      <select
        {...common}
        ref={cellRef}
        className="field__input field__select"
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Not chosen</option>
        {(column.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  const type = column.kind === 'date' ? 'date' : 'text';
  return (
    <input
      {...common}
      ref={cellRef}
      type={type}
      inputMode={column.kind === 'number' ? 'decimal' : undefined}
      maxLength={column.kind === 'text' ? TOOL_TEXT_MAX : undefined}
      autoComplete="off"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * A table's rows, one card per row with a control per column (a grid on a wide screen, stacked on a phone). A
 * removed row can be brought back with Undo until the next change; nothing is written before Save.
 */
export function RowsInput({ field, editor, labelId, describedBy, currency }: InputProps) {
  const columns = field.columns ?? [];
  const rows = editor.draft.map((row) => cellsOf(row, columns.length));
  const [removed, setRemoved] = useState<{ index: number; draft: string[] } | null>(null);
  const firstCells = useRef(new Map<number, HTMLInputElement | HTMLSelectElement>());
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const labels = columns.map((c) => columnLabel(c, currency));

  useEffect(() => {
    if (focusRow === null) return;
    firstCells.current.get(focusRow)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const change = (next: string[][]) => {
    setRemoved(null);
    editor.change(next.map(draftRow));
  };
  const remove = (index: number) => {
    editor.change(editor.draft.filter((_, i) => i !== index));
    setRemoved({ index, draft: editor.draft });
  };

  return (
    <fieldset aria-labelledby={labelId} aria-describedby={describedBy} className="vt-rows">
      {rows.map((cells, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity while it is edited.
        <fieldset key={r} className="vt-row" style={{ '--vt-columns': columns.length } as CSSProperties}>
          <legend className="vt-row__legend">Row {r + 1}</legend>
          {columns.map((column, c) => (
            <div key={column.label} className="vt-row__cell">
              <span className="vt-row__label" aria-hidden="true">
                {labels[c]}
              </span>
              <Cell
                column={column}
                label={`Row ${r + 1}, ${labels[c]}`}
                value={cells[c] ?? ''}
                invalid={editor.error !== null}
                onChange={(value) =>
                  change(rows.map((row, i) => (i === r ? row.map((v, j) => (j === c ? value : v)) : row)))
                }
                {...(c === 0
                  ? { cellRef: (el) => (el ? firstCells.current.set(r, el) : firstCells.current.delete(r)) }
                  : {})}
              />
            </div>
          ))}
          <Button size="sm" variant="ghost" className="vt-row__remove" onClick={() => remove(r)}>
            Remove row {r + 1}
          </Button>
        </fieldset>
      ))}
      {removed ? (
        <p className="vt-rows__undo" role="status">
          Row {removed.index + 1} removed (not saved yet).{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              editor.change(removed.draft);
              setRemoved(null);
            }}
          >
            Undo
          </Button>
        </p>
      ) : null}
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={rows.length >= ANSWER_LIMITS.maxAnswers}
          onClick={() => {
            change([...rows, columns.map(() => '')]);
            setFocusRow(rows.length);
          }}
        >
          Add row
        </Button>
      </div>
    </fieldset>
  );
}
