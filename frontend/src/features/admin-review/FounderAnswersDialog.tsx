import type { ReactNode } from 'react';
import { QUESTION_TYPE_LABELS } from '#shared/domain/questions';
import { isToolId } from '#shared/domain/validate-tools';
import { AnswerLines } from '../../ui/AnswerLines';
import { AnswerTime } from '../../ui/AnswerTime';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { type LoadedOrPlaceholder, loadedOrPlaceholder } from '../../ui/LoadPlaceholder';
import { AnswerHeading } from './AnswerHeading';
import { CoachFeedback } from './CoachFeedback';
import { PhaseReviewPanel } from './PhaseReviewPanel';
import type { QuestionType, ReviewAnswer } from './review-api';
import { sentAt } from './sent-at';
import { ToolAnswers } from './ToolAnswers';
import { ANSWERS_FETCH_FAILED, NO_ANSWERS } from './texts';
import { useFounderReview } from './use-founder-review';

export interface FounderAnswersDialogProps {
  type: QuestionType;
  userId: string;
  /** The founder's name, or the page's fallback. */
  name: string;
  onClose: () => void;
  /**
   * Unlocks the founder's next phase from the review itself (the list's confirmation asks first); absent where the
   * review cannot unlock (a Validate tool, a review opened from a link).
   */
  onUnlock?: () => void;
}

/**
 * What either review dialog (View Answers, Rate) shows until it has answers to show — loading, a failed first load
 * with Retry, or none — else the answers themselves.
 */
export function answersOrPlaceholder(
  answers: ReturnType<typeof useFounderReview>['answers'],
  loading: boolean,
): LoadedOrPlaceholder<ReviewAnswer[]> {
  return loadedOrPlaceholder({
    data: answers.data,
    loading,
    loadingLabel: 'Loading answers',
    failedText: ANSWERS_FETCH_FAILED,
    onRetry: () => void answers.refetch(),
    retrying: answers.isFetching,
    empty: { when: (list) => list.length === 0, show: <p className="ar-review__empty">{NO_ANSWERS}</p> },
  });
}

/**
 * Spec §2 'View Answers': every answer of one founder for the type, numbered and grouped as the founder's page shows
 * them — with the coaches' feedback under each answer and the phase's review (summary, request for changes) at the
 * end. It stays live while open: a founder's reply or edit shows up without reopening it.
 */
export function FounderAnswersDialog({ type, userId, name, onClose, onUnlock }: FounderAnswersDialogProps) {
  const { answers, feedback } = useFounderReview(userId, type);

  const shown = answersOrPlaceholder(answers, answers.isPending);
  let body: ReactNode;
  if ('placeholder' in shown) {
    body = shown.placeholder;
  } else if (isToolId(type)) {
    body = <ToolAnswers tool={type} userId={userId} answers={shown.loaded} feedback={feedback.data} />;
  } else {
    body = (
      <>
        <QuestionJumps answers={shown.loaded} />
        <ol className="ar-answers">
          {shown.loaded.map((answer) => (
            <li key={answer.questionId} className="ar-answer">
              <AnswerHeading answer={answer} />
              <h3 id={answerHeadingId(answer.questionId)} className="ar-answer__question" tabIndex={-1}>
                {answer.question}
              </h3>
              <AnswerLines className="ar-answer__list" answers={answer.answers} />
              <AnswerTime
                className="ar-answer__date"
                submittedAt={answer.submittedAt}
                updatedAt={answer.updatedAt}
                sentAt={sentAt(feedback.data)}
              />
              {feedback.data ? (
                <CoachFeedback
                  userId={userId}
                  type={type}
                  questionId={answer.questionId}
                  number={answer.number}
                  thread={feedback.data.feedback.find((f) => f.questionId === answer.questionId)}
                />
              ) : null}
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Answers from ${name}`}
      description={
        isToolId(type)
          ? `${QUESTION_TYPE_LABELS[type]}: the founder's sheet in its layout, then your feedback on each answer.`
          : `${QUESTION_TYPE_LABELS[type]} answers, numbered as the founder sees them, with your feedback.`
      }
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div aria-busy={answers.isPending || undefined}>
        {body}
        {feedback.data && answers.data && answers.data.length > 0 ? (
          <PhaseReviewPanel userId={userId} type={type} feedback={feedback.data} onUnlock={onUnlock} />
        ) : null}
      </div>
    </Dialog>
  );
}

const answerHeadingId = (questionId: string) => `ar-answer-${questionId}`;

/**
 * The review's questions as a row of numbers to jump to: a phase is 27 answers long, and a coach going back to one
 * should not scroll for it. The jump moves the focus to the answer's question, so the keyboard goes on from there.
 */
function QuestionJumps({ answers }: { answers: readonly ReviewAnswer[] }) {
  if (answers.length < 2) return null;
  const jump = (questionId: string) => {
    const heading = document.getElementById(answerHeadingId(questionId));
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading?.focus({ preventScroll: true });
  };
  return (
    <nav className="ar-jumps" aria-label="Questions in this review">
      <ol>
        {answers.map((answer, i) => (
          <li key={answer.questionId}>
            <button
              type="button"
              className="ar-jumps__button"
              aria-label={`${answer.number === null ? 'Removed question' : `Question ${answer.number}`}: ${answer.question}`}
              title={answer.question}
              onClick={() => jump(answer.questionId)}
            >
              {answer.number ?? `–${i + 1}`}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
