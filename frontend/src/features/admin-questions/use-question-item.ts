import { useEffect, useRef, useState } from 'react';
import { refusalOf } from '../../lib/error-message';
import { useToast } from '../../ui/toast/toast-context';
import {
  fieldsOf,
  type Question,
  type QuestionFields,
  type QuestionType,
  useDeleteQuestion,
  useUpdateQuestion,
} from './admin-api';
import type { TypeTexts } from './texts';
import { useQuestionCheck } from './use-question-check';

/**
 * One question card's state: inline editing (focus moves into the form and back to Edit), the save, the video, and
 * the delete behind the app's confirmation dialog.
 */
export function useQuestionItem(type: QuestionType, texts: TypeTexts, question: Question) {
  const { toast } = useToast();
  const update = useUpdateQuestion(type);
  const remove = useDeleteQuestion(type);
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<QuestionFields>(() => fieldsOf(question));
  const check = useQuestionCheck();
  const { passes, setShowErrors, textRef } = check;
  const [videoOpen, setVideoOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  // Edit moves focus into the form; Save and Cancel give it back to Edit.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (editing) textRef.current?.focus();
    else editRef.current?.focus();
  }, [editing, textRef.current?.focus]);

  const startEditing = () => {
    setFields(fieldsOf(question));
    setShowErrors(false);
    moveFocus.current = true;
    setEditing(true);
  };

  const stopEditing = () => {
    moveFocus.current = true;
    setEditing(false);
  };

  const save = () => {
    if (update.isPending) return;
    if (!passes(fields)) return;
    update.mutate(
      { questionId: question.id, fields },
      {
        onSuccess: () => {
          toast({ title: texts.updated });
          stopEditing();
        },
        onError: (err) => {
          console.error('Could not update the question', err);
          toast({ title: texts.updateFailed, description: refusalOf(err), variant: 'destructive' });
        },
      },
    );
  };

  const deleteQuestion = () => {
    if (remove.isPending) return;
    remove.mutate(
      { questionId: question.id },
      {
        onSuccess: () => {
          setConfirmingDelete(false);
          toast({ title: texts.deleted });
        },
        onError: (err) => {
          console.error('Could not delete the question', err);
          setConfirmingDelete(false);
          toast({ title: texts.deleteFailed, description: refusalOf(err), variant: 'destructive' });
        },
      },
    );
  };

  return {
    editing,
    fields,
    setFields,
    check,
    saving: update.isPending,
    startEditing,
    stopEditing,
    save,
    editRef,
    videoOpen,
    setVideoOpen,
    confirmingDelete,
    askToDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    deleteQuestion,
    deleting: remove.isPending,
  };
}
