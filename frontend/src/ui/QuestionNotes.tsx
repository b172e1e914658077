import './question-card.css';

export interface QuestionNotesProps {
  explanation: string | null;
  example: string | null;
  /** Label of the example box; coaches and founders read different words. */
  exampleLabel: string;
}

/** A question's explanation and example boxes, each shown only when the question has one. */
export function QuestionNotes({ explanation, example, exampleLabel }: QuestionNotesProps) {
  return (
    <>
      {explanation ? (
        <div className="question-note question-note--explanation">
          <p className="question-note__label">Explanation</p>
          <p className="question-note__text">{explanation}</p>
        </div>
      ) : null}
      {example ? (
        <div className="question-note question-note--example">
          <p className="question-note__label">{exampleLabel}</p>
          <p className="question-note__text">{example}</p>
        </div>
      ) : null}
    </>
  );
}
