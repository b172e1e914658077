/**
 * What a coach reads of one founder besides answers: their validation tests as stored. Read from the items
 * themselves (USER#<sub> / TEST#<testId>) rather than through the founder's own test views, which apply the
 * founder's page rules; a coach sees removed tests too, marked.
 */
import type { EvaluationResult, TestStatus } from '#shared/domain/validation-tests';
import {
  EVALUATION_RESULTS,
  findValidationTest,
  TEST_STATUSES,
  VALIDATION_TESTS,
} from '#shared/domain/validation-tests';
import { tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query';

export interface FounderTest {
  id: string;
  name: string;
  custom: boolean;
  status: TestStatus;
  results: string | null;
  evaluation: { result: EvaluationResult; notes: string | null } | null;
  removed: boolean;
}

const LIBRARY_ORDER = VALIDATION_TESTS.map((t) => t.id);

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

function evaluationOf(value: unknown): FounderTest['evaluation'] {
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  return {
    result: oneOf(EVALUATION_RESULTS, e.result, 'not-evaluated'),
    notes: typeof e.notes === 'string' && e.notes.trim() ? e.notes : null,
  };
}

/** Library tests in the library's order, then the founder's own by creation. */
export async function listFounderTests(sub: string): Promise<FounderTest[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.testRunPrefix },
  });
  const tests = items.map((item) => {
    const id = String(item.SK).slice(keys.testRunPrefix.length);
    const library = findValidationTest(id);
    return {
      id,
      name: library?.name ?? (typeof item.name === 'string' && item.name ? item.name : 'Untitled test'),
      custom: !library,
      status: oneOf(TEST_STATUSES, item.status, 'not-started'),
      results: typeof item.results === 'string' && item.results.trim() ? item.results : null,
      evaluation: evaluationOf(item.evaluation),
      removed: item.deleted === true,
      createdAt: typeof item.createdAt === 'string' ? item.createdAt : '',
    };
  });
  // Library tests keep the library's order; the founder's own (index -1 there) follow, oldest first.
  const rank = (t: (typeof tests)[number]) => (t.custom ? LIBRARY_ORDER.length : LIBRARY_ORDER.indexOf(t.id));
  return tests
    .sort((a, b) => rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt))
    .map(({ createdAt: _createdAt, ...test }) => test);
}
