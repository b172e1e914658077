import { type FormEvent, useEffect, useRef, useState } from 'react';
import { answerListProblem } from '#shared/domain/answers';
import { excerpt } from '../../lib/excerpt';
import { useKeptDraft } from '../../lib/use-kept-draft';
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

export interface AnswerEditorOptions {
  questionId: string;
  /** 1-based position in the dialog, quoted in the delete confirmation. */
  number: number;
  answers: readonly string[];
  actions: AnswerActions;
  /** The list changes before the server answers (Business Model); otherwise only after it accepts. */
  optimistic: boolean;
}

/** A delete waiting for the founder's yes: one answer (by its place) or every answer of the question. */
export type PendingDelete = ({ kind: 'one'; index: number } | { kind: 'all' }) & {
  /** Written when asked: an optimistic delete changes the list while the dialog still shows. */
  description: string;
};

type FocusTarget = { kind: 'add' } | { kind: 'edit-field' } | { kind: 'edit-button'; index: number } | null;

/**
 * The state of one question's answers on a canvas: the new answer's draft, the answer being edited, the delete
 * waiting for confirmation, the one save in flight, and where focus goes after each step. The view
 * (QuestionAnswers.tsx) only shows it.
 */
export function useAnswerEditor({ questionId, number, answers, actions, optimistic }: AnswerEditorOptions) {
  // A new answer typed and never added comes back into the box (lib/kept-drafts.ts); question ids are unique.
  const kept = useKeptDraft(`new-answer:${questionId}`);
  const [draft, setDraft] = useState(kept.restored?.text ?? '');
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [editDraft, setEditDraft] = useState('');
  const [editError, setEditError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const addRef = useRef<HTMLTextAreaElement>(null);
  const editRef = useRef<HTMLTextAreaElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());

  // Focus moves after the render that shows (or removes) its target.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'add') addRef.current?.focus();
    else if (focusTarget.kind === 'edit-field') editRef.current?.focus();
    else (editButtons.current.get(focusTarget.index) ?? addRef.current)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

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
    const ok = await actions.save(questionId, [...answers, text]);
    setBusy(false);
    if (ok) kept.drop();
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
    const ok = await actions.save(questionId, next);
    setBusy(false);
    if (ok || optimistic) {
      setEditing(null);
      setFocusTarget({ kind: 'edit-button', index });
    } else {
      setFocusTarget({ kind: 'edit-field' });
    }
  }

  // Deleting asks first (the app's one confirmation, ui/ConfirmDialog); the dialog stays, busy, until the server answers.
  async function removeOne(index: number) {
    if (busy) return;
    if (editing !== null) setEditing(null);
    setBusy(true);
    const ok = await actions.deleteOne(questionId, answers, index);
    setBusy(false);
    setPendingDelete(null);
    setFocusTarget(ok ? { kind: 'add' } : { kind: 'edit-button', index });
  }

  async function removeAll() {
    if (busy) return;
    setEditing(null);
    setBusy(true);
    await actions.deleteAll(questionId);
    setBusy(false);
    setPendingDelete(null);
    setFocusTarget({ kind: 'add' });
  }

  function askDelete(target: { kind: 'one'; index: number } | { kind: 'all' }) {
    if (busy) return;
    const lost =
      target.kind === 'all'
        ? `${answers.length === 1 ? 'your answer' : `all ${answers.length} of your answers`} to question ${number}`
        : `answer ${target.index + 1} to question ${number}: "${excerpt(answers[target.index] ?? '', 80)}"`;
    // Every write keeps the state before it in the canvas's History, so a delete is not final: say so truthfully.
    const restore = target.kind === 'all' && answers.length > 1 ? CANVAS_TEXT.restorableMany : CANVAS_TEXT.restorable;
    setPendingDelete({ ...target, description: `This will delete ${lost}. ${restore}` });
  }

  return {
    busy,
    add: {
      draft,
      error: addError,
      ref: addRef,
      /** When the new answer's text was typed, if it came back from this device. */
      restoredAt: kept.restored?.keptAt ?? null,
      discardRestored() {
        kept.drop();
        setDraft('');
      },
      change(text: string) {
        setDraft(text);
        kept.keep(text);
        if (addError) setAddError(null);
      },
      submit: add,
    },
    edit: {
      index: editing,
      draft: editDraft,
      error: editError,
      ref: editRef,
      change(text: string) {
        setEditDraft(text);
        if (editError) setEditError(null);
      },
      start: startEdit,
      cancel: cancelEdit,
      submit: saveEdit,
      /** Keeps each answer's Edit button, where focus returns after an edit or a failed delete. */
      buttonRef: (index: number) => (el: HTMLButtonElement | null) => {
        if (el) editButtons.current.set(index, el);
        else editButtons.current.delete(index);
      },
    },
    remove: {
      pending: pendingDelete,
      ask: askDelete,
      cancel: () => setPendingDelete(null),
      confirm() {
        if (pendingDelete?.kind === 'all') void removeAll();
        else if (pendingDelete) void removeOne(pendingDelete.index);
      },
    },
  };
}

export type AnswerEditor = ReturnType<typeof useAnswerEditor>;
