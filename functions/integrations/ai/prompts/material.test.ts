/**
 * The founder's material exactly as a model reads it: tags, order, line breaks and what is left out. The prompts
 * are the product's words to the model, so each section is pinned character for character.
 */
import { describe, expect, it } from 'vitest';
import type { OnboardingAnswers } from '#shared/domain/onboarding';
import type { FounderGrounding } from '../port';
import { businessModelPrompt } from './business-model';
import { clean, phaseSections, setupSection, targetSection, withinBudget } from './material';
import { triggerPrompt } from './trigger';
import { valuePropositionPrompt } from './value-proposition';

const SETUP: OnboardingAnswers = {
  startupName: 'Kurierzy',
  businessType: 'marketplace',
  stage: 'prototype',
  industry: 'retail',
  customerType: 'b2b',
  description: 'Same-day bikes',
  teamSize: '2-5',
  fundingStatus: 'angel',
  website: 'https://example.com',
};

const SETUP_SECTION =
  '<setup>\nStartup name: Kurierzy\nBusiness type: marketplace\nStage: prototype\nIndustry: retail\n' +
  'Customers: b2b\nDescription: Same-day bikes\nTeam size: 2-5\nFunding: angel\n</setup>';

const TRIGGER_PHASE = {
  type: 'trigger' as const,
  questions: [
    { category: 'Customer Jobs', text: 'What job?', answers: ['Deliver today', '  ', 'Keep promises'] },
    { category: 'Customer Pains', text: 'What hurts?', answers: ['   '] },
  ],
};
const TRIGGER_SECTION =
  '<phase name="Trigger Questions">\n<question category="Customer Jobs">What job?</question>\n' +
  '<answer>Deliver today</answer>\n<answer>Keep promises</answer>\n</phase>';

const VP_PHASE = {
  type: 'value-proposition' as const,
  questions: [{ category: 'Gain Creators', text: 'Which gains?', answers: ['Happy shops'] }],
};
const VP_SECTION =
  '<phase name="Value Proposition">\n<question category="Gain Creators">Which gains?</question>\n' +
  '<answer>Happy shops</answer>\n</phase>';

const TARGET = {
  type: 'business-model' as const,
  questions: [
    { category: 'Channels', text: 'How do you reach them?', answers: ['ignored here'] },
    { category: 'Revenue Streams', text: 'Who pays?', answers: [] },
  ],
};
const TARGET_SECTION =
  '<questions phase="Business Model">\n<question category="Channels">How do you reach them?</question>\n' +
  '<question category="Revenue Streams">Who pays?</question>\n</questions>';

const GROUNDING: FounderGrounding = {
  setup: SETUP,
  idea: 'Bike <idea>couriers</idea>',
  phases: [TRIGGER_PHASE, VP_PHASE],
  target: TARGET,
};

describe('clean', () => {
  it('replaces our section tags with a space and folds runs of spaces and tabs', () => {
    expect(clean('  a<answer>b</ANSWER >c\t\td  ')).toBe('a b c d');
    expect(clean('x<idea>y')).toBe('x y');
    expect(clean('keep <b>bold</b> and\nlines')).toBe('keep <b>bold</b> and\nlines');
  });
});

describe('setupSection', () => {
  it('lists every answered setup field as a labelled line, without the website', () => {
    expect(setupSection(SETUP)).toBe(SETUP_SECTION);
  });

  it('leaves out blank fields, and gives no section when none is answered', () => {
    expect(setupSection({ ...SETUP, description: '  ', startupName: 'A  B' })).toBe(
      SETUP_SECTION.replace('Startup name: Kurierzy', 'Startup name: A B').replace('Description: Same-day bikes\n', ''),
    );
    const blank = { ...SETUP, startupName: ' ', description: '' } as unknown as Record<string, unknown>;
    for (const key of ['businessType', 'stage', 'industry', 'customerType', 'teamSize', 'fundingStatus']) {
      blank[key] = null;
    }
    expect(setupSection(blank as unknown as OnboardingAnswers)).toBeNull();
    expect(setupSection(null)).toBeNull();
  });
});

describe('phaseSections', () => {
  it('quotes each answered question with its non-blank answers, one line each, and skips unanswered ones', () => {
    expect(phaseSections([TRIGGER_PHASE, VP_PHASE])).toEqual([TRIGGER_SECTION, VP_SECTION]);
  });

  it('leaves out a phase with no answer at all', () => {
    expect(phaseSections([{ type: 'trigger', questions: [{ category: 'C', text: 'Q', answers: [' ', ''] }] }])).toEqual(
      [],
    );
  });
});

describe('targetSection', () => {
  it('lists the questions the suggestions answer, without their answers', () => {
    expect(targetSection(TARGET)).toBe(TARGET_SECTION);
  });

  it('gives no section without a target or without questions', () => {
    expect(targetSection(null)).toBeNull();
    expect(targetSection({ type: 'trigger', questions: [] })).toBeNull();
  });
});

describe('withinBudget', () => {
  it('joins the sections that fit with a blank line, skipping empty ones', () => {
    expect(withinBudget(['aa', null, '', 'bb'], 100)).toBe('aa\n\nbb');
  });

  it('cuts the first section that does not fit at its last whole line, marks the cut and drops the rest', () => {
    expect(withinBudget(['first', 'line one\nline two\nline three', 'never'], 7 + 20)).toBe(
      'first\n\nline one\nline two\n(the rest is left out for length)',
    );
  });

  it('drops a section whose cut would leave only blanks', () => {
    expect(withinBudget(['first', '   \nline two'], 10)).toBe('first');
  });
});

describe('the prompts quote the material in their order', () => {
  it('trigger: the idea, then the setup, then the questions to answer', () => {
    expect(triggerPrompt('Bike couriers', GROUNDING).user).toBe(
      `<idea>\nBike couriers\n</idea>\n\n${SETUP_SECTION}\n\n${TARGET_SECTION}`,
    );
    expect(triggerPrompt('Bike couriers', null).user).toBe('<idea>\nBike couriers\n</idea>');
  });

  it('value proposition: the saved idea, the earlier phases in journey order, the setup, the questions', () => {
    expect(valuePropositionPrompt('ignored', GROUNDING).user).toBe(
      `<idea>\nBike couriers\n</idea>\n\n${TRIGGER_SECTION}\n\n${VP_SECTION}\n\n${SETUP_SECTION}\n\n${TARGET_SECTION}`,
    );
    expect(valuePropositionPrompt('Job one\nJob two', null).user).toBe('<answers>\nJob one\nJob two\n</answers>');
  });

  it('business model: the saved idea, the latest phase first, the setup, the questions', () => {
    expect(businessModelPrompt('ignored', GROUNDING).user).toBe(
      `<idea>\nBike couriers\n</idea>\n\n${VP_SECTION}\n\n${TRIGGER_SECTION}\n\n${SETUP_SECTION}\n\n${TARGET_SECTION}`,
    );
    expect(businessModelPrompt('Gains: happy', null).user).toBe('<answers>\nGains: happy\n</answers>');
  });

  it('leave out what the founder has not given', () => {
    const bare: FounderGrounding = { setup: null, idea: null, phases: [], target: null };
    expect(businessModelPrompt('x', bare).user).toBe('');
    expect(valuePropositionPrompt('x', bare).user).toBe('');
    expect(triggerPrompt('Idea', bare).user).toBe('<idea>\nIdea\n</idea>');
  });
});
