/**
 * A full founder and a sparse one, as the investor documents are made from them: the brief's content and the One
 * Pager's answers. The full one writes what a founder writes after the whole journey (several answers per canvas
 * block, paragraphs filled by "Use these", amounts quoted raw from Market Research); the sparse one has just signed
 * up.
 */
import { CATEGORIES } from '#shared/domain/questions';
import type { BriefContent } from './brief-layout';
import type { SectionAnswers } from './canvas-layout';

const VALUE_PROPOSITION: Record<string, readonly string[]> = {
  'Customer Jobs': ['Plan dinners for the week', 'Shop for groceries once', 'Cook for picky children'],
  'Customer Pains': [
    'An hour lost every Sunday on planning',
    'Food thrown away at the end of the week',
    'Arguments about what to eat',
  ],
  'Customer Gains': ['Dinner decided in five minutes', 'Less money spent on food'],
  'Products & Services': ['Weekly meal planner web app', 'Shopping list sent to the supermarket'],
  'Pain Relievers': ['Menus built from what the family likes', 'Leftovers planned into the next meal'],
  'Gain Creators': ['Saves about 40 minutes a week', 'Cuts food waste by a third'],
};

const BUSINESS_MODEL: Record<string, readonly string[]> = {
  'Key Partners': ['Online supermarkets', 'Parent associations at schools'],
  'Key Activities': ['Building the recipe engine', 'Growing through school newsletters'],
  'Key Resources': ['Recipe database of 2,000 dishes', 'Two founders who cook'],
  'Value Propositions': ['A week of dinners and one shopping list in five minutes'],
  'Customer Relationships': ['Self-service with a weekly email', 'Onboarding and a first plan made together'],
  Channels: ['Instagram', 'School newsletters', 'Word of mouth'],
  'Customer Segments': ['Working parents with children under 12', 'Shared flats cooking together'],
  'Cost Structure': ['Developers', 'Hosting', 'Marketing'],
  'Revenue Streams': ['Subscription at £10 a month per family', 'Referral fee from supermarkets'],
};

const answers = (table: Record<string, readonly string[]>): SectionAnswers => new Map(Object.entries(table));

export const FULL_BRIEF: BriefContent = {
  startupName: 'Compilers Inc',
  date: 'November 27, 2026',
  founder: { name: 'Anna Nowak', email: 'anna@compilers.example' },
  setup: {
    website: 'compilers.example',
    stage: 'MVP',
    fundingStatus: 'Angel',
    teamSize: '2-5 people',
    market: 'SaaS · Technology · B2C (consumers)',
  },
  idea: 'Meal plans for busy parents: the week’s dinners and one shopping list in five minutes.\nFamilies pay £10 a month.',
  valueProposition: answers(VALUE_PROPOSITION),
  businessModel: answers(BUSINESS_MODEL),
  tests: [
    { name: 'Customer Interview', status: 'Completed', outcome: 'Success', notes: '8 of 10 parents would pay' },
    { name: 'Landing Page Test', status: 'Completed', outcome: 'Partial', notes: '4 % signed up' },
    { name: 'Pre-sale Campaign', status: 'In Progress', outcome: 'Not Evaluated', notes: null },
  ],
  tools: [
    { title: 'Market Research', line: 'TAM GBP 71400000 · SAM GBP 12000000 · SOM GBP 950000 a year' },
    { title: 'Business One Pager', line: 'Problem: Parents spend an hour each Sunday planning dinners.' },
  ],
};

export const SPARSE_BRIEF: BriefContent = {
  startupName: 'Solo Startup',
  date: 'November 27, 2026',
  founder: { name: '', email: 'solo@example.com' },
  setup: { website: null, stage: null, fundingStatus: null, teamSize: null, market: null },
  idea: null,
  valueProposition: new Map([['Customer Jobs', ['Find a cheap flat']]]),
  businessModel: new Map(),
  tests: [],
};

/** Every canvas block's name, so a test can check each is on the brief. */
export const CANVAS_BLOCKS = [...CATEGORIES['value-proposition'], ...CATEGORIES['business-model']];

/** The One Pager as a founder fills it with "Use these": paragraphs of several lines, sizes quoted raw. */
export const FULL_ONE_PAGER: Record<string, readonly string[]> = {
  problem: ['Parents spend an hour each Sunday planning dinners and still throw food away.'],
  solution: [
    'Weekly meal planner web app\nShopping list sent to the supermarket\nMenus built from what the family likes',
  ],
  customers: ['Working parents with children under 12\nShared flats cooking together'],
  'market-size': ['TAM per year: GBP 71400000\nSAM per year: GBP 12000000\nSOM per year: GBP 950000'],
  'business-model': ['Subscription at £10 a month per family\nReferral fee from supermarkets'],
  traction: ['Customer Interview succeeded: 8 of 10 parents would pay', 'Landing Page Test partly succeeded: 4 %'],
  team: ['Anna Nowak, CEO: ran a meal-kit startup', 'Ben Ode, CTO: built the recipe engine'],
  ask: ['GBP 500000 for 18 months: launch in three cities.'],
};

export const SPARSE_ONE_PAGER: Record<string, readonly string[]> = {
  problem: ['Students cannot find a cheap flat.'],
};
