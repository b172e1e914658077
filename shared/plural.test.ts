import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural for zero and many', () => {
    expect(plural(1, 'user')).toBe('1 user');
    expect(plural(0, 'user')).toBe('0 users');
    expect(plural(2, 'question')).toBe('2 questions');
  });

  it('takes an irregular plural and groups thousands', () => {
    expect(plural(1, 'person', 'people')).toBe('1 person');
    expect(plural(3, 'person', 'people')).toBe('3 people');
    expect(plural(12500, 'founder')).toBe('12,500 founders');
  });
});
