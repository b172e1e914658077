import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type AnswerView, type Question, useAnswerMutations } from '../../data/journey/journey-api';
import { ApiError } from '../../lib/api';
import { apiErrorMessage } from '../../lib/error-message';
import { useKeptDraft } from '../../lib/use-kept-draft';
import { useToast } from '../../ui/toast/toast-context';
import { splitAnswerLines } from './answer-lines';

export const BLANK_ANSWER = 'Please provide an answer before saving.';
export const SAVE_FAILED = 'Failed to save answer. Please try again.';

/**
 * The state of one trigger question's answer: reading or editing, the draft and whether its blank error shows, and
 * where the focus goes after a save, an edit or a cancel.
 */
export function useQuestionAnswer(question: Question, answer: AnswerView | undefined) {
  const { toast } = useToast();
  const client = useQueryClient();
  const { save } = useAnswerMutations('trigger');
  const saved = answer && answer.answers.length > 0 ? answer.answers : null;
  const savedText = saved ? saved.join('\n') : '';
  // What was typed here and never saved (a reload, an expired session, a lost connection) comes back into the box.
  const kept = useKeptDraft(`trigger:${question.id}`);
  const restored = kept.restored !== null && kept.restored.text !== savedText ? kept.restored : null;
  const [editing, setEditing] = useState(saved === null || restored !== null);
  const [draft, setDraft] = useState(restored ? restored.text : savedText);
  const [touched, setTouched] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  const blank = splitAnswerLines(draft).length === 0;

  // After saving, focus goes to 'Edit Answer'; after 'Edit Answer', to the text box.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (editing) textareaRef.current?.focus();
    else editButtonRef.current?.focus();
  }, [editing]);

  const onSave = () => {
    const answers = splitAnswerLines(draft);
    if (answers.length === 0) {
      setTouched(true);
      toast({ title: BLANK_ANSWER, variant: 'destructive' });
      return;
    }
    save.mutate(
      { questionId: question.id, answers },
      {
        onSuccess: (result) => {
          kept.drop();
          toast({ title: 'Answer saved successfully!' });
          setDraft(result.answer.answers.join('\n'));
          setTouched(false);
          // The last answer brings up the completion view, which takes the focus instead.
          moveFocus.current = !result.progress.complete;
          setEditing(false);
        },
        onError: (err) => {
          console.error('Could not save the answer', err);
          toast({ title: 'Error', description: apiErrorMessage(err, SAVE_FAILED), variant: 'destructive' });
          // Locked (403): the phase flags may have changed since the page loaded.
          if (err instanceof ApiError && err.status === 403) void client.invalidateQueries({ queryKey: ['me'] });
        },
      },
    );
  };

  /** Back to the saved answer, leaving the edit open (`true`, from Edit Answer) or closed (`false`, Cancel). */
  const resetTo = (nextEditing: boolean) => {
    kept.drop();
    setDraft(savedText);
    setTouched(false);
    moveFocus.current = true;
    setEditing(nextEditing);
  };

  return {
    saved,
    editing,
    draft,
    blank,
    showBlankError: touched && blank,
    saving: save.isPending,
    /** When the text in the box was typed, if it came back from this device rather than from the last save. */
    restoredAt: restored?.keptAt ?? null,
    textareaRef,
    editButtonRef,
    onDraftChange: (value: string) => {
      setDraft(value);
      setTouched(true);
      if (value === savedText) kept.drop();
      else kept.keep(value);
    },
    onSave,
    onEdit: () => resetTo(true),
    onCancel: () => resetTo(false),
    /** Throws the restored text away: back to the saved answer (or an empty box). */
    onDiscardRestored: () => resetTo(saved === null),
  };
}
