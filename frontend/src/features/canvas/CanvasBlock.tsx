import { questionsPhrase } from '#shared/domain/question-numbers';
import { useQuestionsNeedingChanges } from '../../data/feedback/feedback-api';
import type { CanvasData, CanvasType } from '../../data/journey/canvas-data';
import { BlockEntries } from './BlockEntries';
import { SectionActions } from './SectionActions';

/** Where a canvas layout puts a block and how its heading sits in the page's outline. */
export interface BlockPlacement {
  className: string;
  headingId: string;
  headingLevel: 3 | 4;
}

export interface CanvasBlockProps extends BlockPlacement {
  type: CanvasType;
  section: string;
  data: CanvasData;
  optimistic: boolean;
  onQuestions: (section: string) => void;
  onSuggestions: (section: string) => void;
}

/** One block of a canvas: its title, its entries edited in place, and its questions (for guidance) and suggestions. */
export function CanvasBlock({
  type,
  section,
  data,
  optimistic,
  onQuestions,
  onSuggestions,
  className,
  headingId,
  headingLevel,
}: CanvasBlockProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const questions = data.questionsBySection.get(section) ?? [];
  const needing = useQuestionsNeedingChanges(type);
  // The numbers the coach's comments and request use, so "question 5" leads to its block.
  const asked = questions.filter((q) => needing.has(q.id)).flatMap((q) => data.questionNumbers.get(q.id) ?? []);
  return (
    <section className={asked.length > 0 ? `${className} fb-highlight` : className} aria-labelledby={headingId}>
      <Heading id={headingId} className="canvas-block__title">
        {section}
      </Heading>
      {asked.length > 0 ? (
        <button
          type="button"
          className="canvas-block__asked"
          aria-haspopup="dialog"
          onClick={() => onQuestions(section)}
        >
          Read your coach's {asked.length === 1 ? 'comment' : 'comments'} on {questionsPhrase(asked)}
        </button>
      ) : null}
      <BlockEntries
        type={type}
        section={section}
        questions={questions}
        entries={data.answersBySection.get(section) ?? []}
        answersByQuestion={data.answersByQuestion}
        optimistic={optimistic}
        actions={<SectionActions section={section} onQuestions={onQuestions} onSuggestions={onSuggestions} compact />}
      />
    </section>
  );
}
