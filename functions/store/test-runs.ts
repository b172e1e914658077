/**
 * A founder's state per validation test (PK USER#<sub>, SK TEST#<testId>): started, checked steps, results,
 * evaluation, removed. A founder's own test keeps its definition in the same item (`custom`, name, steps), and
 * is counted on CUSTOMTESTS in the same transaction that adds or deletes it, so parallel adds cannot pass the limit.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  CUSTOM_TEST_LIMIT,
  type EvaluationResult,
  progressOf,
  statusOf,
  type TestStatus,
} from '#shared/domain/validation-tests';
import { AccountClosedError, profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED, isConditionFailure } from './conditions';
import { keys } from './keys';
import { namedError } from './named-error';
import { prefixQuery, queryAll } from './query';
import { retryOnConflict } from './retry';
import { putNew, transact, updateItem } from './writes';

export interface CustomTestPlan {
  hypothesis: string;
  method: string;
  metric: string;
  successCriterion: string;
}

/** A founder's own test as written: its name, plan and steps. */
export interface CustomTestDefinition extends CustomTestPlan {
  name: string;
  steps: string[];
}

export interface TestRun {
  testId: string;
  started: boolean;
  checkedSteps: number[];
  /** Stored with every write, so counting tests in progress (the dashboard) needs no definition. */
  status: TestStatus;
  results: string | null;
  evaluation: { result: EvaluationResult; notes: string | null } | null;
  deleted: boolean;
  deletedAt: string | null;
  createdAt: string | null;
  /** Set on a founder's own test. */
  custom: (CustomTestDefinition & { stepsRev: number }) | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** How a custom test's definition is kept on its item: the plan under `custom`, the name and steps beside it. */
function storedDefinition({ name, steps, ...plan }: CustomTestDefinition) {
  return { custom: plan, name, steps };
}

function toRun(item: Record<string, unknown>): TestRun {
  const testId = String(item.SK).slice(keys.testRunPrefix.length);
  const legacyStatus = item.status as TestStatus | undefined;
  const custom =
    item.custom && typeof item.custom === 'object'
      ? {
          ...(item.custom as CustomTestPlan),
          name: text(item.name),
          steps: Array.isArray(item.steps) ? item.steps.map(text) : [],
          stepsRev: typeof item.stepsRev === 'number' ? item.stepsRev : 0,
        }
      : null;
  return {
    testId,
    // Runs saved before steps were checked off kept only a status: started means started, completed means done.
    started: item.started === true || (legacyStatus !== undefined && legacyStatus !== 'not-started'),
    checkedSteps: Array.isArray(item.checkedSteps) ? item.checkedSteps.filter((n) => typeof n === 'number') : [],
    status: legacyStatus ?? 'not-started',
    results: typeof item.results === 'string' ? item.results : null,
    evaluation: (item.evaluation as TestRun['evaluation']) ?? null,
    deleted: item.deleted === true,
    deletedAt: typeof item.deletedAt === 'string' ? item.deletedAt : null,
    createdAt: typeof item.createdAt === 'string' ? item.createdAt : null,
    custom,
  };
}

export async function listTestRuns(sub: string): Promise<Map<string, TestRun>> {
  const items = await queryAll(prefixQuery(keys.profile(sub).PK, keys.testRunPrefix));
  return new Map(items.map((item) => [String(item.SK).slice(keys.testRunPrefix.length), toRun(item)]));
}

export async function getTestRun(sub: string, testId: string): Promise<TestRun | null> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.testRun(sub, testId), ConsistentRead: true }),
  );
  return out.Item ? toRun(out.Item) : null;
}

/** The test was removed: working on it waits for a restore. */
export class TestRemovedError extends namedError('TestRemovedError') {}

/** The founder keeps CUSTOM_TEST_LIMIT of their own tests already; nothing was written. */
export class CustomTestLimitError extends namedError('CustomTestLimitError') {}

/** Only a removed custom test may be deleted for good. */
export class TestNotRemovedError extends namedError('TestNotRemovedError') {}

export interface RunChange {
  started?: boolean;
  checkedSteps?: number[];
  results?: string | null;
  evaluation?: TestRun['evaluation'];
}

