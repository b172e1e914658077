import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { CHANGES_REQUESTED_TEXT } from '#shared/domain/review-state';
import { plural } from '#shared/plural';
import { useMe } from '../../data/account/use-me';
import { useReviewState } from '../../data/feedback/use-review-state';
import type { CanvasData } from '../../data/journey/canvas-data';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { CanvasHistory } from './CanvasHistory';
import { CanvasPage } from './CanvasPage';
import { AnswerList, ExternalLink } from './CanvasStates';
import { CanvasWorkspace } from './CanvasWorkspace';
import { CANVAS_TEXT } from './canvas-texts';
import { SectionActions } from './SectionActions';
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

/** The canvas display lists (spec §3 canvas data lists), in the spec's order. */
const DISPLAY = [
  { title: 'Customer Profile', sections: ['Customer Jobs', 'Customer Pains', 'Customer Gains'] },
  { title: 'Value Map', sections: ['Products & Services', 'Pain Relievers', 'Gain Creators'] },
] as const;

/**
 * /value-proposition: open once a coach has reviewed the trigger questions (trigger_questions_status).
 * `exportAction` is the PDF export's button, handed in by app/router.tsx (the export is a feature of its own).
 */
export function ValuePropositionPage({ exportAction }: { exportAction: ReactNode }) {
  const me = useMe();
  const phases = me.data?.phases;
  return (
    <CanvasPage
      feedbackType="value-proposition"
      className="vp-page"
      title="Value Proposition Canvas"
      subtitle="Describe your customers (the jobs they want done, their pains and their gains) and how your products and services relieve those pains and create those gains."
      open={phases?.trigger_questions_status}
      locked={{
        title: 'The Value Proposition is not open yet',
        link: { to: PATHS.triggerQuestions, label: 'Go to Trigger Questions' },
        children:
          'The Value Proposition opens once a coach has reviewed your trigger questions. We will let you know by email when it is ready.',
      }}
      credit={<ExternalLink href="https://www.strategyzer.com/">Value Proposition Canvas by Strategyzer</ExternalLink>}
    >
      <div className="canvas-tools">
        <CanvasHistory type={TYPE} />
        {exportAction}
      </div>
      <ValuePropositionCanvas reviewed={phases?.value_proposition_status ?? false} />
    </CanvasPage>
  );
}

function ValuePropositionCanvas({ reviewed }: { reviewed: boolean }) {
  return (
    <CanvasWorkspace type={TYPE}>
      {(data, openers) => {
        const box = ({ section, area }: { section: string; area: string }) => (
          <DiagramBox
            key={section}
            section={section}
            area={area}
            count={data.answersBySection.get(section)?.length ?? 0}
            {...openers}
          />
        );
        return (
          <>
            {/* At the top, so the way on is in reach without scrolling past the whole canvas. */}
            {data.complete ? <Completion reviewed={reviewed} /> : null}

            <section className="vp-block" aria-labelledby="vp-diagram-title">
              <h2 id="vp-diagram-title" className="canvas-section-title">
                Build your canvas
              </h2>
              <p className="canvas-section-intro">
                Open the questions of a section to add your answers, or look at our suggestions for ideas.
              </p>
              <div className="vp-diagram-wrap">
                <div className="vp-diagram">
                  <div className="vp-panel">
                    <h3 id="vp-map-title" className="vp-panel__title">
                      Value Map
                    </h3>
                    <div className="vp-shape vp-shape--square">{VALUE_MAP.map(box)}</div>
                  </div>
                  <span className="vp-fit" aria-hidden="true">
                    ⇄
                  </span>
                  <div className="vp-panel">
                    <h3 id="vp-profile-title" className="vp-panel__title">
                      Customer Profile
                    </h3>
                    <div className="vp-shape vp-shape--circle">{CUSTOMER_PROFILE.map(box)}</div>
                  </div>
                </div>
              </div>
            </section>

            <CanvasDisplay data={data} />
          </>
        );
      }}
    </CanvasWorkspace>
  );
}

interface DiagramBoxProps {
  section: string;
  area: string;
  count: number;
  onQuestions: (section: string) => void;
  onSuggestions: (section: string) => void;
}

function DiagramBox({ section, area, count, onQuestions, onSuggestions }: DiagramBoxProps) {
  const headingId = `vp-box-${area}`;
  return (
    <div className={`vp-box vp-box--${area}`}>
      <div className="vp-box__inner">
        <h4 id={headingId} className="vp-box__title">
          {section}
        </h4>
        <p className="vp-box__count">{count === 0 ? 'No answers yet' : plural(count, 'answer')}</p>
        <SectionActions section={section} onQuestions={onQuestions} onSuggestions={onSuggestions} />
      </div>
    </div>
  );
}

function CanvasDisplay({ data }: { data: CanvasData }) {
  return (
    <section className="vp-block" aria-labelledby="vp-display-title">
      <h2 id="vp-display-title" className="canvas-section-title">
        Your Value Proposition Canvas
      </h2>
      <p className="canvas-section-intro">Everything you have answered so far, section by section.</p>
      <div className="vp-display">
        {DISPLAY.map((panel) => (
          <div key={panel.title} className="vp-display__panel">
            <h3 className="vp-display__title">{panel.title}</h3>
            {panel.sections.map((section) => (
              <div key={section} className="vp-display__section">
                <h4 className="vp-display__heading">{section}</h4>
                <AnswerList answers={data.answersBySection.get(section) ?? []} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
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
