import { describe, expect, it } from 'vitest';
import { ANSWER_LIMITS, answerListProblem } from './answers';

describe('answer lists', () => {
  it('accept any text, including the old separator', () => {
    expect(answerListProblem(['Busy parents - with toddlers', 'Night-shift nurses'])).toBeNull();
  });

  it('refuse an empty list, blank answers and duplicates after trimming (case-sensitive)', () => {
    expect(answerListProblem([])).toBe('Please enter an answer before adding.');
    expect(answerListProblem(['ok', '   '])).toBe('Answer cannot be empty.');
    expect(answerListProblem(['Parents', ' Parents '])).toBe('This answer already exists.');
    expect(answerListProblem(['Parents', 'parents'])).toBeNull();
  });

  it('bound the size of a list and of each answer', () => {
    expect(answerListProblem(['x'.repeat(2001)])).toMatch(/at most 2000/);
    expect(answerListProblem(Array.from({ length: 51 }, (_, i) => `a${i}`))).toMatch(/at most 50/);
  });
});

describe('answer list limits, from both sides of each boundary', () => {
  const answersOf = (n: number) => Array.from({ length: n }, (_, i) => `answer ${i}`);

  it('takes an answer of exactly 2,000 characters and refuses one of 2,001', () => {
    expect(ANSWER_LIMITS.maxLength).toBe(2000);
    expect(answerListProblem(['x'.repeat(2000)])).toBeNull();
    expect(answerListProblem(['x'.repeat(2001)])).toBe('Each answer must be at most 2000 characters.');
  });

  it('measures an answer after trimming: 2,000 characters with spaces around them are accepted', () => {
    expect(answerListProblem([`  ${'x'.repeat(2000)}\n`])).toBeNull();
  });

  it('takes exactly 50 answers and refuses 51', () => {
    expect(ANSWER_LIMITS.maxAnswers).toBe(50);
    expect(answerListProblem(answersOf(50))).toBeNull();
    expect(answerListProblem(answersOf(51))).toBe('A question takes at most 50 answers.');
  });

  it('reports the first problem in list order: a blank answer before a later duplicate', () => {
    expect(answerListProblem(['a', ' ', 'a'])).toBe('Answer cannot be empty.');
    expect(answerListProblem(['a', 'a', ' '])).toBe('This answer already exists.');
    expect(answerListProblem(['a', 'x'.repeat(2001), 'a'])).toMatch(/at most 2000/);
  });
});
