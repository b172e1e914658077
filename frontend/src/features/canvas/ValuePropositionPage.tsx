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

/** The square (value map) and the circle (customer profile), each block's entries written inside its shape. */
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
                    <div className="vp-shape vp-shape--square">{VALUE_MAP.map(box)}</div>
                  </section>
                  <span className="vp-fit" aria-hidden="true">
                    ⇄
                  </span>
                  <section className="vp-panel" aria-labelledby="vp-profile-title">
                    <h3 id="vp-profile-title" className="vp-panel__title">
                      Customer Profile
                    </h3>
                    <div className="vp-shape vp-shape--circle">{CUSTOMER_PROFILE.map(box)}</div>
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
