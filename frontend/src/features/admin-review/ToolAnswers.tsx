import { type ToolId, toolOf } from '#shared/domain/validate-tools';
import { readableAnswerLines, toolReviewSheet } from '../../data/admin/tool-review-answers';
import { AnswerLines } from '../../ui/AnswerLines';
import { ToolSheet } from '../../ui/tool-sheet/ToolSheet';
import { AnswerHeading } from './AnswerHeading';
import { CoachFeedback } from './CoachFeedback';
import type { PhaseFeedback, ReviewAnswer } from './review-api';

/**
 * View Answers for a Validate tool: the founder's sheet in the tool's own layout, then each answer again under its
 * question (a table row read as its cells) with the coach's feedback beside what it rates.
 */
export function ToolAnswers({
  tool,
  userId,
  answers,
  feedback,
}: {
  tool: ToolId;
  userId: string;
  answers: ReviewAnswer[];
  feedback: PhaseFeedback | undefined;
}) {
  const sheet = toolReviewSheet(tool, answers);
  return (
    <>
      <ToolSheet tool={toolOf(tool)} answers={sheet.answers} guidance={sheet.guidance} />
      {feedback ? (
        <section className="ar-phase-review" aria-label="Feedback on each answer">
          <h3 className="ar-phase-review__title">Feedback on each answer</h3>
          <ol className="ar-answers">
            {answers.map((answer) => (
              <li key={answer.questionId} className="ar-answer">
                <AnswerHeading answer={answer} />
                <h4 className="ar-answer__question">{answer.question}</h4>
                <AnswerLines className="ar-answer__list" answers={readableAnswerLines(tool, answer)} />
                <CoachFeedback
                  userId={userId}
                  type={tool}
                  questionId={answer.questionId}
                  number={answer.number}
                  thread={feedback.feedback.find((f) => f.questionId === answer.questionId)}
                />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
