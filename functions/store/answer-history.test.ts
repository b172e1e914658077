import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_HISTORY_LIMIT } from '#shared/domain/answer-history';
import { changeTime, type HistoryChange, historyWrites, listAnswerHistory } from './answer-history';
import { keys } from './keys';

const index = (...times: string[]) => ({ times, version: times.length });

describe('changeTime', () => {
  it('is the clock’s time when the clock is past every kept state', () => {
    const clock = new Date('2026-05-01T10:00:00.010Z');
    expect(changeTime(index('2026-05-01T10:00:00.009Z'), undefined, clock)).toBe('2026-05-01T10:00:00.010Z');
    expect(changeTime(undefined, undefined, clock)).toBe('2026-05-01T10:00:00.010Z');
  });

  it('is one millisecond after the newest kept state when the clock is on it or behind it', () => {
    const kept = index('2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.050Z');
    expect(changeTime(kept, undefined, new Date('2026-05-01T10:00:00.050Z'))).toBe('2026-05-01T10:00:00.051Z');
    expect(changeTime(kept, undefined, new Date('2026-05-01T09:59:59.000Z'))).toBe('2026-05-01T10:00:00.051Z');
  });

  it('reads a history without times, and an answer whose time is not a string, as nothing kept', () => {
    const clock = new Date('2026-05-01T10:00:00.000Z');
    expect(changeTime({ version: 1 }, { updatedAt: 1_900_000_000_000 }, clock)).toBe('2026-05-01T10:00:00.000Z');
    expect(changeTime({ times: 'x' }, undefined, clock)).toBe('2026-05-01T10:00:00.000Z');
  });

  it('takes the newest of the kept states wherever it stands in the list', () => {
    const kept = index('2026-05-01T10:00:00.050Z', '2026-05-01T10:00:00.000Z');
    expect(changeTime(kept, undefined, new Date('2026-05-01T09:00:00.000Z'))).toBe('2026-05-01T10:00:00.051Z');
  });

  it('follows the stored answer’s own time too (an answer saved before history was kept)', () => {
    const previous = { updatedAt: '2026-05-01T10:00:01.000Z' };
    expect(changeTime(undefined, previous, new Date('2026-05-01T10:00:00.000Z'))).toBe('2026-05-01T10:00:01.001Z');
    expect(changeTime(undefined, previous, new Date('2026-05-01T10:00:02.000Z'))).toBe('2026-05-01T10:00:02.000Z');
  });
});

