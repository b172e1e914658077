/** The validation-test library with each founder's own state, kept on the server. */
import * as z from 'zod';
import { EVALUATION_RESULTS, TEST_STATUSES } from '../domain/validation-tests';
import { type AreaContract, noContent, oneOf } from './schema';

export const validationTestView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  category: z.string(),
  estimatedTime: z.string(),
  steps: z.array(z.string()),
  status: z.enum(TEST_STATUSES),
  progress: z.number(),
  evaluation: z.object({ result: z.enum(EVALUATION_RESULTS), notes: z.string().nullable() }).nullable(),
});

const testParams = z.object({ testId: z.string().max(50) });

/** Any of the fields; notes are dropped when blank. */
export const updateValidationTestBody = z
  .strictObject({
    status: oneOf('status', TEST_STATUSES).optional(),
    progress: z
      .number({ error: () => 'progress must be a number.' })
      .int()
      .min(0, { error: 'progress must be between 0 and 100.' })
      .max(100, { error: 'progress must be between 0 and 100.' })
      .optional(),
    evaluation: z
      .strictObject({
        result: oneOf('result', EVALUATION_RESULTS),
        notes: z
          .string()
          .max(5000, { error: 'Notes must be at most 5000 characters.' })
          .nullish()
          // Blank notes are dropped (spec §4).
          .transform((n) => (n?.trim() ? n.trim() : null)),
      })
      .nullable()
      .optional(),
  })
  .refine((b) => b.status !== undefined || b.progress !== undefined || b.evaluation !== undefined, {
    error: 'Send at least one of status, progress or evaluation.',
  });

export const validationContract = {
  /** Deleted tests are left out. */
  'validation.list': { response: z.object({ tests: z.array(validationTestView) }) },
  'validation.update': {
    params: testParams,
    body: updateValidationTestBody,
    response: z.object({ test: validationTestView }),
  },
  'validation.delete': { params: testParams, response: noContent },
} as const satisfies AreaContract<'validation'>;
