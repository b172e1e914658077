import { TOOL_TEXT_MAX } from '#shared/domain/tool-answers';
import type { ToolField } from '#shared/domain/validate-tools';
import { unitText } from './field-drafts';
import type { FieldEditor } from './use-field-editor';

export interface InputProps {
  field: ToolField;
  editor: FieldEditor;
  /** The id of the field's heading, which names the control. */
  labelId: string;
  /** The ids of the help line and any error, which describe it. */
  describedBy: string;
  /** The sheet's chosen currency, for a number in it. */
  currency: string | null;
}

/** The radio buttons fit on one line up to this many options; longer lists (currencies) are a select. */
const MAX_RADIOS = 4;

/** A one-value field's control: a line, a paragraph, a number with its unit, or a choice. */
export function ValueInput({ field, editor, labelId, describedBy, currency }: InputProps) {
  const value = editor.draft[0] ?? '';
  const set = (next: string) => editor.change(next === '' ? [] : [next]);
  const invalid = editor.error ? true : undefined;
  const common = {
    'aria-labelledby': labelId,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    value,
  };
  if (field.kind === 'paragraph') {
    return (
      <textarea {...common} className="field__input field__textarea" rows={4} onChange={(e) => set(e.target.value)} />
    );
  }
  if (field.kind === 'number') {
    const unit = unitText(field.unit, currency);
    const unitId = `${labelId}-unit`;
    return (
      <div className="vt-number">
        <input
          {...common}
          aria-describedby={unit ? `${unitId} ${describedBy}` : describedBy}
          className="field__input vt-number__input"
          inputMode="decimal"
          autoComplete="off"
          onChange={(e) => set(e.target.value)}
        />
        {unit ? (
          <span id={unitId} className="vt-number__unit">
            {unit}
          </span>
        ) : null}
      </div>
    );
  }
  if (field.kind === 'choice') {
    const options = field.options ?? [];
    if (options.length > MAX_RADIOS) {
      return (
        <select {...common} className="field__input field__select" onChange={(e) => set(e.target.value)}>
          <option value="">Not chosen</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    }
    return (
      <div
        role="radiogroup"
        className="vt-choice"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid}
      >
        {options.map((option) => (
          <label key={option} className="vt-choice__option">
            <input type="radio" name={labelId} value={option} checked={value === option} onChange={() => set(option)} />
            {option}
          </label>
        ))}
      </div>
    );
  }
  return (
    <input
      {...common}
      className="field__input"
      maxLength={TOOL_TEXT_MAX}
      autoComplete="off"
      onChange={(e) => set(e.target.value)}
    />
  );
}
