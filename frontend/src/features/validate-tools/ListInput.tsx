import { useEffect, useRef, useState } from 'react';
import { ANSWER_LIMITS } from '#shared/domain/answers';
import { Button } from '../../ui/Button';
import type { FieldEditor } from './use-field-editor';

export interface ListInputProps {
  /** The field's or question's words, in each item's accessible name. */
  label: string;
  editor: FieldEditor;
  labelId: string;
  describedBy: string;
  /** A guidance question's answers may be long (a textarea); a list field's items are short lines. */
  multiline: boolean;
}

/**
 * A list's items, each its own line to edit or remove, and Add item. Changes stay in the draft until Save, so a
 * removed item comes back with Discard changes.
 */
export function ListInput({ label, editor, labelId, describedBy, multiline }: ListInputProps) {
  const items = editor.draft.length > 0 ? editor.draft : [''];
  const inputs = useRef(new Map<number, HTMLInputElement | HTMLTextAreaElement>());
  const [focusAt, setFocusAt] = useState<number | null>(null);

  useEffect(() => {
    if (focusAt === null) return;
    inputs.current.get(focusAt)?.focus();
    setFocusAt(null);
  }, [focusAt]);

  const setItem = (index: number, value: string) => editor.change(items.map((v, i) => (i === index ? value : v)));
  const removeItem = (index: number) => {
    editor.change(items.filter((_, i) => i !== index));
    setFocusAt(Math.max(0, index - 1));
  };
  const addItem = () => {
    editor.change([...items, '']);
    setFocusAt(items.length);
  };

  return (
    <fieldset aria-labelledby={labelId} aria-describedby={describedBy} className="vt-list">
      <ol className="vt-list__items">
        {items.map((item, index) => {
          const name = `${label}, item ${index + 1}`;
          const props = {
            ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
              if (el) inputs.current.set(index, el);
              else inputs.current.delete(index);
            },
            className: multiline ? 'field__input field__textarea' : 'field__input',
            'aria-label': name,
            'aria-invalid': editor.error ? true : undefined,
            value: item,
          };
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: an item's place is its identity while it is edited.
            <li key={index} className="vt-list__item">
              {multiline ? (
                <textarea
                  {...props}
                  rows={2}
                  maxLength={ANSWER_LIMITS.maxLength}
                  onChange={(e) => setItem(index, e.target.value)}
                />
              ) : (
                <input
                  {...props}
                  maxLength={ANSWER_LIMITS.maxLength}
                  autoComplete="off"
                  onChange={(e) => setItem(index, e.target.value)}
                />
              )}
              {items.length > 1 || item !== '' ? (
                <Button size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={() => removeItem(index)}>
                  Remove
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div>
        <Button size="sm" variant="secondary" onClick={addItem} disabled={items.length >= ANSWER_LIMITS.maxAnswers}>
          {multiline ? 'Add answer' : 'Add item'}
        </Button>
      </div>
    </fieldset>
  );
}
