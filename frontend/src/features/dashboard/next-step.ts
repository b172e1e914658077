import type { PhaseFlags } from '#shared/domain/phases';
import type { DashboardResponse } from '../../lib/journey/journey-api';
import { type AppPath, PATHS } from '../../lib/paths';

/** The one thing the founder should do next, with where to do it. */
export interface NextStep {
  /** Stable id, for tests and analytics: which rule chose the step. */
  id:
    | 'generate-idea'
    | 'trigger-questions'
    | 'trigger-review'
    | 'value-proposition'
    | 'value-proposition-review'
    | 'business-model'
    | 'business-model-review'
    | 'validation-tests'
    | 'data-room'
    | 'test-evaluation';
  title: string;
  text: string;
  /** The button: a verb and the page. */
  action: { label: string; to: AppPath };
  /** A coach is reviewing: nothing of the journey is waiting for the founder, the action is something to do meanwhile. */
  waiting: boolean;
}

export interface NextStepInput {
  phases: PhaseFlags;
  /** Whether the profile holds a saved idea (generate_idea_status is set when it is saved). */
  hasIdea: boolean;
  progress: DashboardResponse['progress'];
  validationTests: DashboardResponse['validationTests'];
  documents: Pick<DashboardResponse['documents'], 'count'>;
}

const left = ({ answered, total }: { answered: number; total: number }) => Math.max(0, total - answered);
const complete = (p: { answered: number; total: number }) => p.total > 0 && p.answered >= p.total;
const questions = (n: number) => (n === 1 ? '1 question' : `${n} questions`);

/**
 * The next step, from the phase flags and the progress the dashboard already has. The flags go first (a coach's unlock
 * opens a phase whatever the previous one's count says); within an open phase, unanswered questions come before the
 * wait for a review. Paid is a given: an unpaid founder never reaches the dashboard.
 */
export function nextStep({ phases, hasIdea, progress, validationTests, documents }: NextStepInput): NextStep {
  if (!phases.generate_idea_status || !hasIdea) {
    return {
      id: 'generate-idea',
      title: 'Generate your idea',
      text: 'Describe your business idea, let AI suggest sharper versions of it, and save the one you want to build.',
      action: { label: 'Generate your idea', to: PATHS.generateIdea },
      waiting: false,
    };
  }

  if (!phases.trigger_questions_status) {
    const trigger = progress.trigger;
    if (!complete(trigger)) {
      return {
        id: 'trigger-questions',
        title: 'Answer the trigger questions',
        text:
          trigger.total > 0
            ? `${questions(left(trigger))} left about your customers' jobs, gains and pains (${trigger.answered} of ${trigger.total} answered).`
            : "Answer the questions about your customers' jobs, gains and pains.",
        action: {
          label: trigger.answered > 0 ? 'Continue the trigger questions' : 'Start the trigger questions',
          to: PATHS.triggerQuestions,
        },
        waiting: false,
      };
    }
    return {
      id: 'trigger-review',
      title: 'Your coach is reviewing your trigger answers',
      text: 'Every trigger question is answered. The Value Proposition opens once a coach has reviewed them (within 36 hours); we will email you. Meanwhile, you can start collecting documents in the Data Room.',
      action: { label: 'Go to the Data Room', to: PATHS.dataRoom },
      waiting: true,
    };
  }

  if (!phases.value_proposition_status) {
    const vp = progress['value-proposition'];
    if (!complete(vp)) {
      return {
        id: 'value-proposition',
        title: 'Build your Value Proposition Canvas',
        text:
          vp.total > 0
            ? `${questions(left(vp))} left on the canvas (${vp.answered} of ${vp.total} answered).`
            : 'Describe how your products and services relieve your customers’ pains and create gains.',
        action: { label: 'Open the Value Proposition', to: PATHS.valueProposition },
        waiting: false,
      };
    }
    return {
      id: 'value-proposition-review',
      title: 'Your coach is reviewing your Value Proposition',
      text: 'Every question is answered. The Business Model Canvas opens once a coach has reviewed your canvas (within 36 hours); we will email you. Meanwhile, you can add documents to your Data Room.',
      action: { label: 'Go to the Data Room', to: PATHS.dataRoom },
      waiting: true,
    };
  }

  if (!phases.bmc_status) {
    const bm = progress['business-model'];
    if (!complete(bm)) {
      return {
        id: 'business-model',
        title: 'Build your Business Model Canvas',
        text:
          bm.total > 0
            ? `${questions(left(bm))} left on the canvas (${bm.answered} of ${bm.total} answered).`
            : 'Describe how your startup creates, delivers and captures value.',
        action: { label: 'Open the Business Model', to: PATHS.businessModel },
        waiting: false,
      };
    }
    return {
      id: 'business-model-review',
      title: 'Your coach is reviewing your Business Model',
      text: 'Every question is answered. The validation tests open once a coach has reviewed your canvas (within 36 hours); we will email you. Meanwhile, gather your pitch deck and financial plan in the Data Room.',
      action: { label: 'Go to the Data Room', to: PATHS.dataRoom },
      waiting: true,
    };
  }

  if (validationTests.count === 0) {
    return {
      id: 'validation-tests',
      title: 'Run your first validation test',
      text: 'Your Business Model is reviewed. Test its riskiest assumptions with a structured experiment.',
      action: { label: 'Open the validation tests', to: PATHS.validationTests },
      waiting: false,
    };
  }
  if (documents.count === 0) {
    return {
      id: 'data-room',
      title: 'Fill your Data Room',
      text: 'Add your pitch deck, financial plan, market research and team bios, so they are ready for investors.',
      action: { label: 'Go to the Data Room', to: PATHS.dataRoom },
      waiting: false,
    };
  }
  return {
    id: 'test-evaluation',
    title: 'Evaluate your tests',
    text: 'Record what your validation tests showed and what it means for your business model; keep your Data Room up to date.',
    action: { label: 'Open the test evaluation', to: PATHS.testEvaluation },
    waiting: false,
  };
}
