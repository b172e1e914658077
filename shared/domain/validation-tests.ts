/**
 * The validation test library (spec §3 validation test: six samples and more), in our
 * own words. Founders keep their own state per test on the server (status, progress,
 * evaluation); the library itself is code, the same for everyone.
 */
export const TEST_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const TEST_CATEGORIES = [
  'Problem Validation',
  'Solution Validation',
  'Market Validation',
  'Revenue Validation',
] as const;
export const TEST_STATUSES = ['not-started', 'in-progress', 'completed'] as const;
export const EVALUATION_RESULTS = ['success', 'partial', 'failure', 'not-evaluated'] as const;

export type TestDifficulty = (typeof TEST_DIFFICULTIES)[number];
export type TestCategory = (typeof TEST_CATEGORIES)[number];
export type TestStatus = (typeof TEST_STATUSES)[number];
export type EvaluationResult = (typeof EVALUATION_RESULTS)[number];

export interface ValidationTestDefinition {
  id: string;
  name: string;
  description: string;
  difficulty: TestDifficulty;
  category: TestCategory;
  estimatedTime: string;
  steps: string[];
}

export const VALIDATION_TESTS: readonly ValidationTestDefinition[] = [
  {
    id: 'test-1',
    name: 'Customer Interview',
    description: 'Talk to people who have the problem, to learn how they live with it today and what it costs them.',
    difficulty: 'easy',
    category: 'Problem Validation',
    estimatedTime: '1-2 weeks',
    steps: [
      'Write down the riskiest assumption about your customer.',
      'List 10 people who match your customer profile and ask them for 20 minutes.',
      'Ask about the last time the problem happened, not about your idea.',
      'Note their words, workarounds and what they already pay.',
      'Look for patterns after five conversations and adjust your questions.',
    ],
  },
  {
    id: 'test-2',
    name: 'Landing Page Test',
    description:
      'Describe your offer on a simple page and measure how many visitors leave their email or click to buy.',
    difficulty: 'medium',
    category: 'Market Validation',
    estimatedTime: '1-2 weeks',
    steps: [
      'Write one headline that states the outcome your customer wants.',
      'Build a one-page site with a single call to action.',
      'Send a small, targeted amount of traffic to it.',
      'Measure visitors, sign-ups and the conversion rate.',
      'Decide beforehand which conversion rate counts as success.',
    ],
  },
  {
    id: 'test-3',
    name: 'Competitive Analysis',
    description: 'Map how customers solve the problem today — direct competitors, substitutes and doing nothing.',
    difficulty: 'easy',
    category: 'Market Validation',
    estimatedTime: '3-5 days',
    steps: [
      'List direct competitors, indirect alternatives and manual workarounds.',
      'Compare price, target customer and main promise for each.',
      'Read their reviews to find what customers complain about.',
      'Write down where your offer is clearly different, and where it is not.',
    ],
  },
  {
    id: 'test-4',
    name: 'Pre-sale Campaign',
    description: 'Ask customers to commit money before the product exists: the strongest signal that they want it.',
    difficulty: 'hard',
    category: 'Revenue Validation',
    estimatedTime: '2-4 weeks',
    steps: [
      'Define the offer, the price and what buyers get and when.',
      'Prepare a simple way to pay or to sign a letter of intent.',
      'Present the offer to people from your interviews and beyond.',
      'Count commitments, not compliments.',
      'Refund or deliver exactly as promised.',
    ],
  },
  {
    id: 'test-5',
    name: 'Prototype Testing',
    description: 'Put a rough version of the solution in front of customers and watch them use it.',
    difficulty: 'medium',
    category: 'Solution Validation',
    estimatedTime: '1-3 weeks',
    steps: [
      'Build the simplest prototype that shows the core experience (paper, clickable mock-up or demo).',
      'Give five customers a realistic task to complete with it.',
      'Watch silently and note where they hesitate or get stuck.',
      'Ask what they expected to happen and what they would pay.',
      'Fix the biggest problem and test again.',
    ],
  },
  {
    id: 'test-6',
    name: 'Smoke Test',
    description: 'Advertise a product that does not exist yet to see whether people try to get it.',
    difficulty: 'medium',
    category: 'Market Validation',
    estimatedTime: '1 week',
    steps: [
      'Create an ad and a page for the product as if it existed.',
      'Run the ad with a small budget to your target customers.',
      'Track clicks and attempts to buy or sign up.',
      'Tell interested people honestly that it is coming, and keep their contact.',
    ],
  },
  {
    id: 'test-7',
    name: 'Concierge MVP',
    description:
      'Deliver the service by hand to a few customers to learn exactly what they value before automating it.',
    difficulty: 'hard',
    category: 'Solution Validation',
    estimatedTime: '2-4 weeks',
    steps: [
      'Find three to five customers willing to try the service.',
      'Deliver the outcome manually, behind a simple interface.',
      'Track time spent, what customers ask for and what they ignore.',
      'Ask them to pay for the next round.',
    ],
  },
  {
    id: 'test-8',
    name: 'Pricing Survey',
    description: 'Find the price range your customers see as fair, too cheap and too expensive.',
    difficulty: 'easy',
    category: 'Revenue Validation',
    estimatedTime: '3-5 days',
    steps: [
      'Describe the offer in two sentences.',
      'Ask at which price it would be a bargain, expensive, and too expensive to consider.',
      'Collect at least 30 answers from your target customers.',
      'Plot the answers and pick a price to test in a real offer.',
    ],
  },
];

/**
 * A founder's own tests, beside the library's. Removed ones count too (they can come back), so the most a
 * founder stores is bounded; deleting a removed one for good frees its place.
 */
export const CUSTOM_TEST_LIMIT = 50;
/** Custom test ids are `custom-<uuid>`, the uuid chosen by the client so a retried create is the same test. */
export const CUSTOM_TEST_ID_PREFIX = 'custom-';
export const CUSTOM_TEST_MAX = {
  name: 100,
  hypothesis: 1000,
  method: 1000,
  metric: 300,
  successCriterion: 500,
  step: 300,
  steps: 20,
} as const;
/** What the founder writes down about what happened (numbers observed, quotes). */
export const RESULTS_MAX = 5000;

export const isCustomTestId = (id: string): boolean => id.startsWith(CUSTOM_TEST_ID_PREFIX);

/** Progress follows the checked steps: the share done, rounded; 0 for a test without steps. */
export function progressOf(checked: number, total: number): number {
  return total > 0 ? Math.round((Math.min(checked, total) / total) * 100) : 0;
}

/** Completed once every step is checked; in progress once started or any step is checked. */
export function statusOf(started: boolean, checked: number, total: number): TestStatus {
  if (total > 0 && checked >= total) return 'completed';
  return started || checked > 0 ? 'in-progress' : 'not-started';
}

export function findValidationTest(id: string): ValidationTestDefinition | undefined {
  return VALIDATION_TESTS.find((t) => t.id === id);
}

/** Spec §9: successful evaluations / evaluated tests (success, partial, failure) × 100, rounded; 0 if none. */
export function successRate(results: readonly EvaluationResult[]): number {
  const evaluated = results.filter((r) => r !== 'not-evaluated');
  if (evaluated.length === 0) return 0;
  return Math.round((evaluated.filter((r) => r === 'success').length / evaluated.length) * 100);
}
