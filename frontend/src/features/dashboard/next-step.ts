import { PHASE_ORDER, type PhaseFlags } from '#shared/domain/phases';
import type { PhaseType, QuestionType } from '#shared/domain/questions';
import { type PhaseReviewState, reviewStateOf } from '#shared/domain/review-state';
import { type ToolDefinition, VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import { plural } from '#shared/plural';
import type { DashboardResponse } from '../../data/journey/journey-api';
import { type AppPath, PATHS, TOOL_PAGES, type TOOL_PATH_PREFIX } from '../../lib/paths';

/** A Validate tool's page (TOOL_PAGES): `/tools/<slug>`. */
type ToolPagePath = `${typeof TOOL_PATH_PREFIX}${string}`;

/** The pages of the reviewed phases, in PHASE_ORDER. */
type ReviewedPhasePage = Extract<(typeof PHASE_ORDER)[number], { questionType: QuestionType }>['page'];

/** The one thing the founder should do next, with where to do it. */
export interface NextStep {
  /** Stable id, for tests and analytics: which rule chose the step. */
  id:
    | 'generate-idea'
    | ReviewedPhasePage
    | 'trigger-review'
    | 'value-proposition-review'
    | 'business-model-review'
    | 'trigger-changes'
    | 'value-proposition-changes'
    | 'business-model-changes'
    | 'validation-tests'
    | 'validate-tool'
    | 'validate-tool-changes'
    | 'data-room'
    | 'test-evaluation';
  title: string;
  text: string;
  /** The button: a verb and the page. */
  action: { label: string; to: AppPath | ToolPagePath };
  /** A coach is reviewing: nothing of the journey is waiting for the founder, the action is something to do meanwhile. */
  waiting: boolean;
}

export interface NextStepInput {
  phases: PhaseFlags;
  /** Whether the profile holds a saved idea (generate_idea_status is set when it is saved). */
  hasIdea: boolean;
  progress: DashboardResponse['progress'];
  /** Each reviewed phase's review, as the API says it: the step follows the one review state (review-state.ts). */
  reviews: DashboardResponse['reviews'];
  validationTests: DashboardResponse['validationTests'];
  documents: Pick<DashboardResponse['documents'], 'count'>;
}

const left = ({ answered, total }: { answered: number; total: number }) => Math.max(0, total - answered);
const complete = (p: { answered: number; total: number }) => p.total > 0 && p.answered >= p.total;
const questions = (n: number) => plural(n, 'question');

/** What the dashboard says of a reviewed phase while it is answered, and while a coach reviews it. */
interface ReviewedPhaseCopy {
  /** The path of the phase's page. */
  to: AppPath;
  answering: {
    title: string;
    /** With the count of questions left, once the questions are known. */
    remaining: (left: string, answered: number, total: number) => string;
    /** Before any question is known. */
    intro: string;
    start: string;
    resume: string;
  };
  review: { id: NextStep['id']; title: string; text: string };
  /** The coach sent the phase back: the founder has something to do again. */
  changes: { id: NextStep['id']; title: string; text: string; label: string };
}

/** The words for each reviewed phase; which phase is next comes from PHASE_ORDER. */
const REVIEWED_PHASE_COPY: Record<PhaseType, ReviewedPhaseCopy> = {
  trigger: {
    to: PATHS.triggerQuestions,
    answering: {
      title: 'Answer the trigger questions',
      remaining: (n, answered, total) =>
        `${n} left about your customers' jobs, gains and pains (${answered} of ${total} answered).`,
      intro: "Answer the questions about your customers' jobs, gains and pains.",
      start: 'Start the trigger questions',
      resume: 'Continue the trigger questions',
    },
    review: {
      id: 'trigger-review',
      title: 'Your coach is reviewing your trigger answers',
      text: 'Every trigger question is answered. The Value Proposition opens once a coach has reviewed them (within 36 hours); we will email you. Meanwhile, you can start collecting documents in the Data Room.',
    },
    changes: {
      id: 'trigger-changes',
      title: 'Your coach asked for changes to your trigger answers',
      text: 'Read the request and the comments under your answers, edit the highlighted answers and save them: they then go back to your coach.',
      label: 'Open the trigger questions',
    },
  },
  'value-proposition': {
    to: PATHS.valueProposition,
    answering: {
      title: 'Build your Value Proposition Canvas',
      remaining: (n, answered, total) => `${n} left on the canvas (${answered} of ${total} answered).`,
      intro: 'Describe how your products and services relieve your customers’ pains and create gains.',
      start: 'Open the Value Proposition',
      resume: 'Open the Value Proposition',
    },
    review: {
      id: 'value-proposition-review',
      title: 'Your coach is reviewing your Value Proposition',
      text: 'Every question is answered. The Business Model Canvas opens once a coach has reviewed your canvas (within 36 hours); we will email you. Meanwhile, you can add documents to your Data Room.',
    },
    changes: {
      id: 'value-proposition-changes',
      title: 'Your coach asked for changes to your Value Proposition',
      text: 'Read the request and the comments under your answers, edit the highlighted answers and save them: they then go back to your coach.',
      label: 'Open the Value Proposition',
    },
  },
  'business-model': {
    to: PATHS.businessModel,
    answering: {
      title: 'Build your Business Model Canvas',
      remaining: (n, answered, total) => `${n} left on the canvas (${answered} of ${total} answered).`,
      intro: 'Describe how your startup creates, delivers and captures value.',
      start: 'Open the Business Model',
      resume: 'Open the Business Model',
    },
    review: {
      id: 'business-model-review',
      title: 'Your coach is reviewing your Business Model',
      text: 'Every question is answered. The validation tests open once a coach has reviewed your canvas (within 36 hours); we will email you. Meanwhile, gather your pitch deck and financial plan in the Data Room.',
    },
    changes: {
      id: 'business-model-changes',
      title: 'Your coach asked for changes to your Business Model',
      text: 'Read the request and the comments under your answers, edit the highlighted answers and save them: they then go back to your coach.',
      label: 'Open the Business Model',
    },
  },
};

/**
 * The step of a reviewed phase that is not unlocked yet: its questions while any is open, then the wait for a coach —
 * or, while the coach has sent it back, the changes.
 */
function reviewedPhaseStep(
  page: ReviewedPhasePage,
  type: PhaseType,
  p: { answered: number; total: number },
  review: PhaseReviewState,
): NextStep {
  const copy = REVIEWED_PHASE_COPY[type];
  if (review.kind === 'changes-requested') {
    const { label, ...step } = copy.changes;
    return { ...step, action: { label, to: copy.to }, waiting: false };
  }
  if (complete(p)) {
    return { ...copy.review, action: { label: 'Go to the Data Room', to: PATHS.dataRoom }, waiting: true };
  }
  return {
    id: page,
    title: copy.answering.title,
    text: p.total > 0 ? copy.answering.remaining(questions(left(p)), p.answered, p.total) : copy.answering.intro,
    action: { label: p.answered > 0 ? copy.answering.resume : copy.answering.start, to: copy.to },
    waiting: false,
  };
}

/**
 * The next step, from the phase flags and the progress the dashboard already has. The flags go first (a coach's unlock
 * opens a phase whatever the previous one's count says); within an open phase, unanswered questions come before the
 * wait for a review. Paid is a given: an unpaid founder never reaches the dashboard.
 */
/** A step the founder takes on their own, with no review waiting. */
const ownStep = (
  id: NextStep['id'],
  title: string,
  text: string,
  label: string,
  to: NextStep['action']['to'],
): NextStep => ({
  id,
  title,
  text,
  action: { label, to },
  waiting: false,
});

const toolPage = (tool: ToolDefinition) => TOOL_PAGES[tool.id] as ToolPagePath;

/**
 * The Validate toolkit's step: a sheet the coach sent back comes first; then the next unfinished sheet, one already
 * begun before one not started, each in the sidebar's order. A complete sheet waiting for its review needs nothing.
 */
function toolStep({ progress, reviews }: NextStepInput): NextStep | null {
  const sentBack = VALIDATE_TOOLS.find((tool) => reviews[tool.id].status === 'changes-requested');
  if (sentBack) {
    return ownStep(
      'validate-tool-changes',
      `Your coach asked for changes to your ${sentBack.title}`,
      'Read the request and the comments under your answers, edit the highlighted answers and save them: they then go back to your coach.',
      `Open ${sentBack.title}`,
      toolPage(sentBack),
    );
  }
  const unfinished = VALIDATE_TOOLS.filter((tool) => !complete(progress[tool.id]));
  const tool = unfinished.find((t) => progress[t.id].answered > 0) ?? unfinished[0];
  if (!tool) return null;
  const p = progress[tool.id];
  return p.answered > 0
    ? ownStep(
        'validate-tool',
        `Continue your ${tool.title}`,
        `${questions(left(p))} left on the sheet (${p.answered} of ${p.total} answered).`,
        `Open ${tool.title}`,
        toolPage(tool),
      )
    : ownStep('validate-tool', `Work on your ${tool.title}`, tool.summary, `Open ${tool.title}`, toolPage(tool));
}

/** Once every reviewed phase is unlocked: the first of these that has a step, else the evaluation. */
const AFTER_REVIEWS: ((input: NextStepInput) => NextStep | null)[] = [
  ({ validationTests }) =>
    validationTests.count === 0
      ? ownStep(
          'validation-tests',
          'Run your first validation test',
          'Your Business Model is reviewed. Test its riskiest assumptions with a structured experiment.',
          'Open the validation tests',
          PATHS.validationTests,
        )
      : null,
  toolStep,
  ({ documents }) => (documents.count === 0 ? DATA_ROOM : null),
];

const DATA_ROOM = ownStep(
  'data-room',
  'Fill your Data Room',
  'Add your pitch deck, financial plan, market research and team bios, so they are ready for investors.',
  'Go to the Data Room',
  PATHS.dataRoom,
);

const EVALUATE = ownStep(
  'test-evaluation',
  'Evaluate your tests',
  'Record what your validation tests showed and what it means for your business model; keep your Data Room up to date.',
  'Open the test evaluation',
  PATHS.testEvaluation,
);

const GENERATE_IDEA = ownStep(
  'generate-idea',
  'Generate your idea',
  'Describe your business idea, let AI suggest sharper versions of it, and save the one you want to build.',
  'Generate your idea',
  PATHS.generateIdea,
);

export function nextStep(input: NextStepInput): NextStep {
  const { phases, hasIdea, progress } = input;
  if (!phases.generate_idea_status || !hasIdea) return GENERATE_IDEA;

  // The reviewed phases in their order: the first one a coach has not unlocked yet is where the founder is.
  for (const phase of PHASE_ORDER) {
    if ('questionType' in phase && !phases[phase.doneFlag]) {
      const review = reviewStateOf({ ...input.reviews[phase.questionType], nextPhaseOpen: false });
      return reviewedPhaseStep(phase.page, phase.questionType, progress[phase.questionType], review);
    }
  }

  for (const step of AFTER_REVIEWS) {
    const found = step(input);
    if (found) return found;
  }
  return EVALUATE;
}
