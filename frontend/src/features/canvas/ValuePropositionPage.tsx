import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { CHANGES_REQUESTED_TEXT } from '#shared/domain/review-state';
import { useReviewState } from '../../data/feedback/use-review-state';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { CanvasPage } from './CanvasPage';
import { ExternalLink } from './CanvasStates';
import { CanvasWorkspace } from './CanvasWorkspace';
import { CANVAS_TEXT } from './canvas-texts';
import './value-proposition.css';

const TYPE = 'value-proposition';

/** The two halves of the canvas (spec §2), each in the order its shape reads: left column, then right column. */
const VALUE_MAP = [
  { section: 'Products & Services', area: 'products' },
  { section: 'Gain Creators', area: 'creators' },
  { section: 'Pain Relievers', area: 'relievers' },
] as const;
const CUSTOMER_PROFILE = [
  { section: 'Customer Gains', area: 'gains' },
  { section: 'Customer Pains', area: 'pains' },
  { section: 'Customer Jobs', area: 'jobs' },
] as const;

/** /value-proposition: open once a coach has reviewed the trigger questions (trigger_questions_status). */
export function ValuePropositionPage({ exportAction }: { exportAction: ReactNode }) {
  return (
    <CanvasPage
      type={TYPE}
      className="vp-page"
      title="Value Proposition Canvas"
      subtitle="Describe your customers (the jobs they want done, their pains and their gains) and how your products and services relieve those pains and create those gains."
      openWhen="trigger_questions_status"
      reviewedWhen="value_proposition_status"
      locked={{
        title: 'The Value Proposition is not open yet',
        link: { to: PATHS.triggerQuestions, label: 'Go to Trigger Questions' },
        children:
          'The Value Proposition opens once a coach has reviewed your trigger questions. We will let you know by email when it is ready.',
      }}
      credit={<ExternalLink href="https://www.strategyzer.com/">Value Proposition Canvas by Strategyzer</ExternalLink>}
      exportAction={exportAction}
    >
      {(reviewed) => <ValuePropositionCanvas reviewed={reviewed} />}
    </CanvasPage>
  );
}

/**
 * The square (value map) and the circle (customer profile), each drawn as the export draws it, with its blocks under
 * it in the same arrangement: there they have the room to be read and edited (issue 36).
 */
function ValuePropositionCanvas({ reviewed }: { reviewed: boolean }) {
  return (
    <CanvasWorkspace type={TYPE}>
      {(data, block) => {
        const box = ({ section, area }: { section: string; area: string }) =>
          block(section, { className: `vp-box vp-box--${area}`, headingId: `vp-box-${area}`, headingLevel: 4 });
        return (
          <>
            {/* At the top, so the way on is in reach without scrolling past the whole canvas. */}
            {data.complete ? <Completion reviewed={reviewed} /> : null}

            <section className="vp-block" aria-labelledby="vp-diagram-title">
              <h2 id="vp-diagram-title" className="canvas-section-title">
                Build your canvas
              </h2>
              <p className="canvas-section-intro">{CANVAS_TEXT.boardIntro}</p>
              <div className="vp-diagram-wrap">
                <div className="vp-diagram">
                  <section className="vp-panel" aria-labelledby="vp-map-title">
                    <h3 id="vp-map-title" className="vp-panel__title">
                      Value Map
                    </h3>
                    <ValueMapShape />
                    <div className="vp-blocks vp-blocks--map">{VALUE_MAP.map(box)}</div>
                  </section>
                  <span className="vp-fit" aria-hidden="true">
                    ⇄
                  </span>
                  <section className="vp-panel" aria-labelledby="vp-profile-title">
                    <h3 id="vp-profile-title" className="vp-panel__title">
                      Customer Profile
                    </h3>
                    <CustomerProfileShape />
                    <div className="vp-blocks vp-blocks--profile">{CUSTOMER_PROFILE.map(box)}</div>
                  </section>
                </div>
              </div>
            </section>
          </>
        );
      }}
    </CanvasWorkspace>
  );
}

