import { formatAmount, type SizingResult } from '#shared/domain/market-sizing';
import { FIGURE, MARKETS, sizingFigure } from './sizing';

/** Room a circle's label needs above the next circle's top; a thinner ring is named by the legend alone. */
const LABEL_ROOM = 18;

function share(result: SizingResult, key: 'tam' | 'sam' | 'som'): string | null {
  if (key === 'sam' && result.samShare !== null) return `${result.samShare} % of the TAM`;
  if (key === 'som' && result.somShare !== null) return `${result.somShare} % of the SAM`;
  return null;
}

/**
 * TAM ⊃ SAM ⊃ SOM as nested circles beside their numbers. The drawing is hidden from screen readers: the legend
 * beside it says everything it shows, amounts with their currency and period, and whether it is to scale.
 */
export function SizingFigure({ result, currency }: { result: SizingResult; currency: string | null }) {
  const figure = sizingFigure(result);
  return (
    <figure className="tool-sheet__sizing">
      <svg className="tool-sheet__sizing-svg" viewBox={`0 0 ${FIGURE} ${FIGURE}`} aria-hidden="true" focusable="false">
        {figure.circles.map((c, i) => {
          const inner = figure.circles[i + 1];
          const room = inner ? 2 * c.r - 2 * inner.r : 2 * c.r;
          return (
            <g key={c.key} className={`tool-sheet__ring tool-sheet__ring--${c.key}`}>
              <circle cx={FIGURE / 2} cy={c.cy} r={c.r} />
              {room >= LABEL_ROOM && (
                <text x={FIGURE / 2} y={c.cy - c.r + (inner ? room / 2 : c.r) + 5} textAnchor="middle">
                  {c.key.toUpperCase()}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="tool-sheet__sizing-legend">
        <ul className="tool-sheet__markets">
          {MARKETS.map(({ key, short, name }) => {
            const value = result[key];
            const part = share(result, key);
            return (
              <li key={key} className="tool-sheet__market">
                <span className={`tool-sheet__swatch tool-sheet__ring--${key}`} aria-hidden="true" />
                <span>
                  <strong>{short}</strong> <span className="tool-sheet__muted">{name}</span>{' '}
                  <span className="tool-sheet__amount">
                    {value === null ? 'Not entered yet' : `${formatAmount(value, currency)} a year`}
                    {part && <span className="tool-sheet__muted"> ({part})</span>}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        <p className="tool-sheet__note">
          {figure.toScale
            ? 'Circles drawn to scale: each circle’s area is its share of the TAM.'
            : 'Circles not to scale: they are drawn to scale once the three amounts are entered, fit inside each other and are large enough to see.'}
        </p>
      </figcaption>
    </figure>
  );
}
