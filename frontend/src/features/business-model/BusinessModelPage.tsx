import { Link } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { useMe } from '../account/use-me';
import {
  AnswerList,
  CanvasCredit,
  CanvasLoadError,
  CanvasLoading,
  CanvasLocked,
  ExternalLink,
} from '../canvas/CanvasStates';
import { CANVAS_TEXT } from '../canvas/canvas-texts';
import { QuestionsDialog } from '../canvas/QuestionsDialog';
import { SectionActions, useCanvasDialog } from '../canvas/SectionActions';
import { SuggestionsDialog } from '../canvas/SuggestionsDialog';
import { useCanvasData } from '../canvas/use-canvas-data';
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
export function BusinessModelPage() {
  const me = useMe();
  const phases = me.data?.phases;
  return (
    <div className="bm-page">
      <PageHeader
        title="Startup Business Model"
        subtitle="Describe how your startup creates, delivers and captures value, one building block at a time."
      />
      {!phases ? (
        <PageSpinner />
      ) : phases.value_proposition_status ? (
        <BusinessModelCanvas reviewed={phases.bmc_status} />
      ) : (
        <CanvasLocked
          title="The Business Model is not open yet"
          link={{ to: '/value-proposition', label: 'Go to Value Proposition' }}
        >
          The Business Model opens once a coach has reviewed your Value Proposition. We will let you know by email when
          it is ready.
        </CanvasLocked>
      )}
      <CanvasCredit>
        Business Model Canvas by <ExternalLink href="https://www.strategyzer.com/">Strategyzer</ExternalLink>,{' '}
        <ExternalLink href="https://creativecommons.org/licenses/by-sa/3.0/">CC BY-SA 3.0</ExternalLink>
      </CanvasCredit>
    </div>
  );
}

function BusinessModelCanvas({ reviewed }: { reviewed: boolean }) {
  const state = useCanvasData(TYPE);
  const { dialog, close, openQuestions, openSuggestions } = useCanvasDialog();

  if (state.status === 'loading') return <CanvasLoading />;
  if (state.status !== 'ready') return <CanvasLoadError state={state} />;
  const { data } = state;
  const questionsSection = dialog?.kind === 'questions' ? dialog.section : null;

  return (
    <>
      <section aria-labelledby="bm-grid-title">
        <h2 id="bm-grid-title" className="canvas-section-title">
          Build your canvas
        </h2>
        <p className="canvas-section-intro">
          Open the questions of a block to add your answers, or look at our suggestions for ideas.
        </p>
        <div className="bm-grid-wrap">
          <div className="bm-grid">
            {data.sections.map((section) => {
              const area = AREAS[section] ?? 'other';
              return (
                <section key={section} className={`bm-box bm-box--${area}`} aria-labelledby={`bm-box-${area}`}>
                  <h3 id={`bm-box-${area}`} className="bm-box__title">
                    {section}
                  </h3>
                  <div className="bm-box__answers">
                    <AnswerList answers={data.answersBySection.get(section) ?? []} />
                  </div>
                  <SectionActions section={section} onQuestions={openQuestions} onSuggestions={openSuggestions} />
                </section>
              );
            })}
          </div>
        </div>
      </section>

      {data.complete ? <Completion reviewed={reviewed} /> : null}

      <QuestionsDialog
        type={TYPE}
        section={questionsSection}
        questions={questionsSection ? (data.questionsBySection.get(questionsSection) ?? []) : []}
        answersByQuestion={data.answersByQuestion}
        optimistic
        allowDeleteAll
        onClose={close}
      />
      <SuggestionsDialog type={TYPE} section={dialog?.kind === 'suggestions' ? dialog.section : null} onClose={close} />
    </>
  );
}

function Completion({ reviewed }: { reviewed: boolean }) {
  return (
    <section className="canvas-complete" aria-labelledby="bm-complete-title">
      <h2 id="bm-complete-title" className="canvas-complete__title">
        {reviewed ? 'Your Business Model Canvas is complete' : 'You have answered every question'}
      </h2>
      <p className="canvas-complete__text">
        {reviewed
          ? 'Your answers have been reviewed. Next, gather your pitch deck, financial plan, market research, founding team bios and prototypes in the Data Room.'
          : `Thank you! Please ${CANVAS_TEXT.reviewWait}. Meanwhile, you can start collecting your documents in the Data Room.`}
      </p>
      <Link className={`btn btn--md ${reviewed ? 'btn--primary' : 'btn--secondary'}`} to="/data-room">
        Go to the Data Room
      </Link>
    </section>
  );
}
