/** The pieces of a test's facts that its card, its detail dialog and its page each show in a <dl>. */
import type { ReactNode } from 'react';
import { DIFFICULTY_LABELS } from '../../data/validation/labels';
import type { ValidationTestView } from '../../data/validation/validation-api';

/** One term and its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A library test's difficulty, coloured by level. */
export function Difficulty({ level }: { level: NonNullable<ValidationTestView['difficulty']> }) {
  return <span className={`difficulty difficulty--${level}`}>{DIFFICULTY_LABELS[level]}</span>;
}

/** Where the test belongs and, for a library test, how long it takes. */
export function CategoryFacts({ test }: { test: Pick<ValidationTestView, 'category' | 'estimatedTime'> }) {
  return (
    <>
      <Fact term="Category">{test.category}</Fact>
      {test.estimatedTime ? <Fact term="Estimated time">{test.estimatedTime}</Fact> : null}
    </>
  );
}
