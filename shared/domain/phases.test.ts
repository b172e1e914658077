import { describe, expect, it } from 'vitest';
import {
  ANSWER_PAGE,
  NO_PHASES,
  PAGE_GATES,
  PHASE_EMAIL_FLAGS,
  PHASE_FLAGS,
  REVIEWED_PHASES,
  UNLOCK_FLAG,
  UNLOCK_IMPLIES,
} from './phases';
import { QUESTION_TYPES } from './questions';

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

  it('reviews every question type in order; an unlock implies the earlier ones', () => {
    expect(REVIEWED_PHASES).toEqual([...QUESTION_TYPES]);
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

  it("names each reviewed phase's once-only emails", () => {
    expect(PHASE_EMAIL_FLAGS['business-model']).toEqual({
      completed: 'bmc_email_sent',
      unlocked: 'bmc_unlock_email_sent',
    });
    expect(PHASE_EMAIL_FLAGS.trigger.unlocked).toBe('trigger_unlock_email_sent');
  });
});
