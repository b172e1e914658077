import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CHANGES_REQUESTED_TEXT } from '#shared/domain/review-state';
import { useReviewState } from '../../data/feedback/use-review-state';
import { PATHS } from '../../lib/paths';
import { CanvasPage } from './CanvasPage';
import { ExternalLink } from './CanvasStates';
import { CanvasWorkspace } from './CanvasWorkspace';
import { CANVAS_TEXT } from './canvas-texts';
import './business-model.css';

const TYPE = 'business-model';

/** Grid area of each section on the classic canvas; the DOM keeps the spec's order (spec §2). */
const AREAS: Record<string, string> = {
  'Key Partners': 'partners',
  'Key Activities': 'activities',
  'Key Resources': 'resources',
  'Value Propositions': 'propositions',
  'Customer Relationships': 'relationships',
  Channels: 'channels',
  'Customer Segments': 'segments',
  'Cost Structure': 'costs',
  'Revenue Streams': 'revenue',
};

/** /business-model: open once a coach has reviewed the Value Proposition (value_proposition_status). */
export function BusinessModelPage({ exportAction }: { exportAction: ReactNode }) {
  return (
    <CanvasPage
      type={TYPE}
      className="bm-page"
      title="Startup Business Model"
      subtitle="Describe how your startup creates, delivers and captures value, one building block at a time."
      openWhen="value_proposition_status"
      reviewedWhen="bmc_status"
      locked={{
        title: 'The Business Model is not open yet',
        link: { to: PATHS.valueProposition, label: 'Go to Value Proposition' },
        children:
          'The Business Model opens once a coach has reviewed your Value Proposition. We will let you know by email when it is ready.',
      }}
      credit={
        <>
          Business Model Canvas by <ExternalLink href="https://www.strategyzer.com/">Strategyzer</ExternalLink>,{' '}
          <ExternalLink href="https://creativecommons.org/licenses/by-sa/3.0/">CC BY-SA 3.0</ExternalLink>
        </>
      }
      exportAction={exportAction}
    >
      {(reviewed) => <BusinessModelCanvas reviewed={reviewed} />}
    </CanvasPage>
  );
}

function BusinessModelCanvas({ reviewed }: { reviewed: boolean }) {
  return (
    <CanvasWorkspace type={TYPE} optimistic allowDeleteAll>
      {(data, block) => (
        <>
          {/* At the top, so the way on is in reach without scrolling past the whole canvas. */}
          {data.complete ? <Completion reviewed={reviewed} /> : null}

          <section aria-labelledby="bm-grid-title">
            <h2 id="bm-grid-title" className="canvas-section-title">
              Build your canvas
            </h2>
            <p className="canvas-section-intro">{CANVAS_TEXT.boardIntro}</p>
            <div className="bm-grid-wrap">
              <div className="bm-grid">
                {data.sections.map((section) => {
                  const area = AREAS[section] ?? 'other';
                  return block(section, {
                    className: `bm-box bm-box--${area}`,
                    headingId: `bm-box-${area}`,
                    headingLevel: 3,
                  });
                })}
              </div>
            </div>
          </section>
        </>
      )}
    </CanvasWorkspace>
  );
}

function Completion({ reviewed }: { reviewed: boolean }) {
  // The one review state (review-state.ts): no "please wait" under the coach's request for changes.
  const asked = useReviewState('business-model')?.kind === 'changes-requested';
  return (
    <section className="canvas-complete" aria-labelledby="bm-complete-title">
      <h2 id="bm-complete-title" className="canvas-complete__title">
        {reviewed ? 'Your Business Model Canvas is complete' : 'You have answered every question'}
      </h2>
      <p className="canvas-complete__text">
        {reviewed
          ? 'Your answers have been reviewed. Next, gather your pitch deck, financial plan, market research, founding team bios and prototypes in the Data Room.'
          : asked
            ? CHANGES_REQUESTED_TEXT
            : `Thank you! Please ${CANVAS_TEXT.reviewWait}. Meanwhile, you can start collecting your documents in the Data Room.`}
      </p>
      <Link className={`btn btn--md ${reviewed ? 'btn--primary' : 'btn--secondary'}`} to={PATHS.dataRoom}>
        Go to the Data Room
      </Link>
    </section>
  );
}
