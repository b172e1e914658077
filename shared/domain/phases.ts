/**
 * The phase record of a founder (spec §3 phase_status) and which flag opens which
 * page. One source for the API's locks, the sidebar and the admin unlocks.
 */
import { isPhaseType, type PhaseType, type QuestionType } from './questions';
import { TOOL_IDS, type ToolId } from './tool-index';

/**
 * The founder's phases, in order. A phase's `doneFlag` is set when it is finished — saving the idea,
 * or a coach's unlock of a reviewed phase — and opens the next phase's page. Reviewed phases are
 * answered with the questions of their `questionType`, and email the founder once on completion and
 * once on unlock (the `emails` flags). Every gate, unlock rule, email flag and event phase name below
 * is derived from this list.
 */
export const PHASE_ORDER = [
  { page: 'generate-idea', doneFlag: 'generate_idea_status' },
  {
    page: 'trigger-questions',
    questionType: 'trigger',
    doneFlag: 'trigger_questions_status',
    emails: { completed: 'trigger_questions_email_sent', unlocked: 'trigger_unlock_email_sent' },
  },
  {
    page: 'value-proposition',
    questionType: 'value-proposition',
    doneFlag: 'value_proposition_status',
    emails: { completed: 'value_proposition_email_sent', unlocked: 'value_proposition_unlock_email_sent' },
  },
  {
    page: 'business-model',
    questionType: 'business-model',
    doneFlag: 'bmc_status',
    emails: { completed: 'bmc_email_sent', unlocked: 'bmc_unlock_email_sent' },
  },
  { page: 'validation' },
] as const satisfies readonly {
  page: string;
  doneFlag?: string;
  questionType?: PhaseType;
  emails?: { completed: string; unlocked: string };
}[];

type PhaseDef = (typeof PHASE_ORDER)[number];
type ReviewedPhaseDef = Extract<PhaseDef, { questionType: PhaseType }>;

export type PhaseFlag = Extract<PhaseDef, { doneFlag: string }>['doneFlag'];
export type PhaseFlags = Record<PhaseFlag, boolean>;
/** The email flags of reviewed phases: one on completion, one on unlock. */
export type PhaseEmailFlag = ReviewedPhaseDef['emails'][keyof ReviewedPhaseDef['emails']];

export const PHASE_FLAGS = PHASE_ORDER.flatMap((phase) => ('doneFlag' in phase ? [phase.doneFlag] : []));

/** The reviewed phases' question types in order: the phase names of PhaseCompleted / PhaseUnlocked events. */
export const REVIEWED_PHASES = PHASE_ORDER.flatMap((phase) =>
  'questionType' in phase ? [phase.questionType] : [],
) satisfies PhaseType[];

export const NO_PHASES = Object.fromEntries(PHASE_FLAGS.map((flag) => [flag, false])) as PhaseFlags;

export type GatedPage = Exclude<PhaseDef['page'], (typeof PHASE_ORDER)[0]['page']>;

/**
 * The flag that opens each founder page: the previous phase's doneFlag. Saving an idea opens the trigger
 * questions; a coach's trigger unlock opens the value proposition; a value-proposition unlock opens the
 * business model; a business-model unlock opens validation tests and test evaluation.
 */
export const PAGE_GATES = Object.fromEntries(
  PHASE_ORDER.slice(1).map((phase, i) => {
    const previous = PHASE_ORDER[i] as PhaseDef;
    if (!('doneFlag' in previous)) throw new Error(`phase before ${phase.page} has no doneFlag`);
    return [phase.page, previous.doneFlag];
  }),
) as Record<GatedPage, PhaseFlag>;

function reviewed(type: PhaseType): ReviewedPhaseDef {
  const phase = PHASE_ORDER.find((p): p is ReviewedPhaseDef => 'questionType' in p && p.questionType === type);
  if (!phase) throw new Error(`no reviewed phase answers ${type}`);
  return phase;
}

const byType = <T>(pick: (phase: ReviewedPhaseDef, index: number) => T): Record<PhaseType, T> =>
  Object.fromEntries(REVIEWED_PHASES.map((type, i) => [type, pick(reviewed(type), i)])) as Record<PhaseType, T>;

/** The flag a coach's unlock of each question type sets (spec §4): reviewing a type opens the next phase. */
export const UNLOCK_FLAG = byType((phase) => phase.doneFlag);

/** The flags a missing phase record gets with an unlock: every earlier reviewed phase is open too (spec §4). */
export const UNLOCK_IMPLIES = byType((_phase, i) => REVIEWED_PHASES.slice(0, i).map((type) => reviewed(type).doneFlag));

/**
 * The page whose gate decides whether a founder may answer questions of a type: a phase's own page, and for every
 * Validate tool the validation page, so the toolkit opens with the business model unlock like the validation tests.
 */
export const ANSWER_PAGE: Record<QuestionType, GatedPage> = {
  ...byType((phase) => phase.page),
  ...(Object.fromEntries(TOOL_IDS.map((id) => [id, 'validation'])) as Record<ToolId, 'validation'>),
};

/** The flag a coach's unlock of a type sets; null for a Validate tool, which unlocks nothing. */
export function unlockFlagOf(type: QuestionType): PhaseFlag | null {
  return isPhaseType(type) ? UNLOCK_FLAG[type] : null;
}

/** The once-only emails of each reviewed phase. */
export const PHASE_EMAIL_FLAGS = byType((phase) => phase.emails);

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

/** The Validate tools share the validation tests' gate (ANSWER_PAGE), but a founder on a tool is told of the tools. */
export const TOOLS_LOCKED_MESSAGE =
  'The Validate tools open once a coach has reviewed your Business Model canvas: answer its questions first, then wait for the unlock.';

/** What a founder is told when a question type's page is not open yet. */
export function lockedMessageOf(type: QuestionType): string {
  return isPhaseType(type) ? PAGE_LOCKED_MESSAGES[ANSWER_PAGE[type]] : TOOLS_LOCKED_MESSAGE;
}

export function phaseFlagsFrom(item: Record<string, unknown> | undefined): PhaseFlags {
  const flags = { ...NO_PHASES };
  if (!item) return flags;
  for (const flag of PHASE_FLAGS) flags[flag] = item[flag] === true;
  return flags;
}
