import { type ReactNode, useEffect, useState } from 'react';
import { QUESTION_TYPE_LABELS } from '#shared/domain/questions';
import { readableAnswerLines } from '../../data/admin/tool-review-answers';
import { AnswerLines } from '../../ui/AnswerLines';
import { AnswerTime } from '../../ui/AnswerTime';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { AnswerHeading } from './AnswerHeading';
import { CoachFeedback } from './CoachFeedback';
import { answersOrPlaceholder } from './FounderAnswersDialog';
import type { AnswerFeedback, QuestionType, ReviewAnswer } from './review-api';
import { sentAt } from './sent-at';
import { useFounderReview } from './use-founder-review';

export interface RateAnswersDialogProps {
  type: QuestionType;
  userId: string;
  name: string;
  onClose: () => void;
}

/** The first answer no coach has rated yet, else the first: where the rating picks up. */
export function firstUnrated(answers: readonly ReviewAnswer[], feedback: readonly AnswerFeedback[]): number {
  const rated = new Set(feedback.filter((f) => f.rating !== null).map((f) => f.questionId));
  const index = answers.findIndex((a) => !rated.has(a.questionId));
  return index === -1 ? 0 : index;
}

/**
 * 'Rate': the rating step of the review, one answer at a time in the founder's question order — its rating, verdict
 * and comment, then Next — starting at the first answer nobody has rated. View Answers is the whole dialog.
 */
export function RateAnswersDialog({ type, userId, name, onClose }: RateAnswersDialogProps) {
  const { answers, feedback } = useFounderReview(userId, type);
  const [chosen, setChosen] = useState<number | null>(null);
  // The starting answer is fixed once both lists are in: a rating saved (or refetched) later must not move the step.
  const ready = answers.data !== undefined && feedback.data !== undefined;
  useEffect(() => {
    if (ready && chosen === null) setChosen(firstUnrated(answers.data ?? [], feedback.data?.feedback ?? []));
  }, [ready, chosen, answers.data, feedback.data]);

  let body: ReactNode;
  let step: { index: number; count: number } | null = null;
  const shown = answersOrPlaceholder(answers, answers.isPending || feedback.isPending);
  if ('placeholder' in shown) {
    body = shown.placeholder;
  } else {
    const threads = feedback.data?.feedback ?? [];
    const count = shown.loaded.length;
    const index = Math.min(chosen ?? firstUnrated(shown.loaded, threads), count - 1);
    step = { index, count };
    const answer = shown.loaded[index] as ReviewAnswer;
    body = (
      <section className="ar-answer ar-rate" aria-label={`Answer ${index + 1} of ${count}`}>
        <p className="ar-rate__step">
          Answer {index + 1} of {count}
        </p>
        <AnswerHeading answer={answer} />
        <h3 className="ar-answer__question">{answer.question}</h3>
        <AnswerLines className="ar-answer__list" answers={readableAnswerLines(type, answer)} />
        <AnswerTime
          className="ar-answer__date"
          submittedAt={answer.submittedAt}
          updatedAt={answer.updatedAt}
          sentAt={sentAt(feedback.data)}
        />
        {/* Keyed by question: each step's form starts from that answer's own feedback. */}
        <CoachFeedback
          key={answer.questionId}
          userId={userId}
          type={type}
          questionId={answer.questionId}
          number={answer.number}
          thread={threads.find((f) => f.questionId === answer.questionId)}
        />
      </section>
    );
  }

  const go = (index: number) => setChosen(index);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Rate answers from ${name}`}
      description={`${QUESTION_TYPE_LABELS[type]}: rate each answer from 1 to 5, give a verdict and a comment.`}
      size="lg"
      footer={
        <>
          {step ? (
            <>
              <Button variant="secondary" disabled={step.index === 0} onClick={() => go((step?.index ?? 1) - 1)}>
                Previous answer
              </Button>
              <Button
                variant="secondary"
                disabled={step.index >= step.count - 1}
                onClick={() => go((step?.index ?? 0) + 1)}
              >
                Next answer
              </Button>
            </>
          ) : null}
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <div aria-busy={answers.isPending || undefined}>{body}</div>
    </Dialog>
  );
}
