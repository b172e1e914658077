import { useId } from 'react';
import type { SizingResult } from '#shared/domain/market-sizing';
import type { SheetAnswer } from './sheet-data';
import { sizingOfAnswers } from './sizing';

/** The worked calculation as lines, then what contradicts (errors) and what is still missing, each marked in words. */
export function SizingCalculation({ result }: { result: SizingResult }) {
  const headingId = useId();
  const stepsId = useId();
  const checksId = useId();
  return (
    <section className="tool-sheet__section tool-sheet__calculation" aria-labelledby={headingId}>
      <h3 id={headingId} className="tool-sheet__heading">
        Calculation and checks
      </h3>
      <h4 id={stepsId} className="tool-sheet__label">
        Calculation
      </h4>
      {result.steps.length === 0 ? (
        <p className="tool-sheet__empty">Nothing to calculate yet</p>
      ) : (
        <ol className="tool-sheet__steps" aria-labelledby={stepsId}>
          {result.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      <h4 id={checksId} className="tool-sheet__label">
        Checks
      </h4>
      {result.checks.length === 0 ? (
        <p className="tool-sheet__check tool-sheet__check--ok">Every check passes: the numbers add up.</p>
      ) : (
        <ul className="tool-sheet__checks" aria-labelledby={checksId}>
          {result.checks.map((check) => (
            <li key={check.message} className={`tool-sheet__check tool-sheet__check--${check.level}`}>
              <strong>{check.level === 'error' ? 'Error:' : 'Missing:'}</strong> {check.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Market Research's calculation and checks alone, for the page where the founder edits the numbers. */
export function MarketSizingPanel({ answers }: { answers: readonly SheetAnswer[] }) {
  return <SizingCalculation result={sizingOfAnswers(answers)} />;
}