describe('historyWrites', () => {
  const TABLE = 'preseed-test';
  beforeAll(() => {
    process.env.TABLE_NAME = TABLE;
  });
  const NOW = '2026-05-01T10:00:00.000Z';
  const change = (over: Partial<HistoryChange>): HistoryChange => ({
    sub: 'sub-1',
    type: 'trigger',
    questionId: 'q1',
    category: 'Problem',
    previous: undefined,
    index: undefined,
    answers: ['a'],
    now: NOW,
    ...over,
  });
  const version = (at: string, answers: string[], deleted = false) => ({
    Put: {
      TableName: TABLE,
      Item: {
        ...keys.answerVersion('sub-1', 'trigger', 'q1', at),
        questionId: 'q1',
        category: 'Problem',
        at,
        answers,
        deleted,
      },
    },
  });
  const drop = (at: string) => ({
    Delete: { TableName: TABLE, Key: keys.answerVersion('sub-1', 'trigger', 'q1', at) },
  });
  /** The n-th millisecond after 09:00 on the test day (an hour before NOW), as kept times are written. */
  const ms = (n: number) => new Date(Date.parse('2026-05-01T09:00:00.000Z') + n).toISOString();

  it('keeps a first answer as one version and a new index that only a first writer may create', () => {
    expect(historyWrites(change({}))).toEqual([
      version(NOW, ['a']),
      {
        Put: {
          TableName: TABLE,
          Item: { ...keys.answerHistory('sub-1', 'trigger', 'q1'), times: [NOW], version: 1 },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
  });

  it('adds to an existing index only at the version it was read at, and bumps that version', () => {
    const items = historyWrites(change({ index: { times: [ms(1), ms(2)], version: 3 } }));
    expect(items).toEqual([
      version(NOW, ['a']),
      {
        Put: {
          TableName: TABLE,
          Item: { ...keys.answerHistory('sub-1', 'trigger', 'q1'), times: [ms(1), ms(2), NOW], version: 4 },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': 3 },
        },
      },
    ]);
  });

  it('reads an index without a version number as version 0, still guarded', () => {
    const last = historyWrites(change({ index: { times: [] } })).at(-1);
    expect(last?.Put?.Item?.version).toBe(1);
    expect(last?.Put?.ExpressionAttributeValues).toEqual({ ':v': 0 });
  });

  it('keeps a deletion as a deleted version without answers', () => {
    expect(historyWrites(change({ answers: null }))[0]).toEqual(version(NOW, [], true));
  });

  it('keeps the state before the change first, for an answer saved before history was kept', () => {
    const previous = { updatedAt: ms(5), answers: ['old', 2] };
    const items = historyWrites(change({ previous }));
    expect(items.slice(0, 2)).toEqual([version(ms(5), ['old', '2']), version(NOW, ['a'])]);
    expect(items[2]?.Put?.Item?.times).toEqual([ms(5), NOW]);
  });

  it('keeps no earlier state when it is already kept, not older than the change, or has no time', () => {
    const cases: Partial<HistoryChange>[] = [
      { previous: { updatedAt: ms(5), answers: ['old'] }, index: { times: [ms(5)], version: 1 } },
      { previous: { updatedAt: NOW, answers: ['old'] } },
      { previous: { updatedAt: '2026-05-01T10:00:00.001Z', answers: ['old'] } },
      { previous: { answers: ['old'] } },
      { previous: { updatedAt: 5, answers: ['old'] } },
    ];
    for (const c of cases) {
      const versions = historyWrites(change(c)).filter((item) => item.Put?.Item?.at !== undefined);
      expect(versions, JSON.stringify(c)).toEqual([version(NOW, ['a'])]);
    }
    const malformed = historyWrites(change({ previous: { updatedAt: ms(5), answers: 'old' } }));
    expect(malformed[0]).toEqual(version(ms(5), []));
  });

  it('does not list the same time twice when the change lands on a kept time', () => {
    const last = historyWrites(change({ index: { times: [ms(1), NOW], version: 2 } })).at(-1);
    expect(last?.Put?.Item?.times).toEqual([ms(1), NOW]);
  });

  it(`keeps ${ANSWER_HISTORY_LIMIT} states: at the limit nothing goes, past it the oldest go, whatever the index’s order`, () => {
    const full = Array.from({ length: ANSWER_HISTORY_LIMIT - 1 }, (_, i) => ms(i + 1)).reverse();
    const atLimit = historyWrites(change({ index: { times: full, version: 1 } }));
    expect(atLimit.filter((item) => item.Delete)).toEqual([]);
    expect(atLimit.at(-1)?.Put?.Item?.times).toEqual([...full].sort().concat(NOW));

    const over = [...full, ms(100)];
    const pastLimit = historyWrites(change({ index: { times: over, version: 1 } }));
    expect(pastLimit.filter((item) => item.Delete)).toEqual([drop(ms(1))]);
    expect(pastLimit.at(-1)?.Put?.Item?.times).toHaveLength(ANSWER_HISTORY_LIMIT);

    const withPrevious = historyWrites(
      change({ index: { times: over, version: 1 }, previous: { updatedAt: ms(200), answers: [] } }),
    );
    expect(withPrevious.filter((item) => item.Delete)).toEqual([drop(ms(1)), drop(ms(2))]);
    expect(withPrevious.at(-1)?.Put?.Item?.times).toEqual(
      [...over.slice(0, -1)].sort().slice(2).concat(ms(100), ms(200), NOW),
    );
  });
});

/**
 * A history longer than one Query page (1 MB) against a mocked DocumentClient: DynamoDB Local pages only past a
 * megabyte of items, so the page boundary inside one question's versions is given here. The route's own test
 * (functions/http/answer-history.int.test.ts) reads histories from the emulator.
 */
describe('listAnswerHistory', () => {
  const mock = mockClient(DynamoDBDocumentClient);
  beforeAll(() => {
    process.env.TABLE_NAME = 'preseed-test';
  });
  afterEach(() => mock.reset());
  const item = (questionId: string, at: string, more: Record<string, unknown> = {}) => ({
    ...keys.answerVersion('sub-1', 'trigger', questionId, at),
    questionId,
    at,
    ...more,
  });

  it('groups the versions per question across pages, in the order kept, reading odd items safely', async () => {
    const last = keys.answerVersion('sub-1', 'trigger', 'q2', 't1');
    mock
      .on(QueryCommand, { ExclusiveStartKey: undefined })
      .resolves({
        Items: [
          item('q1', 't1', { category: 'Problem', answers: ['a'], deleted: false }),
          item('q1', 't2', { category: 'Problem', answers: [], deleted: true }),
          item('q2', 't1', { answers: 'not a list', deleted: 'yes' }),
        ],
        LastEvaluatedKey: last,
      })
      .on(QueryCommand, { ExclusiveStartKey: last })
      .resolves({ Items: [item('q2', 't2', { category: 'Ignored later', answers: ['b', 3] })] });

    expect(await listAnswerHistory('sub-1', 'trigger')).toEqual([
      {
        questionId: 'q1',
        category: 'Problem',
        versions: [
          { at: 't1', answers: ['a'], deleted: false },
          { at: 't2', answers: [], deleted: true },
        ],
      },
      {
        questionId: 'q2',
        category: '',
        versions: [
          { at: 't1', answers: [], deleted: false },
          { at: 't2', answers: ['b', '3'], deleted: false },
        ],
      },
    ]);
    expect(mock.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      TableName: 'preseed-test',
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.profile('sub-1').PK, ':p': keys.answerVersionPrefix('trigger') },
    });
  });

  it('is empty when nothing is kept', async () => {
    mock.on(QueryCommand).resolves({ Items: [] });
    expect(await listAnswerHistory('sub-1', 'trigger')).toEqual([]);
  });
});
