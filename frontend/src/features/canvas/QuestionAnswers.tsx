import { useId } from 'react';
import { ANSWER_LIMITS } from '#shared/domain/answers';
import { useNeedsChanges } from '../../data/feedback/feedback-api';
import type { AnswerTimes } from '../../data/journey/canvas-data';
import type { Question } from '../../data/journey/journey-api';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { AnswerTime } from '../../ui/AnswerTime';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { RestoredDraftNote } from '../../ui/RestoredDraftNote';
import { TextAreaField } from '../../ui/TextAreaField';
import { CANVAS_TEXT } from './canvas-texts';
import { type AnswerActions, type AnswerEditor, useAnswerEditor } from './use-answer-editor';

export interface QuestionAnswersProps {
  question: Question;
  /** 1-based position in the dialog, used in the accessible names of the repeated buttons. */
  number: number;
  answers: readonly string[];
  /** When the list was first and last saved; absent for a question without answers. */
  times?: AnswerTimes | undefined;
  actions: AnswerActions;
  /** The list changes before the server answers (Business Model); otherwise only after it accepts. */
  optimistic: boolean;
  /** Offer 'Delete all answers' (Business Model). */
  allowDeleteAll: boolean;
}

/**
 * One question with its explanation, example and the founder's answers: edit in place (Save / Cancel), delete per
 * answer, and an 'Add New Answer:' box. Every answer is one list item; nothing is split or joined. The state lives
 * in useAnswerEditor; this shows it.
 */
export function QuestionAnswers({
  question,
  number,
  answers,
  times,
  actions,
  optimistic,
  allowDeleteAll,
}: QuestionAnswersProps) {
  const id = useId();
  const editor = useAnswerEditor({ questionId: question.id, number, answers, actions, optimistic });
  const needsChanges = useNeedsChanges(question.type, question.id);
  const { AnswerFeedback } = usePhaseEmbeds();
  const { busy, remove } = editor;
  const headingId = `${id}-heading`;
  const numberId = `${id}-number`;

  return (
    <section
      className={needsChanges ? 'canvas-question fb-highlight' : 'canvas-question'}
      aria-labelledby={`${numberId} ${headingId}`}
      aria-busy={busy || undefined}
    >
      <p id={numberId} className="canvas-question__number">
        Question {number}
      </p>
      <h3 id={headingId} className="canvas-question__text">
        {question.text}
      </h3>
      {question.explanation ? <p className="canvas-question__explanation">{question.explanation}</p> : null}
      {question.example ? (
        <p className="canvas-question__example">
          <span className="canvas-question__label">{CANVAS_TEXT.example}</span> {question.example}
        </p>
      ) : null}

      {answers.length > 0 ? (
        <ul className="canvas-edit-list" aria-label={`Your answers to question ${number}`}>
          {answers.map((answer, index) =>
            editor.edit.index === index ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: answers are unique within a question; the index is their place.
              <EditingAnswer key={index} editor={editor} index={index} number={number} />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: answers are unique within a question; the index is their place.
              <ShownAnswer key={index} editor={editor} index={index} number={number} answer={answer} />
            ),
          )}
        </ul>
      ) : (
        <p className="canvas-empty">No answers yet.</p>
      )}
      {answers.length > 0 && times ? <AnswerTime submittedAt={times.submittedAt} updatedAt={times.updatedAt} /> : null}

      {allowDeleteAll && answers.length > 0 ? (
        <div>
          <Button
            size="sm"
            variant="ghost"
            className="canvas-danger-text"
            aria-label={`Delete all answers to question ${number}`}
            aria-disabled={busy || undefined}
            aria-haspopup="dialog"
            onClick={() => remove.ask({ kind: 'all' })}
          >
            Delete all answers
          </Button>
        </div>
      ) : null}

      <AddAnswerForm editor={editor} inputId={`${id}-add`} number={number} />
      <AnswerFeedback type={question.type} questionId={question.id} />

      <ConfirmDialog
        open={remove.pending !== null}
        description={remove.pending?.description ?? ''}
        confirmLabel={remove.pending?.kind === 'all' ? 'Delete all' : 'Delete'}
        busy={busy}
        onCancel={remove.cancel}
        onConfirm={remove.confirm}
      />
    </section>
  );
}

interface AnswerItemProps {
  editor: AnswerEditor;
  index: number;
  number: number;
}

function EditingAnswer({ editor: { busy, edit }, index, number }: AnswerItemProps) {
  return (
    <li className="canvas-edit-list__item canvas-edit-list__item--editing">
      <form className="canvas-edit-form" onSubmit={(e) => void edit.submit(e)} noValidate>
        <TextAreaField
          ref={edit.ref}
          className="field--label-hidden"
          label={`Edit answer ${index + 1} to question ${number}`}
          rows={3}
          maxLength={ANSWER_LIMITS.maxLength}
          value={edit.draft}
          onChange={(e) => edit.change(e.target.value)}
          error={edit.error}
          announceError
        />
        <div className="canvas-edit-form__buttons">
          <Button
            type="submit"
            size="sm"
            aria-label={`Save answer ${index + 1} to question ${number}`}
            aria-disabled={busy || undefined}
          >
            Save
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Cancel editing answer ${index + 1} to question ${number}`}
            onClick={edit.cancel}
          >
            Cancel
          </Button>
        </div>
      </form>
    </li>
  );
}

function ShownAnswer({ editor: { busy, edit, remove }, index, number, answer }: AnswerItemProps & { answer: string }) {
  return (
    <li className="canvas-edit-list__item">
      <p className="canvas-edit-list__text break-anywhere">{answer}</p>
      <div className="canvas-edit-list__buttons">
        <Button
          ref={edit.buttonRef(index)}
          size="sm"
          variant="ghost"
          aria-label={`Edit answer ${index + 1} to question ${number}`}
          aria-disabled={busy || undefined}
          onClick={() => edit.start(index)}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="canvas-danger-text"
          aria-label={`Delete answer ${index + 1} to question ${number}`}
          aria-disabled={busy || undefined}
          aria-haspopup="dialog"
          onClick={() => remove.ask({ kind: 'one', index })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

function AddAnswerForm({
  editor: { busy, add },
  inputId,
  number,
}: {
  editor: AnswerEditor;
  inputId: string;
  number: number;
}) {
  const errorId = `${inputId}-error`;
  return (
    <form className="canvas-add" onSubmit={(e) => void add.submit(e)} noValidate>
      {add.restoredAt ? <RestoredDraftNote keptAt={add.restoredAt} onDiscard={add.discardRestored} /> : null}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {CANVAS_TEXT.addLabel}
          <span className="sr-only">{` (question ${number})`}</span>
        </label>
        <textarea
          ref={add.ref}
          id={inputId}
          className="field__input field__textarea"
          rows={3}
          maxLength={ANSWER_LIMITS.maxLength}
          value={add.draft}
          onChange={(e) => add.change(e.target.value)}
          aria-invalid={add.error ? true : undefined}
          aria-describedby={add.error ? errorId : undefined}
        />
        {add.error ? (
          <p id={errorId} className="field__error" role="alert">
            {add.error}
          </p>
        ) : null}
      </div>
      <div>
        <Button
          type="submit"
          size="sm"
          disabled={add.draft === ''}
          aria-disabled={busy || undefined}
          aria-label={`Add answer to question ${number}`}
        >
          Add
        </Button>
      </div>
    </form>
  );
}
