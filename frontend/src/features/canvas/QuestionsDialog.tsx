import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnswerTimes, CanvasType } from '../../data/journey/canvas-data';
import { type Question, useAnswerMutations } from '../../data/journey/journey-api';
import { apiErrorMessage } from '../../lib/error-message';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/toast-context';
import { CANVAS_TEXT } from './canvas-texts';
import { QuestionAnswers } from './QuestionAnswers';
import type { AnswerActions } from './use-answer-editor';
import './canvas.css';

export interface QuestionsDialogProps {
  type: CanvasType;
  /** The open section, or null when the dialog is closed. */
  section: string | null;
  questions: readonly Question[];
  /** Each question's number across the phase (the canvas data's), so "question 5" is the coach's question 5. */
  numbers: ReadonlyMap<string, number>;
  answersByQuestion: ReadonlyMap<string, readonly string[]>;
  /** When each answered question was first and last saved (shown under its answers). */
  timesByQuestion?: ReadonlyMap<string, AnswerTimes>;
  /** Business Model: the list changes at once and rolls back if the save fails. */
  optimistic?: boolean;
  /** Business Model: a 'Delete all answers' action per question. */
  allowDeleteAll?: boolean;
  onClose: () => void;
}

interface Feedback {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

const FEEDBACK_MS = 4000;

/** 'Questions for {section}': every question of the section with the founder's answers and an add box each. */
export function QuestionsDialog({
  type,
  section,
  questions,
  numbers,
  answersByQuestion,
  timesByQuestion,
  optimistic = false,
  allowDeleteAll = false,
  onClose,
}: QuestionsDialogProps) {
  return (
    <Dialog
      open={section !== null}
      onClose={onClose}
      size="lg"
      title={`Questions for ${section ?? ''}`}
      closeLabel={`Close questions for ${section ?? ''}`}
    >
      {section !== null ? (
        <QuestionsContent
          type={type}
          questions={questions}
          numbers={numbers}
          answersByQuestion={answersByQuestion}
          timesByQuestion={timesByQuestion}
          optimistic={optimistic}
          allowDeleteAll={allowDeleteAll}
        />
      ) : null}
    </Dialog>
  );
}

function QuestionsContent({
  type,
  questions,
  numbers,
  answersByQuestion,
  timesByQuestion,
  optimistic,
  allowDeleteAll,
}: Omit<QuestionsDialogProps, 'section' | 'onClose'> & { optimistic: boolean; allowDeleteAll: boolean }) {
  const { save, remove } = useAnswerMutations(type, { optimistic });
  const { toast } = useToast();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const nextId = useRef(0);

  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(null), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  // The page's toasts sit behind the modal (inert while it is open), so the dialog repeats each outcome in its own
  // live region for screen readers and in plain sight.
  const notify = useCallback(
    (kind: Feedback['kind'], text: string) => {
      if (kind === 'success') toast({ title: text });
      else toast({ title: CANVAS_TEXT.errorTitle, description: text, variant: 'destructive' });
      setFeedback({ id: ++nextId.current, kind, text });
    },
    [toast],
  );

  const actions = useMemo<AnswerActions>(() => {
    const run = async (op: () => Promise<unknown>, success: string, failure: string) => {
      try {
        await op();
        notify('success', success);
        return true;
      } catch (err) {
        console.error(failure, err);
        notify('error', apiErrorMessage(err, failure));
        return false;
      }
    };
    return {
      save: (questionId, answers) =>
        run(() => save.mutateAsync({ questionId, answers }), CANVAS_TEXT.saved, CANVAS_TEXT.saveFailed),
      deleteOne: (questionId, answers, index) => {
        const remaining = answers.filter((_, i) => i !== index);
        return run(
          () =>
            remaining.length === 0
              ? remove.mutateAsync({ questionId })
              : save.mutateAsync({ questionId, answers: remaining }),
          CANVAS_TEXT.deleted,
          CANVAS_TEXT.deleteFailed,
        );
      },
      deleteAll: (questionId) =>
        run(() => remove.mutateAsync({ questionId }), CANVAS_TEXT.allDeleted, CANVAS_TEXT.deleteAllFailed),
    };
    // mutateAsync is stable for the life of each mutation observer.
  }, [save.mutateAsync, remove.mutateAsync, notify]);

  if (questions.length === 0) return <p className="canvas-empty">{CANVAS_TEXT.noQuestions}</p>;

  return (
    <div className="canvas-questions">
      {questions.map((q, i) => (
        <QuestionAnswers
          key={q.id}
          question={q}
          number={numbers.get(q.id) ?? i + 1}
          answers={answersByQuestion.get(q.id) ?? []}
          times={timesByQuestion?.get(q.id)}
          actions={actions}
          optimistic={optimistic}
          allowDeleteAll={allowDeleteAll}
        />
      ))}
      <div className="canvas-feedback">
        <div role="status">
          {feedback?.kind === 'success' ? (
            <p key={feedback.id} className="canvas-feedback__message">
              {feedback.text}
            </p>
          ) : null}
        </div>
        <div role="alert">
          {feedback?.kind === 'error' ? (
            <p key={feedback.id} className="canvas-feedback__message canvas-feedback__message--error">
              {feedback.text}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