/** A part of a shape: its outline and its name, one line of the name a `lines` entry, centred on (x, y). */
function Part({ area, d, x, y, lines }: { area: string; d: string; x: number; y: number; lines: string[] }) {
  return (
    <g>
      <path className={`vp-shape__part vp-shape__part--${area}`} d={d} />
      <text className="vp-shape__label" x={x} y={y - ((lines.length - 1) * 13) / 2 + 4}>
        {lines.map((line, i) => (
          <tspan key={line} x={x} dy={i === 0 ? 0 : 13}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** The Value Map: a square, its left half Products & Services, its right half Gain Creators over Pain Relievers. */
function ValueMapShape() {
  return (
    <svg className="vp-shape vp-shape--square" viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <Part area="products" d="M4 4 H100 V196 H4 Z" x={52} y={100} lines={['Products &', 'Services']} />
      <Part area="creators" d="M100 4 H196 V100 H100 Z" x={148} y={52} lines={['Gain', 'Creators']} />
      <Part area="relievers" d="M100 100 H196 V196 H100 Z" x={148} y={148} lines={['Pain', 'Relievers']} />
    </svg>
  );
}

/** The circle's radius and centre in its 200-unit box, and the points at 1 and 5 o'clock where its cuts end. */
const R = 96;
const C = 100;
const ONE = { x: C + R * Math.cos(-Math.PI / 3), y: C + R * Math.sin(-Math.PI / 3) };
const FIVE = { x: ONE.x, y: C - R * Math.sin(-Math.PI / 3) };
const NINE = { x: C - R, y: C };
const wedge = (from: { x: number; y: number }, to: { x: number; y: number }) =>
  `M${C} ${C} L${from.x} ${from.y} A${R} ${R} 0 0 1 ${to.x} ${to.y} Z`;
/** Where a wedge's name sits: `at` of the radius out along the wedge's middle, `angle` degrees from 3 o'clock. */
const along = (angle: number, at = 0.52) => ({
  x: C + R * at * Math.cos((angle * Math.PI) / 180),
  y: C + R * at * Math.sin((angle * Math.PI) / 180),
});

/** The Customer Profile: a circle cut from its centre to 9, 1 and 5 o'clock, as the export draws it. */
function CustomerProfileShape() {
  const gains = along(240);
  const pains = along(120);
  const jobs = along(0, 0.5);
  return (
    <svg className="vp-shape vp-shape--circle" viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <Part area="gains" d={wedge(NINE, ONE)} x={gains.x} y={gains.y} lines={['Customer', 'Gains']} />
      <Part area="pains" d={wedge(FIVE, NINE)} x={pains.x} y={pains.y} lines={['Customer', 'Pains']} />
      <Part area="jobs" d={wedge(ONE, FIVE)} x={jobs.x} y={jobs.y} lines={['Customer', 'Jobs']} />
    </svg>
  );
}

function Completion({ reviewed }: { reviewed: boolean }) {
  const navigate = useNavigate();
  // The one review state (review-state.ts): no "please wait" under the coach's request for changes.
  const asked = useReviewState('value-proposition')?.kind === 'changes-requested';
  return (
    <section className="canvas-complete" aria-labelledby="vp-complete-title">
      <h2 id="vp-complete-title" className="canvas-complete__title">
        You have answered every question
      </h2>
      {reviewed ? (
        <p className="canvas-complete__text">
          Your Value Proposition has been reviewed. The Business Model Canvas is open.
        </p>
      ) : (
        <p id="vp-complete-wait" className="canvas-complete__text">
          {asked
            ? CHANGES_REQUESTED_TEXT
            : `Thank you! Please ${CANVAS_TEXT.reviewWait} before you move on to the Business Model Canvas.`}
        </p>
      )}
      <Button
        disabled={!reviewed}
        aria-describedby={reviewed ? undefined : 'vp-complete-wait'}
        onClick={() => navigate(PATHS.businessModel)}
      >
        Move to Business Model Canvas
      </Button>
    </section>
  );
}
