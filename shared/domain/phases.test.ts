import { describe, expect, it } from 'vitest';
import {
  ANSWER_PAGE,
  type GatedPage,
  isPageOpen,
  lockedMessageOf,
  NO_PHASES,
  PAGE_GATES,
  PAGE_LOCKED_MESSAGES,
  PHASE_EMAIL_FLAGS,
  PHASE_FLAGS,
  PHASE_ORDER,
  type PhaseFlags,
  phaseFlagsFrom,
  REVIEWED_PHASES,
  TOOLS_LOCKED_MESSAGE,
  UNLOCK_FLAG,
  UNLOCK_IMPLIES,
  unlockFlagOf,
} from './phases';
import { PHASE_TYPES, QUESTION_TYPES } from './questions';
import { TOOL_IDS } from './validate-tools';

describe('the phase model', () => {
  it('derives every gate from the one ordered list', () => {
    expect(PHASE_FLAGS).toEqual([
      'generate_idea_status',
      'trigger_questions_status',
      'value_proposition_status',
      'bmc_status',
    ]);
    expect(Object.values(NO_PHASES).every((v) => v === false)).toBe(true);
    expect(PAGE_GATES).toEqual({
      'trigger-questions': 'generate_idea_status',
      'value-proposition': 'trigger_questions_status',
      'business-model': 'value_proposition_status',
      validation: 'bmc_status',
    });
  });

  it('reviews every phase question type in order; an unlock implies the earlier ones', () => {
    expect(REVIEWED_PHASES).toEqual([...PHASE_TYPES]);
    expect(UNLOCK_FLAG).toEqual({
      trigger: 'trigger_questions_status',
      'value-proposition': 'value_proposition_status',
      'business-model': 'bmc_status',
    });
    expect(UNLOCK_IMPLIES).toEqual({
      trigger: [],
      'value-proposition': ['trigger_questions_status'],
      'business-model': ['trigger_questions_status', 'value_proposition_status'],
    });
    expect(ANSWER_PAGE.trigger).toBe('trigger-questions');
    expect(PAGE_GATES[ANSWER_PAGE['business-model']]).toBe('value_proposition_status');
  });

  it('opens every Validate tool with the business model unlock, and unlocks nothing with one', () => {
    for (const tool of TOOL_IDS) {
      expect(ANSWER_PAGE[tool], tool).toBe('validation');
      expect(PAGE_GATES[ANSWER_PAGE[tool]], tool).toBe('bmc_status');
      expect(unlockFlagOf(tool), tool).toBeNull();
    }
    expect(unlockFlagOf('trigger')).toBe('trigger_questions_status');
    expect(unlockFlagOf('business-model')).toBe('bmc_status');
    expect(QUESTION_TYPES).toEqual([...PHASE_TYPES, ...TOOL_IDS]);
  });

  it("names each reviewed phase's once-only emails", () => {
    expect(PHASE_EMAIL_FLAGS['business-model']).toEqual({
      completed: 'bmc_email_sent',
      unlocked: 'bmc_unlock_email_sent',
    });
    expect(PHASE_EMAIL_FLAGS.trigger.unlocked).toBe('trigger_unlock_email_sent');
  });
});

describe('phase flags from a stored item', () => {
  it('is every flag off for a founder without a phase record', () => {
    expect(phaseFlagsFrom(undefined)).toEqual(NO_PHASES);
    expect(phaseFlagsFrom({})).toEqual(NO_PHASES);
  });

  it('reads each flag as on only when it is the boolean true, and ignores other attributes', () => {
    expect(
      phaseFlagsFrom({
        generate_idea_status: true,
        trigger_questions_status: 'true',
        value_proposition_status: 1,
        bmc_status: false,
        PK: 'USER#ada',
        trigger_questions_email_sent: true,
      }),
    ).toEqual({
      generate_idea_status: true,
      trigger_questions_status: false,
      value_proposition_status: false,
      bmc_status: false,
    });
    expect(phaseFlagsFrom(Object.fromEntries(PHASE_FLAGS.map((f) => [f, true])))).toEqual({
      generate_idea_status: true,
      trigger_questions_status: true,
      value_proposition_status: true,
      bmc_status: true,
    });
  });

  it('gives a fresh object each time, so a caller changing it does not change NO_PHASES', () => {
    const flags = phaseFlagsFrom(undefined);
    flags.bmc_status = true;
    expect(NO_PHASES.bmc_status).toBe(false);
    expect(phaseFlagsFrom(undefined)).not.toBe(NO_PHASES);
  });
});

describe('which pages are open', () => {
  const gated = PHASE_ORDER.slice(1).map((phase) => phase.page) as GatedPage[];

  it('opens each page by its gate alone: with only that flag on, only that page is open', () => {
    expect(gated).toEqual(['trigger-questions', 'value-proposition', 'business-model', 'validation']);
    for (const flag of PHASE_FLAGS) {
      const flags: PhaseFlags = { ...NO_PHASES, [flag]: true };
      expect(gated.filter((page) => isPageOpen(page, flags))).toEqual(
        gated.filter((page) => PAGE_GATES[page] === flag),
      );
    }
  });

  it('keeps every page closed with no flag, and opens every page with all of them', () => {
    for (const page of gated) {
      expect(isPageOpen(page, NO_PHASES)).toBe(false);
      expect(isPageOpen(page, phaseFlagsFrom(Object.fromEntries(PHASE_FLAGS.map((f) => [f, true]))))).toBe(true);
    }
  });

  it('tells the founder why each closed page is closed', () => {
    expect(Object.keys(PAGE_LOCKED_MESSAGES).sort()).toEqual([...gated].sort());
    expect(PAGE_LOCKED_MESSAGES['trigger-questions']).toMatch(/idea is saved/);
    expect(PAGE_LOCKED_MESSAGES.validation).toMatch(/reviewed your Business Model/);
  });

  it("names the tools on a tool's closed page, and each phase's own page otherwise", () => {
    expect(lockedMessageOf('swot')).toBe(TOOLS_LOCKED_MESSAGE);
    expect(TOOLS_LOCKED_MESSAGE).toMatch(/^The Validate tools open once a coach has reviewed your Business Model/);
    expect(lockedMessageOf('trigger')).toBe(PAGE_LOCKED_MESSAGES['trigger-questions']);
    expect(lockedMessageOf('value-proposition')).toBe(PAGE_LOCKED_MESSAGES['value-proposition']);
    expect(lockedMessageOf('business-model')).toBe(PAGE_LOCKED_MESSAGES['business-model']);
  });
});
