/** The validation-test library and each founder's own tests, with the founder's state per test, kept on the server. */
import * as z from 'zod';
import {
  CUSTOM_TEST_MAX,
  EVALUATION_RESULTS,
  RESULTS_MAX,
  TEST_DIFFICULTIES,
  TEST_STATUSES,
} from '../domain/validation-tests';
import { requiredText } from './fields';
import { type AreaContract, noContent, oneOf } from './schema';

/** What a founder's own test says it checks: the plan they wrote when adding it. */
export const customTestPlan = z.object({
  hypothesis: z.string(),
  method: z.string(),
  metric: z.string(),
  successCriterion: z.string(),
});

export const validationTestView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Library tests only; a founder's own test has none. */
  difficulty: z.enum(TEST_DIFFICULTIES).nullable(),
  category: z.string(),
  estimatedTime: z.string().nullable(),
  steps: z.array(z.string()),
  /** Indices into steps, ascending. */
  checkedSteps: z.array(z.number().int()),
  status: z.enum(TEST_STATUSES),
  /** The share of checked steps, 0–100. */
  progress: z.number(),
  results: z.string().nullable(),
  evaluation: z.object({ result: z.enum(EVALUATION_RESULTS), notes: z.string().nullable() }).nullable(),
  /** Set on a founder's own test. */
  custom: customTestPlan.nullable(),
  /** When the founder removed it; null while it is in their list. */
  removedAt: z.string().nullable(),
});

const testParams = z.object({ testId: z.string().max(50, { error: 'testId is too long.' }) });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: () => `${label} must be text.` })
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullish()
    // Blank text is dropped (spec §4 for notes; the same for results).
    .transform((n) => (n?.trim() ? n.trim() : null));

/** Any of the fields; each is a whole value, so sending the same body again changes nothing. */
export const updateValidationTestBody = z
  .strictObject({
    /** Starts the test (in progress with no step checked). */
    start: z.literal(true, { error: () => 'start can only be true.' }).optional(),
    /** Every checked step, by its index (0 is the first step): the whole set, not a change. */
    checkedSteps: z
      .array(
        z
          .number({ error: () => 'checkedSteps must be step numbers.' })
          .int({ error: 'checkedSteps must be whole step numbers.' })
          .min(0, { error: 'checkedSteps must be step numbers from 0.' }),
      )
      .max(CUSTOM_TEST_MAX.steps, { error: `checkedSteps can hold at most ${CUSTOM_TEST_MAX.steps} steps.` })
      .optional(),
    results: optionalText('Results', RESULTS_MAX).optional(),
    evaluation: z
      .strictObject({
        result: oneOf('result', EVALUATION_RESULTS),
        notes: optionalText('Notes', 5000),
      })
      .nullable()
      .optional(),
  })
  .refine(
    (b) =>
      b.start !== undefined || b.checkedSteps !== undefined || b.results !== undefined || b.evaluation !== undefined,
    { error: 'Send at least one of start, checkedSteps, results or evaluation.' },
  );

/** A founder's own test as they write it; steps are trimmed, at least one, each different. */
export const customTestFields = z.strictObject({
  name: requiredText('Name', CUSTOM_TEST_MAX.name),
  hypothesis: requiredText('Hypothesis', CUSTOM_TEST_MAX.hypothesis),
  method: requiredText('Method', CUSTOM_TEST_MAX.method),
  metric: requiredText('Metric', CUSTOM_TEST_MAX.metric),
  successCriterion: requiredText('Success criterion', CUSTOM_TEST_MAX.successCriterion),
  steps: z
    .array(requiredText('Each step', CUSTOM_TEST_MAX.step), { error: () => 'steps must be a list of texts.' })
    .min(1, { error: 'Add at least one step.' })
    .max(CUSTOM_TEST_MAX.steps, { error: `A test can have at most ${CUSTOM_TEST_MAX.steps} steps.` })
    .refine((steps) => new Set(steps.map((s) => s.toLowerCase())).size === steps.length, {
      error: 'Each step must be different.',
    }),
});

export const createCustomTestBody = customTestFields.extend({
  /** Chosen by the client: a retried create finds the test it made and makes no second one. */
  id: z.uuid({ error: 'id must be a UUID the client chose for this test.' }),
});

const testResponse = z.object({ test: validationTestView });

export const validationContract = {
  /** The founder's list, their removed tests (to restore), and how many of their own tests they may still add. */
  'validation.list': {
    response: z.object({
      tests: z.array(validationTestView),
      removed: z.array(validationTestView),
      customTests: z.object({ used: z.number().int(), limit: z.number().int() }),
    }),
  },
  'validation.update': { params: testParams, body: updateValidationTestBody, response: testResponse },
  /** Removes the test from the founder's list; restore brings it back as it was. */
  'validation.delete': { params: testParams, response: noContent },
  'validation.restore': { params: testParams, response: testResponse },
  'validation.createCustom': { body: createCustomTestBody, response: testResponse },
  'validation.editCustom': { params: testParams, body: customTestFields, response: testResponse },
  /** Deletes a removed custom test for good (it frees its place in the limit). */
  'validation.purgeCustom': { params: testParams, response: noContent },
} as const satisfies AreaContract<'validation'>;
