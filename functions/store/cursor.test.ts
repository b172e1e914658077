import { describe, expect, it } from 'vitest';
import { type CursorShape, decodeCursor, encodeCursor, GSI1_KEY, InvalidCursorError, TABLE_KEY } from './cursor';

const REVIEW: CursorShape = {
  attributes: GSI1_KEY,
  equals: { GSI1PK: 'REVIEW#trigger#PENDING' },
  prefixes: { PK: 'USER#', SK: 'PROGRESS#' },
  message: 'The cursor is not valid for this list. Start again from the first page.',
};
const FILES: CursorShape = { attributes: TABLE_KEY, equals: { PK: 'USER#ada' }, prefixes: { SK: 'FILE#' } };

const reviewKey = {
  PK: 'USER#ada',
  SK: 'PROGRESS#trigger',
  GSI1PK: 'REVIEW#trigger#PENDING',
  GSI1SK: '2025-01-01T00:00:00.000Z#ada',
};
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursor codec', () => {
  it('gives back the key it encoded, and null when there is no next page', () => {
    const cursor = encodeCursor(reviewKey);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeCursor(cursor ?? '', REVIEW)).toEqual(reviewKey);
    expect(encodeCursor(undefined)).toBeNull();
    const fileKey = { PK: 'USER#ada', SK: 'FILE#1700000000000-abcdefghij' };
    expect(decodeCursor(encodeCursor(fileKey) ?? '', FILES)).toEqual(fileKey);
  });

  it.each([
    ['not base64url JSON', '%%%'],
    ['JSON that is not an object', raw('USER#ada')],
    ['null', raw(null)],
    ['an array', raw([reviewKey.PK, reviewKey.SK])],
    ['a missing attribute', raw({ ...reviewKey, GSI1SK: undefined })],
    ['an attribute more', raw({ ...reviewKey, answered: '3' })],
    [
      'a __proto__ attribute',
      Buffer.from(`{"__proto__":"x",${JSON.stringify(reviewKey).slice(1)}`).toString('base64url'),
    ],
    ['a number where the table keeps strings', raw({ ...reviewKey, GSI1SK: 7 })],
    ['an object value', raw({ ...reviewKey, SK: { S: 'PROGRESS#trigger' } })],
    ['an empty key value', raw({ ...reviewKey, SK: '' })],
    ['a sort key past 1,024 bytes', raw({ ...reviewKey, GSI1SK: 'k'.repeat(1025) })],
    ['a partition key past 2,048 bytes', raw({ ...reviewKey, PK: `USER#${'k'.repeat(2044)}` })],
    ["another list's partition", raw({ ...reviewKey, GSI1PK: 'REVIEW#trigger#UNLOCKED' })],
    ['an item of another kind', raw({ ...reviewKey, SK: 'PROFILE' })],
  ])('refuses %s with the list’s message', (_, cursor) => {
    expect(() => decodeCursor(cursor, REVIEW)).toThrow(
      new InvalidCursorError('The cursor is not valid for this list. Start again from the first page.'),
    );
  });

  it("refuses another founder's file cursor, and a review cursor for the file list, with the default message", () => {
    const foreign = raw({ PK: 'USER#eve', SK: 'FILE#1700000000000-abcdefghij' });
    for (const cursor of [foreign, raw(reviewKey)]) {
      expect(() => decodeCursor(cursor, FILES)).toThrow(InvalidCursorError);
      expect(() => decodeCursor(cursor, FILES)).toThrow('The cursor is not valid. Start again from the first page.');
    }
  });
});

describe('cursor key sizes, from both sides of each limit', () => {
  const accepted = (key: Record<string, string>) => decodeCursor(raw(key), REVIEW);

  it('takes a sort key of exactly 1,024 bytes and refuses 1,025', () => {
    const at = { ...reviewKey, GSI1SK: 'k'.repeat(1024) };
    expect(accepted(at)).toEqual(at);
    expect(() => accepted({ ...reviewKey, GSI1SK: 'k'.repeat(1025) })).toThrow(InvalidCursorError);
    const sk = { ...reviewKey, SK: `PROGRESS#${'k'.repeat(1015)}` };
    expect(accepted(sk)).toEqual(sk);
    expect(() => accepted({ ...reviewKey, SK: `PROGRESS#${'k'.repeat(1016)}` })).toThrow(InvalidCursorError);
  });

  it('takes a partition key of exactly 2,048 bytes and refuses 2,049', () => {
    const at = { ...reviewKey, PK: `USER#${'k'.repeat(2043)}` };
    expect(accepted(at)).toEqual(at);
    expect(() => accepted({ ...reviewKey, PK: `USER#${'k'.repeat(2044)}` })).toThrow(InvalidCursorError);
    const shape: CursorShape = { attributes: GSI1_KEY };
    const gsi = { ...reviewKey, GSI1PK: 'g'.repeat(2048) };
    expect(decodeCursor(raw(gsi), shape)).toEqual(gsi);
    expect(() => decodeCursor(raw({ ...reviewKey, GSI1PK: 'g'.repeat(2049) }), shape)).toThrow(InvalidCursorError);
  });

  it('counts bytes, not characters: 512 two-byte characters fit a sort key, 513 do not', () => {
    const at = { ...reviewKey, GSI1SK: 'é'.repeat(512) };
    expect(accepted(at)).toEqual(at);
    expect(() => accepted({ ...reviewKey, GSI1SK: 'é'.repeat(513) })).toThrow(InvalidCursorError);
  });

  it('refuses an empty GSI1SK (DynamoDB would answer a 500-worthy ValidationException) as InvalidCursorError', () => {
    expect(() => accepted({ ...reviewKey, GSI1SK: '' })).toThrow(
      new InvalidCursorError('The cursor is not valid for this list. Start again from the first page.'),
    );
  });

  it('holds equals and prefixes only for the attributes they name', () => {
    const any: CursorShape = { attributes: TABLE_KEY };
    expect(decodeCursor(raw({ PK: 'anything', SK: 'at all' }), any)).toEqual({ PK: 'anything', SK: 'at all' });
    expect(() => decodeCursor(raw({ PK: 'USER#ada', SK: 'FILE' }), FILES)).toThrow(InvalidCursorError);
    expect(decodeCursor(raw({ PK: 'USER#ada', SK: 'FILE#x' }), FILES)).toEqual({ PK: 'USER#ada', SK: 'FILE#x' });
  });

  it('gives back exactly the shape’s attributes, as a plain copy', () => {
    const decoded = decodeCursor(raw(reviewKey), REVIEW);
    expect(Object.keys(decoded).sort()).toEqual([...GSI1_KEY].sort());
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
  });
});
