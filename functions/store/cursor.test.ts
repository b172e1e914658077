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