/** The whole new state of a run, worked out from what it was and the change; throws to refuse the change. */
export type RunPlan = (run: TestRun | null) => RunChange & { stepCount: number };

const MAX_ATTEMPTS = 8;

/**
 * Applies a change to a test that is not removed. `plan` reads the current run (and for a custom test its steps)
 * and returns the fields to set; the write is conditioned on the run still being as read (not removed, and for a
 * custom test the same steps), and on a lost race it reads afresh and plans again.
 */
export async function changeTestRun(sub: string, testId: string, plan: RunPlan, now: string): Promise<void> {
  await retryOnConflict(
    async () => {
      const run = await getTestRun(sub, testId);
      if (run?.deleted) throw new TestRemovedError();
      const { stepCount, ...change } = plan(run);
      const started = change.started ?? run?.started ?? false;
      const checked = change.checkedSteps ?? run?.checkedSteps ?? [];
      const fields: Record<string, unknown> = {
        ...change,
        started,
        status: statusOf(started, checked.length, stepCount),
        progress: progressOf(checked.length, stepCount),
        updatedAt: now,
      };
      const names: Record<string, string> = { '#deleted': 'deleted' };
      const values: Record<string, unknown> = { ':false': false };
      const sets: string[] = [];
      for (const [field, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        sets.push(`#${field} = :${field}`);
      }
      let condition = '(attribute_not_exists(#deleted) OR #deleted = :false)';
      if (run?.custom) {
        names['#stepsRev'] = 'stepsRev';
        values[':rev'] = run.custom.stepsRev;
        condition += ' AND #stepsRev = :rev';
      } else if (!run) {
        // A library test nobody has touched: another first write may land meanwhile, so it is planned again.
        condition += ' AND attribute_not_exists(PK)';
      }
      // With the profile's existence: a save racing the founder's account deletion must not write the run back.
      await transact(
        [
          {
            Update: {
              TableName: tableName(),
              Key: keys.testRun(sub, testId),
              UpdateExpression: `SET ${sets.join(', ')}`,
              ConditionExpression: condition,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          profileExists(sub),
        ],
        closedIfProfileGone(sub, 1),
      );
    },
    { what: 'The test could not be saved', attempts: MAX_ATTEMPTS },
  );
}

/** A transaction's answer when its `at`-th item is profileExists: the account is gone; any other cancellation is thrown. */
const closedIfProfileGone = (sub: string, at: number) => (codes: string[]) => {
  if (codes[at] === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${sub}`);
  return undefined;
};

/**
 * Removes or restores a test; a repeat changes nothing (the first removal's time is kept). `mustExist`: a custom
 * test, whose item is its definition — a missing one is not created. Returns false when it does not exist.
 */
export async function setTestRemoved(
  sub: string,
  testId: string,
  removed: boolean,
  now: string,
  mustExist: boolean,
): Promise<boolean> {
  // Without mustExist the run's own write has no condition; the profile's existence is checked either way.
  const missing = await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.testRun(sub, testId),
          UpdateExpression: removed
            ? 'SET #deleted = :true, #deletedAt = if_not_exists(#deletedAt, :now), updatedAt = :now'
            : 'SET #deleted = :false, updatedAt = :now REMOVE #deletedAt',
          ...(mustExist ? { ConditionExpression: 'attribute_exists(PK)' } : {}),
          ExpressionAttributeNames: { '#deleted': 'deleted', '#deletedAt': 'deletedAt' },
          ExpressionAttributeValues: removed ? { ':true': true, ':now': now } : { ':false': false, ':now': now },
        },
      },
      profileExists(sub),
    ],
    (codes) => {
      closedIfProfileGone(sub, 1)(codes);
      return codes[0] === CONDITION_FAILED ? true : undefined;
    },
  );
  return missing !== true;
}

/**
 * Adds a founder's own test and counts it, in one transaction conditioned on the limit. A retried create (same id)
 * finds its test and returns it, counted once. Throws CustomTestLimitError when the founder is at the limit.
 */
export async function createCustomTest(
  sub: string,
  testId: string,
  definition: CustomTestDefinition,
  now: string,
): Promise<TestRun> {
  return retryOnConflict(
    async () => {
      const existing = await transact(
        [
          putNew({
            ...keys.testRun(sub, testId),
            ...storedDefinition(definition),
            stepsRev: 0,
            started: false,
            checkedSteps: [],
            status: 'not-started',
            progress: 0,
            deleted: false,
            createdAt: now,
            updatedAt: now,
          }),
          {
            Update: {
              TableName: tableName(),
              Key: keys.customTestCount(sub),
              UpdateExpression: 'ADD #count :one',
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1, ':limit': CUSTOM_TEST_LIMIT },
            },
          },
          profileExists(sub),
        ],
        async (codes) => {
          closedIfProfileGone(sub, 2)(codes);
          if (codes[0] === CONDITION_FAILED) {
            const found = await getTestRun(sub, testId);
            if (found) return found;
          }
          if (codes[1] === CONDITION_FAILED) throw new CustomTestLimitError();
          // Another cancellation: a parallel add or delete changed the count first; tried again.
          return undefined;
        },
      );
      if (existing) return existing;
      const created = await getTestRun(sub, testId);
      if (!created) throw new Error(`custom test ${testId} missing right after its create`);
      return created;
    },
    { what: 'The test could not be added', attempts: 40 },
  );
}

/**
 * Rewrites a custom test's name, plan and steps. Checked steps follow their text: a step kept (even moved) stays
 * checked, a dropped one is gone. Conditioned on the steps being as read, so a parallel check-off is not lost.
 * Returns false when there is no such custom test.
 */
export async function editCustomTest(
  sub: string,
  testId: string,
  definition: CustomTestDefinition,
  now: string,
): Promise<boolean> {
  const stored = storedDefinition(definition);
  return retryOnConflict(
    async () => {
      const run = await getTestRun(sub, testId);
      if (!run?.custom) return false;
      if (run.deleted) throw new TestRemovedError();
      const checkedTexts = new Set(run.checkedSteps.map((i) => run.custom?.steps[i]?.toLowerCase()));
      const checkedSteps = stored.steps.flatMap((step, i) => (checkedTexts.has(step.toLowerCase()) ? [i] : []));
      await updateItem({
        Key: keys.testRun(sub, testId),
        UpdateExpression:
          'SET #custom = :custom, #name = :name, #steps = :steps, #checked = :checked, #status = :status, progress = :progress, #rev = :next, updatedAt = :now',
        ConditionExpression: '#rev = :rev AND #deleted = :false',
        ExpressionAttributeNames: {
          '#custom': 'custom',
          '#name': 'name',
          '#steps': 'steps',
          '#checked': 'checkedSteps',
          '#status': 'status',
          '#rev': 'stepsRev',
          '#deleted': 'deleted',
        },
        ExpressionAttributeValues: {
          ':custom': stored.custom,
          ':name': stored.name,
          ':steps': stored.steps,
          ':checked': checkedSteps,
          ':status': statusOf(run.started, checkedSteps.length, stored.steps.length),
          ':progress': progressOf(checkedSteps.length, stored.steps.length),
          ':next': run.custom.stepsRev + 1,
          ':rev': run.custom.stepsRev,
          ':false': false,
          ':now': now,
        },
      });
      return true;
    },
    { what: 'The test could not be saved', attempts: MAX_ATTEMPTS, retryIf: isConditionFailure },
  );
}

/**
 * Deletes a removed custom test for good and gives its place in the limit back, in one transaction. A repeat (or a
 * test that never existed) does nothing. Throws TestNotRemovedError for a test still in the list.
 */
export async function purgeCustomTest(sub: string, testId: string): Promise<void> {
  await retryOnConflict(
    async () => {
      const run = await getTestRun(sub, testId);
      if (!run?.custom) return;
      if (!run.deleted) throw new TestNotRemovedError();
      // A cancellation (deleted or restored meanwhile) is retried: the next attempt reads again and decides again.
      await transact([
        {
          Delete: {
            TableName: tableName(),
            Key: keys.testRun(sub, testId),
            ConditionExpression: '#deleted = :true',
            ExpressionAttributeNames: { '#deleted': 'deleted' },
            ExpressionAttributeValues: { ':true': true },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.customTestCount(sub),
            UpdateExpression: 'ADD #count :minusOne',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':minusOne': -1 },
          },
        },
      ]);
    },
    { what: 'The test could not be deleted', attempts: MAX_ATTEMPTS },
  );
}
