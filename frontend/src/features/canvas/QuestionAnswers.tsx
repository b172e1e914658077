import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ANSWER_LIMITS, answerListProblem } from '#shared/domain/answers';
import { useNeedsChanges } from '../../data/feedback/feedback-api';
import type { AnswerTimes } from '../../data/journey/canvas-data';
import type { Question } from '../../data/journey/journey-api';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { AnswerTime } from '../../ui/AnswerTime';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextAreaField } from '../../ui/TextAreaField';
import { CANVAS_TEXT } from './canvas-texts';

/** What the questions dialog does with one question's list; each resolves true when the server accepted it. */
export interface AnswerActions {
  /** Saves a new whole list (an added or edited answer). */
  save: (questionId: string, answers: string[]) => Promise<boolean>;
  /** Deletes one answer: the last one deletes the question's row, any other saves the remaining list. */
  deleteOne: (questionId: string, answers: readonly string[], index: number) => Promise<boolean>;
  /** Deletes every answer of the question. */
  deleteAll: (questionId: string) => Promise<boolean>;
}

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

/** A delete waiting for the founder's yes: one answer (by its place) or every answer of the question. */
type PendingDelete = ({ kind: 'one'; index: number } | { kind: 'all' }) & {
  /** Written when asked: an optimistic delete changes the list while the dialog still shows. */
  description: string;
};

/** How much of an answer the confirmation quotes, so a long one does not fill the dialog. */
const QUOTE_CHARS = 80;

