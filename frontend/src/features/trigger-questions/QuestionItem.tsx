import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNeedsChanges } from '../../data/feedback/feedback-api';
import { type AnswerView, type Question, useAnswerMutations } from '../../data/journey/journey-api';
import { ApiError } from '../../lib/api';
import { apiErrorMessage } from '../../lib/error-message';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { AnswerTime } from '../../ui/AnswerTime';
import { Button } from '../../ui/Button';
import { QuestionNotes } from '../../ui/QuestionNotes';
import { useToast } from '../../ui/toast/toast-context';
import { VideoDialog } from '../../ui/VideoDialog';
import { splitAnswerLines } from './answer-lines';
import { IconPlay } from './icons';
import '../../ui/question-card.css';

export const BLANK_ANSWER = 'Please provide an answer before saving.';
export const SAVE_FAILED = 'Failed to save answer. Please try again.';

export interface QuestionItemProps {
  question: Question;
  /** 1-based position inside its group. */
  number: number;
  answer: AnswerView | undefined;
}

/** One trigger question: text, optional video, explanation, example and the founder's answer (spec §2). */
export function QuestionItem({ question, number, answer }: QuestionItemProps) {
  const { toast } = useToast();
  const client = useQueryClient();
  const { save } = useAnswerMutations('trigger');
  const saved = answer && answer.answers.length > 0 ? answer.answers : null;
  const [editing, setEditing] = useState(saved === null);
  const [draft, setDraft] = useState(saved ? saved.join('\n') : '');
  const [touched, setTouched] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  const needsChanges = useNeedsChanges('trigger', question.id);
  const { AnswerFeedback } = usePhaseEmbeds();

  const blank = splitAnswerLines(draft).length === 0;
  const showBlankError = touched && blank;

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

  const onEdit = () => {
    setDraft(saved ? saved.join('\n') : '');
    setTouched(false);
    moveFocus.current = true;
    setEditing(true);
  };

  const onCancel = () => {
    setDraft(saved ? saved.join('\n') : '');
    setTouched(false);
    moveFocus.current = true;
    setEditing(false);
  };

  return (
    <article className={needsChanges ? 'question-card fb-highlight' : 'question-card'} aria-labelledby={headingId}>
      <div className="tq-question__head">
        <div className="tq-question__title">
          <span className="tq-question__number">Question {number}</span>
          <h3 id={headingId} className="question-card__text">
            {question.text}
          </h3>
        </div>
        {question.videoUrl ? (
          <Button variant="secondary" size="sm" onClick={() => setVideoOpen(true)} aria-describedby={headingId}>
            <IconPlay />
            Video
          </Button>
        ) : null}
      </div>

      <QuestionNotes explanation={question.explanation} example={question.example} exampleLabel="Example" />

      {editing ? (
        <div className="tq-answer">
          <div className="field">
            <textarea
              ref={textareaRef}
              className="field__input field__textarea"
              aria-labelledby={headingId}
              aria-describedby={showBlankError ? `${hintId} ${errorId}` : hintId}
              aria-invalid={showBlankError || undefined}
              rows={4}
              value={draft}
              placeholder="Type your answer here..."
              onChange={(event) => {
                setDraft(event.target.value);
                setTouched(true);
              }}
            />
            <p id={hintId} className="field__hint">
              Put each answer on its own line.
            </p>
            {showBlankError ? (
              <p id={errorId} className="field__error">
                {BLANK_ANSWER}
              </p>
            ) : null}
          </div>
          <div className="tq-answer__actions">
            {saved ? (
              <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
                Cancel
              </Button>
            ) : null}
            <Button onClick={onSave} disabled={blank} loading={save.isPending} aria-describedby={headingId}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <div className="tq-answer">
          <p className="tq-answer__label">Your answer</p>
          <ul className="tq-answer__list">
            {(saved ?? []).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {answer ? <AnswerTime submittedAt={answer.submittedAt} updatedAt={answer.updatedAt} /> : null}
          <div className="tq-answer__actions">
            <Button ref={editButtonRef} variant="secondary" onClick={onEdit} aria-describedby={headingId}>
              Edit Answer
            </Button>
          </div>
        </div>
      )}
      <AnswerFeedback type="trigger" questionId={question.id} />

      {question.videoUrl ? (
        <VideoDialog
          open={videoOpen}
          onClose={() => setVideoOpen(false)}
          url={question.videoUrl}
          title={question.text}
        />
      ) : null}
    </article>
  );
}
