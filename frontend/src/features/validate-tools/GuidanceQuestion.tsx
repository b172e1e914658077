import { useId } from 'react';
import { questionLabel } from '#shared/domain/question-numbers';
import type { ToolId } from '#shared/domain/validate-tools';
import { useNeedsChanges } from '../../data/feedback/feedback-api';
import type { Question } from '../../data/journey/journey-api';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { QuestionNotes } from '../../ui/QuestionNotes';
import { FieldActions } from './FieldActions';
import { ListInput } from './ListInput';
import { useFieldEditor } from './use-field-editor';

/** A coach's guidance question in a tool's section, answered as a list of answers like a canvas question. */
export function GuidanceQuestion({
  tool,
  question,
  number,
  saved,
}: {
  tool: ToolId;
  question: Question;
  /** Its number across the tool, as the coach's review and emails name it. */
  number: number | null;
  saved: readonly string[];
}) {
  const editor = useFieldEditor({ tool, questionId: question.id, label: 'your answers', field: null, saved });
  const { AnswerFeedback } = usePhaseEmbeds();
  const needsChanges = useNeedsChanges(tool, question.id);
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const notesId = `${id}-notes`;

  return (
    <section
      className={needsChanges ? 'vt-field vt-field--guidance fb-highlight' : 'vt-field vt-field--guidance'}
      aria-labelledby={labelId}
    >
      <form className="vt-field__form" onSubmit={(e) => void editor.submit(e)} noValidate>
        <p className="vt-field__kicker">
          {number === null ? 'Your coach asks' : `${questionLabel(number)} · Your coach asks`}
        </p>
        <h3 id={labelId} className="vt-field__label">
          {question.text}
        </h3>
        <div id={notesId}>
          <QuestionNotes explanation={question.explanation} example={question.example} exampleLabel="Example" />
        </div>
        <ListInput
          label="Answer"
          editor={editor}
          labelId={labelId}
          describedBy={editor.error ? `${notesId} ${errorId}` : notesId}
          multiline
        />
        <FieldActions editor={editor} errorId={errorId} name={`answers to "${question.text}"`} />
      </form>
      <AnswerFeedback type={tool} questionId={question.id} />
    </section>
  );
}