function quote(text: string): string {
  return text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS).trimEnd()}…` : text;
}

type FocusTarget = { kind: 'add' } | { kind: 'edit-field' } | { kind: 'edit-button'; index: number } | null;

/**
 * One question with its explanation, example and the founder's answers: edit in place (Save / Cancel), delete per
 * answer, and an 'Add New Answer:' box. Every answer is one list item; nothing is split or joined.
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
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [editDraft, setEditDraft] = useState('');
  const [editError, setEditError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const needsChanges = useNeedsChanges(question.type, question.id);
  const { AnswerFeedback } = usePhaseEmbeds();

  const addRef = useRef<HTMLTextAreaElement>(null);
  const editRef = useRef<HTMLTextAreaElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);

  // Focus moves after the render that shows (or removes) its target.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'add') addRef.current?.focus();
    else if (focusTarget.kind === 'edit-field') editRef.current?.focus();
    else (editButtons.current.get(focusTarget.index) ?? addRef.current)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const label = (what: string) => `${what} to question ${number}`;

  async function add(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const text = draft.trim();
    const problem = text ? answerListProblem([...answers, text]) : CANVAS_TEXT.blankNew;
    if (problem) {
      setAddError(problem);
      setFocusTarget({ kind: 'add' });
      return;
    }
    setAddError(null);
    setBusy(true);
    if (optimistic) setDraft('');
    const ok = await actions.save(question.id, [...answers, text]);
    setBusy(false);
    if (ok && !optimistic) setDraft('');
    // A refused optimistic add gives the text back, unless something new was typed meanwhile.
    if (!ok && optimistic) setDraft((current) => (current === '' ? draft : current));
    setFocusTarget({ kind: 'add' });
  }

  function startEdit(index: number) {
    if (busy) return;
    setEditing(index);
    setEditDraft(answers[index] ?? '');
    setEditError(null);
    setFocusTarget({ kind: 'edit-field' });
  }

  function cancelEdit() {
    const index = editing;
    setEditing(null);
    setEditError(null);
    if (index !== null) setFocusTarget({ kind: 'edit-button', index });
  }

  async function saveEdit(event?: FormEvent) {
    event?.preventDefault();
    if (busy || editing === null) return;
    const index = editing;
    const text = editDraft.trim();
    if (text === answers[index]) {
      cancelEdit();
      return;
    }
    const next = answers.map((a, i) => (i === index ? text : a));
    const problem = text ? answerListProblem(next) : CANVAS_TEXT.blankEdit;
    if (problem) {
      setEditError(problem);
      setFocusTarget({ kind: 'edit-field' });
      return;
    }
    setBusy(true);
    if (optimistic) setEditing(null);
    const ok = await actions.save(question.id, next);
    setBusy(false);
    if (ok || optimistic) {
      setEditing(null);
      setFocusTarget({ kind: 'edit-button', index });
    } else {
      setFocusTarget({ kind: 'edit-field' });
    }
  }

  // Deleting asks first (the app's one confirmation, ui/ConfirmDialog); the dialog stays, busy, until the server answers.
  async function remove(index: number) {
    if (busy) return;
    if (editing !== null) setEditing(null);
    setBusy(true);
    const ok = await actions.deleteOne(question.id, answers, index);
    setBusy(false);
    setPendingDelete(null);
    setFocusTarget(ok ? { kind: 'add' } : { kind: 'edit-button', index });
  }

  async function removeAll() {
    if (busy) return;
    setEditing(null);
    setBusy(true);
    await actions.deleteAll(question.id);
    setBusy(false);
    setPendingDelete(null);
    setFocusTarget({ kind: 'add' });
  }

  function askDelete(target: { kind: 'one'; index: number } | { kind: 'all' }) {
    if (busy) return;
    const lost =
      target.kind === 'all'
        ? `${answers.length === 1 ? 'your answer' : `all ${answers.length} of your answers`} to question ${number}`
        : `answer ${target.index + 1} to question ${number}: "${quote(answers[target.index] ?? '')}"`;
    setPendingDelete({ ...target, description: `This action cannot be undone. This will permanently delete ${lost}.` });
  }

  const headingId = `${id}-heading`;
  const numberId = `${id}-number`;
  const addId = `${id}-add`;
  const addErrorId = `${id}-add-error`;

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
            editing === index ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: answers are unique within a question; the index is their place.
              <li key={index} className="canvas-edit-list__item canvas-edit-list__item--editing">
                <form className="canvas-edit-form" onSubmit={(e) => void saveEdit(e)} noValidate>
                  <TextAreaField
                    ref={editRef}
                    className="field--label-hidden"
                    label={`Edit answer ${index + 1} to question ${number}`}
                    rows={3}
                    maxLength={ANSWER_LIMITS.maxLength}
                    value={editDraft}
                    onChange={(e) => {
                      setEditDraft(e.target.value);
                      if (editError) setEditError(null);
                    }}
                    error={editError}
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
                      onClick={cancelEdit}
                    >
                      Cancel
                    </Button>
                  </div>
                </form>
              </li>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: answers are unique within a question; the index is their place.
              <li key={index} className="canvas-edit-list__item">
                <p className="canvas-edit-list__text break-anywhere">{answer}</p>
                <div className="canvas-edit-list__buttons">
                  <Button
                    ref={(el) => {
                      if (el) editButtons.current.set(index, el);
                      else editButtons.current.delete(index);
                    }}
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit answer ${index + 1} to question ${number}`}
                    aria-disabled={busy || undefined}
                    onClick={() => startEdit(index)}
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
                    onClick={() => askDelete({ kind: 'one', index })}
                  >
                    Delete
                  </Button>
                </div>
              </li>
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
            aria-label={label('Delete all answers')}
            aria-disabled={busy || undefined}
            aria-haspopup="dialog"
            onClick={() => askDelete({ kind: 'all' })}
          >
            Delete all answers
          </Button>
        </div>
      ) : null}

      <form className="canvas-add" onSubmit={(e) => void add(e)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={addId}>
            {CANVAS_TEXT.addLabel}
            <span className="sr-only">{` (question ${number})`}</span>
          </label>
          <textarea
            ref={addRef}
            id={addId}
            className="field__input field__textarea"
            rows={3}
            maxLength={ANSWER_LIMITS.maxLength}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              if (addError) setAddError(null);
            }}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? addErrorId : undefined}
          />
          {addError ? (
            <p id={addErrorId} className="field__error" role="alert">
              {addError}
            </p>
          ) : null}
        </div>
        <div>
          <Button
            type="submit"
            size="sm"
            disabled={draft === ''}
            aria-disabled={busy || undefined}
            aria-label={`Add answer to question ${number}`}
          >
            Add
          </Button>
        </div>
      </form>
      <AnswerFeedback type={question.type} questionId={question.id} />

      <ConfirmDialog
        open={pendingDelete !== null}
        description={pendingDelete?.description ?? ''}
        confirmLabel={pendingDelete?.kind === 'all' ? 'Delete all' : 'Delete'}
        busy={busy}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (pendingDelete?.kind === 'all') void removeAll();
          else if (pendingDelete) void remove(pendingDelete.index);
        }}
      />
    </section>
  );
}
