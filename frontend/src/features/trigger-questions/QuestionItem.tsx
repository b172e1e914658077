import { useId, useState } from 'react';
import { useNeedsChanges } from '../../data/feedback/feedback-api';
import type { AnswerView, Question } from '../../data/journey/journey-api';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { AnswerTime } from '../../ui/AnswerTime';
import { Button } from '../../ui/Button';
import { QuestionNotes } from '../../ui/QuestionNotes';
import { RestoredDraftNote } from '../../ui/RestoredDraftNote';
import { VideoDialog } from '../../ui/VideoDialog';
import { IconPlay } from './icons';
import { BLANK_ANSWER, useQuestionAnswer } from './use-question-answer';
import '../../ui/question-card.css';

export interface QuestionItemProps {
  question: Question;
  /** The question's number in its phase, the same the coach sees. */
  number: number;
  answer: AnswerView | undefined;
}

/** One trigger question: text, optional video, explanation, example and the founder's answer (spec §2). */
export function QuestionItem({ question, number, answer }: QuestionItemProps) {
  const { saved, editing, draft, blank, showBlankError, saving, restoredAt, textareaRef, editButtonRef, ...act } =
    useQuestionAnswer(question, answer);
  const [videoOpen, setVideoOpen] = useState(false);
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  const needsChanges = useNeedsChanges('trigger', question.id);
  const { AnswerFeedback } = usePhaseEmbeds();

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
          {restoredAt ? <RestoredDraftNote keptAt={restoredAt} onDiscard={act.onDiscardRestored} /> : null}
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
              onChange={(event) => act.onDraftChange(event.target.value)}
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
              <Button variant="ghost" onClick={act.onCancel} disabled={saving}>
                Cancel
              </Button>
            ) : null}
            <Button onClick={act.onSave} disabled={blank} loading={saving} aria-describedby={headingId}>
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
            <Button ref={editButtonRef} variant="secondary" onClick={act.onEdit} aria-describedby={headingId}>
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
