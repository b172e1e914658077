/**
 * The phase record of a founder (spec §3 phase_status) and which flag opens which
 * page. One source for the API's locks, the sidebar and the admin unlocks.
 */
import type { QuestionType } from './questions';

export const PHASE_FLAGS = [
  'generate_idea_status',
  'trigger_questions_status',
  'value_proposition_status',
  'bmc_status',
] as const;
export type PhaseFlag = (typeof PHASE_FLAGS)[number];
export type PhaseFlags = Record<PhaseFlag, boolean>;

export const NO_PHASES: PhaseFlags = {
  generate_idea_status: false,
  trigger_questions_status: false,
  value_proposition_status: false,
  bmc_status: false,
};

/**
 * The flag that opens each founder page. Saving an idea opens the trigger questions; a coach's
 * trigger unlock opens the value proposition; a value-proposition unlock opens the business model;
 * a business-model unlock opens validation tests and test evaluation.
 */
export const PAGE_GATES = {
  'trigger-questions': 'generate_idea_status',
  'value-proposition': 'trigger_questions_status',
  'business-model': 'value_proposition_status',
  validation: 'bmc_status',
} as const satisfies Record<string, PhaseFlag>;

export type GatedPage = keyof typeof PAGE_GATES;

/** Whether a founder with these flags may use a page: the sidebar shows it and the API serves it by this rule alone. */
export function isPageOpen(page: GatedPage, flags: PhaseFlags): boolean {
  return flags[PAGE_GATES[page]] === true;
}

/** What a founder is told when a page is not open yet: which unlock it waits for. */
export const PAGE_LOCKED_MESSAGES: Record<GatedPage, string> = {
  'trigger-questions': 'Save your idea first: the trigger questions open once your idea is saved.',
  'value-proposition': 'The Value Proposition opens once a coach has reviewed your trigger questions.',
  'business-model': 'The Business Model opens once a coach has reviewed your Value Proposition.',
  validation:
    'Validation tests open once a coach has reviewed your Business Model canvas: answer its questions first, then wait for the unlock.',
};

/** The flag a coach's unlock of each question type sets (spec §4): reviewing a type opens the next phase. */
export const UNLOCK_FLAG = {
  trigger: 'trigger_questions_status',
  'value-proposition': 'value_proposition_status',
  'business-model': 'bmc_status',
} as const satisfies Record<QuestionType, PhaseFlag>;

export function phaseFlagsFrom(item: Record<string, unknown> | undefined): PhaseFlags {
  const flags = { ...NO_PHASES };
  if (!item) return flags;
  for (const flag of PHASE_FLAGS) flags[flag] = item[flag] === true;
  return flags;
}
