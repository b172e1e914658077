import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAGE_GATES } from '#shared/domain/phases';
import { groupQuestions, type NumberedQuestion } from '#shared/domain/question-numbers';
import { CHANGES_REQUESTED_TEXT, type PhaseReviewState } from '#shared/domain/review-state';
import { plural } from '#shared/plural';
import { useMe } from '../../data/account/use-me';
import { usePhaseFeedback } from '../../data/feedback/feedback-api';
import { useReviewState } from '../../data/feedback/use-review-state';
import { type AnswerView, type Question, useAnswers, useQuestions } from '../../data/journey/journey-api';
import { PATHS } from '../../lib/paths';
import { usePhaseEmbeds } from '../../lib/phase-embeds';
import { toggled } from '../../lib/toggled';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { IconQuestion } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { Spinner } from '../../ui/Spinner';
import { IconChevron } from './icons';
import { QuestionItem } from './QuestionItem';
import { SuggestionsDialog, type TriggerCategory } from './SuggestionsDialog';
import './trigger-questions.css';

export const LOAD_FAILED = 'Failed to load questions. Please try again.';
export const REVIEW_WAIT = 'wait for 36 hours to let us review your answers';

/** Spec §2 Trigger Questions: three collapsible groups of questions, suggestions, and the move to the next phase. */
export function TriggerQuestionsPage() {
  const { ReviewStatus, FeedbackBanner } = usePhaseEmbeds();
  const me = useMe();
  const phases = me.data?.phases;
  return (
    <div className="tq-page">
      <PageHeader
        title="Trigger Questions"
        subtitle="Answer each question to understand your customers' jobs, gains and pains."
      />
      {phases && !phases[PAGE_GATES['trigger-questions']] ? (
        <Card className="tq-locked">
          <h2 className="tq-locked__title">Trigger Questions are locked</h2>
          <p className="tq-locked__text">
            Choose and save your business idea first: the trigger questions open once your idea is saved.
          </p>
          <Link to={PATHS.generateIdea} className="btn btn--primary btn--md tq-locked__link">
            Go to Generate Your Idea
          </Link>
        </Card>
      ) : (
        <>
          <ReviewStatus type="trigger" />
          <FeedbackBanner type="trigger" />
          <TriggerQuestions unlocked={phases?.[PAGE_GATES['value-proposition']] === true} />
        </>
      )}
    </div>
  );
}

