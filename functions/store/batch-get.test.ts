/**
 * batchGetAll against a mocked DocumentClient: DynamoDB Local never leaves keys unprocessed, so the
 * partial answers real DynamoDB gives under throttling are forced here.
 */
import { BatchGetCommand, type BatchGetCommandInput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BATCH_GET_ATTEMPTS, batchGetAll } from './batch-get';
import type { Key } from './keys';
import { ContentionError } from './retry';

const TABLE = 'preseed-test';
const mock = mockClient(DynamoDBDocumentClient);
afterEach(() => mock.reset());

const keysOf = (n: number): Key[] => Array.from({ length: n }, (_, i) => ({ PK: `USER#${i}`, SK: 'PROFILE' }));
const itemOf = (key: { PK?: unknown }) => ({ ...key, name: `name of ${String(key.PK)}` });
const requested = (input: BatchGetCommandInput) => input.RequestItems?.[TABLE];

/** Answers the first `served` keys of each request and hands the rest back, as DynamoDB does when throttled. */
function answerPartly(served: number) {
  mock.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const request = requested(input);
    const keys = request?.Keys ?? [];
    const left = keys.slice(served);
    return {
      Responses: { [TABLE]: keys.slice(0, served).map(itemOf) },
      UnprocessedKeys: left.length ? { [TABLE]: { ...request, Keys: left } } : {},
    };
  });
}

describe('batchGetAll', () => {
  it('reads unprocessed keys again until every item is in', async () => {
    answerPartly(2);
    const keys = keysOf(5);
    const items = await batchGetAll(TABLE, keys, { consistentRead: true, projection: 'PK, SK, #n' });
    expect(items).toHaveLength(5);
    expect(items).toEqual(expect.arrayContaining(keys.map(itemOf)));
    const calls = mock.commandCalls(BatchGetCommand).map((c) => requested(c.args[0].input));
    expect(calls.map((r) => r?.Keys?.length)).toEqual([5, 3, 1]);
    // A retry asks for what was left, the way the first request asked.
    for (const request of calls)
      expect(request).toMatchObject({ ConsistentRead: true, ProjectionExpression: 'PK, SK, #n' });
  });

  it('splits more than 100 keys into requests of 100', async () => {
    answerPartly(100);
    const items = await batchGetAll(TABLE, keysOf(250));
    expect(items).toHaveLength(250);
    const sizes = mock.commandCalls(BatchGetCommand).map((c) => requested(c.args[0].input)?.Keys?.length);
    expect(sizes.sort()).toEqual([100, 100, 50]);
  });

  it('throws ContentionError (a 503) when the keys never clear, after a bounded number of attempts', async () => {
    answerPartly(0);
    await expect(batchGetAll(TABLE, keysOf(3))).rejects.toThrow(ContentionError);
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(BATCH_GET_ATTEMPTS);
  });

  it('sends nothing for no keys', async () => {
    expect(await batchGetAll(TABLE, [])).toEqual([]);
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});

describe('batchGetAll backoff, on fake timers', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('pauses before each new round of leftovers (5, 10, 20 ms at most), never before the first request', async () => {
    vi.useFakeTimers({ now: 0 });
    // 1 is the (excluded) top of Math.random()'s range: every pause at its longest.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const at: number[] = [];
    mock.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
      at.push(Date.now());
      const request = requested(input);
      const [first, ...left] = request?.Keys ?? [];
      return {
        Responses: { [TABLE]: first ? [itemOf(first)] : [] },
        UnprocessedKeys: left.length ? { [TABLE]: { ...request, Keys: left } } : {},
      };
    });
    const read = batchGetAll(TABLE, keysOf(4));
    await vi.runAllTimersAsync();
    expect(await read).toHaveLength(4);
    expect(at).toEqual([0, 5, 15, 35]);
  });

  it('gives up after the attempts it was given, having paused between them', async () => {
    vi.useFakeTimers({ now: 0 });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const at: number[] = [];
    mock.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
      at.push(Date.now());
      return { Responses: { [TABLE]: [] }, UnprocessedKeys: { [TABLE]: requested(input) } };
    });
    const read = batchGetAll(TABLE, keysOf(2), { attempts: 3 });
    const settled = expect(read).rejects.toThrow(
      new ContentionError('BatchGet left 2 keys unprocessed after 3 attempts'),
    );
    await vi.runAllTimersAsync();
    await settled;
    expect(at).toEqual([0, 5, 15]);
  });
});
