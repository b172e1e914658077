import { useId } from 'react';
import { questionLabel } from '#shared/domain/question-numbers';
import { type ToolField, type ToolId, toolFieldQuestionId } from '#shared/domain/validate-tools';
import { useNeedsChanges } from '../../data/feedback/feedback-api';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { useToolEmbeds } from '../../lib/tool-embeds';
import { FieldActions } from './FieldActions';
import { ListInput } from './ListInput';
import { RowsInput } from './RowsInput';
import { useFieldEditor } from './use-field-editor';
import { ValueInput } from './ValueInput';

export interface ToolFieldCardProps {
  tool: ToolId;
  field: ToolField;
  saved: readonly string[];
  /** The sheet's chosen currency, for its amounts. */
  currency: string | null;
  /** Its number across the tool, as the coach's review and emails name it. */
  number: number | null;
}

/**
 * One built-in field: its label and help, the proposal from earlier answers (when that feature is there), the editor
 * its kind asks for, Save, and the coach's thread about it.
 */
export function ToolFieldCard({ tool, field, saved, currency, number }: ToolFieldCardProps) {
  const questionId = toolFieldQuestionId(tool, field.id);
  const editor = useFieldEditor({ tool, questionId, label: field.label, field, saved });
  const { Prefill } = useToolEmbeds();
  const { AnswerFeedback } = usePhaseEmbeds();
  const needsChanges = useNeedsChanges(tool, questionId);
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = editor.error ? `${helpId} ${errorId}` : helpId;
  const inputProps = { field, editor, labelId, describedBy, currency };

  return (
    // An article, not a region: a field is often named like its section (Branding's Name), and two landmarks of one
    // name leave a screen reader's landmark list unable to tell them apart (axe landmark-unique).
    <article className={needsChanges ? 'vt-field fb-highlight' : 'vt-field'} aria-labelledby={labelId}>
      <form className="vt-field__form" onSubmit={(e) => void editor.submit(e)} noValidate>
        {number === null ? null : <p className="vt-field__kicker">{questionLabel(number)}</p>}
        <h3 id={labelId} className="vt-field__label">
          {field.label}
        </h3>
        <p id={helpId} className="vt-field__help">
          {field.help}
        </p>
        {Prefill ? (
          <Prefill tool={tool} questionId={questionId} hasAnswer={editor.hasAnswer} onUse={editor.use} />
        ) : null}
        {field.kind === 'rows' ? (
          <RowsInput {...inputProps} />
        ) : field.kind === 'list' ? (
          <ListInput
            label={field.label}
            editor={editor}
            labelId={labelId}
            describedBy={describedBy}
            multiline={false}
          />
        ) : (
          <ValueInput {...inputProps} />
        )}
        <FieldActions editor={editor} errorId={errorId} name={field.label} />
      </form>
      <AnswerFeedback type={tool} questionId={questionId} />
    </article>
  );
}
