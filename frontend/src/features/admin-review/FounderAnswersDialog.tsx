import type { ReactNode } from 'react';
import { QUESTION_TYPE_LABELS } from '#shared/domain/questions';
import { refusalOf } from '../../lib/error-message';
import { useOnNewError } from '../../lib/use-on-new-error';
import { AnswerLines } from '../../ui/AnswerLines';
import { AnswerTime } from '../../ui/AnswerTime';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadError, LoadingArea } from '../../ui/LoadState';
import { useToast } from '../../ui/toast/toast-context';
import { CoachFeedback } from './CoachFeedback';
import { PhaseReviewPanel } from './PhaseReviewPanel';
import { type QuestionType, useCoachFeedback, useFounderAnswers } from './review-api';
import { ANSWERS_FETCH_FAILED, NO_ANSWERS } from './texts';

export interface FounderAnswersDialogProps {
  type: QuestionType;
  userId: string;
  /** The founder's name, or the page's fallback. */
  name: string;
  onClose: () => void;
}

/**
 * Spec §2 'View Answers': every answer of one founder for the type, in submission order — with the coaches' feedback
 * under each answer and the phase's review (summary, request for changes) at the end.
 */
export function FounderAnswersDialog({ type, userId, name, onClose }: FounderAnswersDialogProps) {
  const { toast } = useToast();
  const answers = useFounderAnswers(userId, type);
  const feedback = useCoachFeedback(userId, type);
  useOnNewError(answers.error, answers.errorUpdatedAt, (error) => {
    console.error('Could not load the answers', error);
    toast({ title: ANSWERS_FETCH_FAILED, description: refusalOf(error), variant: 'destructive' });
  });

  let body: ReactNode;
  if (answers.isPending) {
    body = <LoadingArea label="Loading answers" />;
  } else if (answers.isError) {
    body = (
      <LoadError retrying={answers.isFetching} onRetry={() => void answers.refetch()}>
        {ANSWERS_FETCH_FAILED}
      </LoadError>
    );
  } else if (answers.data.length === 0) {
    body = <p className="ar-review__empty">{NO_ANSWERS}</p>;
  } else {
    body = (
      <ol className="ar-answers">
        {answers.data.map((answer, index) => (
          <li key={answer.questionId} className="ar-answer">
            <div className="ar-answer__meta">
              <Badge variant="accent">{answer.category}</Badge>
              <span className="ar-answer__number">Question {index + 1}</span>
            </div>
            <h3 className="ar-answer__question">{answer.question}</h3>
            <AnswerLines className="ar-answer__list" answers={answer.answers} />
            <AnswerTime className="ar-answer__date" submittedAt={answer.submittedAt} updatedAt={answer.updatedAt} />
            {feedback.data ? (
              <CoachFeedback
                userId={userId}
                type={type}
                questionId={answer.questionId}
                number={index + 1}
                thread={feedback.data.feedback.find((f) => f.questionId === answer.questionId)}
              />
            ) : null}
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Answers from ${name}`}
      description={`${QUESTION_TYPE_LABELS[type]} answers, in the order they were submitted, with your feedback.`}
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
          <PhaseReviewPanel userId={userId} type={type} feedback={feedback.data} />
        ) : null}
      </div>
    </Dialog>
  );
}
