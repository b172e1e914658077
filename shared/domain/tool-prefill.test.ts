import { describe, expect, it } from 'vitest';
import { ANSWER_LIMITS } from './answers';
import { TOOL_TEXT_MAX } from './tool-answers';
import { fitProposal, type PrefillSource } from './tool-prefill';

const src = (...lines: string[]): PrefillSource => ({ from: 'Business Model · Channels', lines });

describe('fitProposal', () => {
  it('proposes nothing when no source has a line worth keeping', () => {
    expect(fitProposal({ kind: 'list' }, [])).toBeNull();
    expect(fitProposal({ kind: 'paragraph' }, [src(), src('  ', '')])).toBeNull();
  });

  it('a list keeps each distinct trimmed line across sources, in order', () => {
    expect(fitProposal({ kind: 'list' }, [src(' Ads ', 'Events'), src('Ads', '', 'Partners')])).toEqual([
      'Ads',
      'Events',
      'Partners',
    ]);
  });

  it(`a list keeps at most ${ANSWER_LIMITS.maxAnswers} lines, each clipped to ${ANSWER_LIMITS.maxLength} characters`, () => {
    const many = Array.from({ length: ANSWER_LIMITS.maxAnswers + 5 }, (_, i) => `line ${i}`);
    const fitted = fitProposal({ kind: 'list' }, [src(...many)]);
    expect(fitted).toHaveLength(ANSWER_LIMITS.maxAnswers);
    expect(fitted?.at(-1)).toBe(`line ${ANSWER_LIMITS.maxAnswers - 1}`);
    const long = fitProposal({ kind: 'list' }, [src('x'.repeat(ANSWER_LIMITS.maxLength + 1))]);
    expect(long).toEqual([`${'x'.repeat(ANSWER_LIMITS.maxLength - 1)}…`]);
  });

  it('a paragraph joins the lines, one per line, clipped to the answer length', () => {
    expect(fitProposal({ kind: 'paragraph' }, [src('Ads', 'Ads'), src('Events')])).toEqual(['Ads\nEvents']);
    const exact = 'x'.repeat(ANSWER_LIMITS.maxLength);
    expect(fitProposal({ kind: 'paragraph' }, [src(exact)])).toEqual([exact]);
    // Clipped text loses its trailing space before the ellipsis.
    const spaced = `${'x'.repeat(ANSWER_LIMITS.maxLength - 2)} yz`;
    expect(fitProposal({ kind: 'paragraph' }, [src(spaced)])).toEqual([`${'x'.repeat(ANSWER_LIMITS.maxLength - 2)}…`]);
  });

  it(`a one-line text takes the first line, clipped to ${TOOL_TEXT_MAX} characters`, () => {
    expect(fitProposal({ kind: 'text' }, [src('', 'First'), src('Second')])).toEqual(['First']);
    const exact = 'y'.repeat(TOOL_TEXT_MAX);
    expect(fitProposal({ kind: 'text' }, [src(exact)])).toEqual([exact]);
    const clipped = fitProposal({ kind: 'text' }, [src('y'.repeat(TOOL_TEXT_MAX + 1))]);
    expect(clipped).toEqual([`${'y'.repeat(TOOL_TEXT_MAX - 1)}…`]);
    expect(clipped?.[0]).toHaveLength(TOOL_TEXT_MAX);
  });

  it('a number, a choice and a table are shown for reference only', () => {
    for (const kind of ['number', 'choice', 'rows'] as const) {
      expect(fitProposal({ kind }, [src('1200', 'Bottom-up')]), kind).toBeNull();
    }
  });
});
