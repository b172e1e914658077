import { describe, expect, it } from 'vitest';
import { answerListProblem } from './answers';

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