function TriggerQuestions({ unlocked }: { unlocked: boolean }) {
  const questions = useQuestions('trigger');
  const answers = useAnswers('trigger');

  if (questions.data && answers.data) {
    return <TriggerQuestionsContent questions={questions.data} answers={answers.data} unlocked={unlocked} />;
  }
  if (questions.isError || answers.isError) {
    return (
      <div className="notice" role="alert">
        <p className="notice__text">{LOAD_FAILED}</p>
        <Button
          variant="secondary"
          loading={questions.isFetching || answers.isFetching}
          onClick={() => {
            if (questions.isError) void questions.refetch();
            if (answers.isError) void answers.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="tq-status tq-status--page" role="status">
      <Spinner size="md" decorative />
      <span>Loading questions...</span>
    </div>
  );
}

interface Group {
  category: TriggerCategory;
  questions: NumberedQuestion<Question>[];
  answered: number;
}

function TriggerQuestionsContent({
  questions,
  answers,
  unlocked,
}: {
  questions: Question[];
  answers: AnswerView[];
  unlocked: boolean;
}) {
  const byQuestion = useMemo(() => {
    const map = new Map<string, AnswerView>();
    for (const answer of answers) if (answer.answers.length > 0) map.set(answer.questionId, answer);
    return map;
  }, [answers]);

  // Grouped and numbered by the one shared rule, so the coach's "question 5" is this page's question 5.
  const groups: Group[] = useMemo(
    () =>
      groupQuestions('trigger', questions).map(({ category, questions: inGroup }) => ({
        category,
        questions: inGroup,
        answered: inGroup.filter((n) => byQuestion.has(n.question.id)).length,
      })),
    [questions, byQuestion],
  );

  const total = groups.reduce((sum, g) => sum + g.questions.length, 0);
  const answered = groups.reduce((sum, g) => sum + g.answered, 0);
  const complete = total > 0 && answered >= total;
  // Answering the last question brings the completion view into view (and focus); loading a complete page does not.
  const wasComplete = useRef(complete);
  const justCompleted = complete && !wasComplete.current;
  useEffect(() => {
    wasComplete.current = complete;
  }, [complete]);

  // The first group with questions left starts open; the others (all of them once everything is answered) collapsed.
  const [open, setOpen] = useState<ReadonlySet<TriggerCategory>>(() => {
    const first = groups.find((g) => g.answered < g.questions.length);
    return new Set(first ? [first.category] : []);
  });
  const [suggestionsFor, setSuggestionsFor] = useState<TriggerCategory | null>(null);

  // While a coach's request for changes stands, the groups holding its comments open by themselves (once),
  // so the highlighted answers the banner points to are in view.
  const feedback = usePhaseFeedback('trigger').data;
  const openedForChanges = useRef(false);
  useEffect(() => {
    if (openedForChanges.current || feedback?.status !== 'changes-requested') return;
    openedForChanges.current = true;
    const commented = new Set(
      feedback.feedback.filter((f) => f.comment !== '' && !f.resolved).map((f) => f.questionId),
    );
    const categories = groups
      .filter((g) => g.questions.some((n) => commented.has(n.question.id)))
      .map((g) => g.category);
    if (categories.length > 0) setOpen((current) => new Set([...current, ...categories]));
  }, [feedback, groups]);

  const toggle = (category: TriggerCategory) => setOpen((current) => toggled(current, category));

  if (total === 0) {
    return <p className="tq-empty">No questions available yet. Please check back soon.</p>;
  }

  const progressText = `${answered} of ${plural(total, 'question')} answered`;
  return (
    <div className="tq-content">
      <Card className="tq-progress">
        <div className="tq-progress__head">
          <span className="tq-progress__label">Your progress</span>
          <span className="tq-progress__value">{progressText}</span>
        </div>
        <ProgressBar
          value={Math.round((answered / total) * 100)}
          label="Trigger Questions progress"
          valueText={progressText}
        />
      </Card>

      {complete ? <CompletionCard unlocked={unlocked} justCompleted={justCompleted} /> : null}

      {groups.map((group) => (
        <QuestionGroup
          key={group.category}
          group={group}
          open={open.has(group.category)}
          onToggle={() => toggle(group.category)}
          onSuggestions={() => setSuggestionsFor(group.category)}
          answers={byQuestion}
        />
      ))}

      {suggestionsFor ? <SuggestionsDialog category={suggestionsFor} onClose={() => setSuggestionsFor(null)} /> : null}
    </div>
  );
}

function QuestionGroup({
  group,
  open,
  onToggle,
  onSuggestions,
  answers,
}: {
  group: Group;
  open: boolean;
  onToggle: () => void;
  onSuggestions: () => void;
  answers: ReadonlyMap<string, AnswerView>;
}) {
  const headingId = useId();
  const panelId = useId();
  const { category, questions, answered } = group;
  return (
    <section className="card tq-group" aria-labelledby={headingId}>
      <div className="tq-group__header">
        <h2 id={headingId} className="tq-group__heading">
          <button
            type="button"
            className="tq-group__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={onToggle}
          >
            <IconChevron className={open ? 'tq-group__chevron tq-group__chevron--open' : 'tq-group__chevron'} />
            <span className="tq-group__name">{category}</span>
            <Badge variant={answered === questions.length && questions.length > 0 ? 'accent' : 'neutral'}>
              {answered}/{questions.length}
              <span className="sr-only"> answered</span>
            </Badge>
          </button>
        </h2>
        <Button variant="ghost" size="icon" aria-label={`Suggestions for ${category}`} onClick={onSuggestions}>
          <IconQuestion />
        </Button>
      </div>
      <div id={panelId} className="tq-group__panel" hidden={!open}>
        {questions.length === 0 ? (
          <p className="tq-empty">No questions in this group yet.</p>
        ) : (
          questions.map(({ question, number }) => (
            <QuestionItem key={question.id} question={question} number={number} answer={answers.get(question.id)} />
          ))
        )}
      </div>
    </section>
  );
}

/** What the completion box says in each review state: the same state the banner and the status line show. */
export function completionText(state: PhaseReviewState | undefined, unlocked: boolean): string {
  if (unlocked || state?.kind === 'unlocked') {
    return 'Our team has reviewed your answers and unlocked the next step. You can now build your Value Proposition.';
  }
  if (state?.kind === 'changes-requested') {
    return CHANGES_REQUESTED_TEXT;
  }
  return `Thank you for completing the trigger questions. Please ${REVIEW_WAIT}. We will email you as soon as the Value Proposition is unlocked.`;
}

function CompletionCard({ unlocked, justCompleted }: { unlocked: boolean; justCompleted: boolean }) {
  const navigate = useNavigate();
  const textId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const state = useReviewState('trigger');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the card first appears.
  useEffect(() => {
    if (justCompleted) titleRef.current?.focus();
  }, []);
  return (
    <Card className="tq-complete">
      <h2 ref={titleRef} tabIndex={-1} className="tq-complete__title">
        You have answered every trigger question!
      </h2>
      <p id={textId} className="tq-complete__text">
        {completionText(state, unlocked)}
      </p>
      <div>
        <Button disabled={!unlocked} aria-describedby={textId} onClick={() => void navigate(PATHS.valueProposition)}>
          Move to Value Proposition
        </Button>
      </div>
    </Card>
  );
}
