import { describe, expect, it } from 'vitest';
import type { QuestionHistory } from '#shared/domain/answer-history';
import { changesAt, describeChange, describeEdit, describeMoment, versionChanges } from './history-changes';

const T1 = '2026-01-01T10:00:00.000Z';
const T2 = '2026-01-02T10:00:00.000Z';
const T3 = '2026-01-03T10:00:00.000Z';
const T4 = '2026-01-04T10:00:00.000Z';

const HISTORY: QuestionHistory[] = [
  {
    questionId: 'q1',
    category: 'Key Partners',
    versions: [
      { at: T1, answers: ['Bakeries', 'Mills'], deleted: false },
      { at: T2, answers: ['Mills', 'Bakeries'], deleted: false },
      { at: T3, answers: [], deleted: true },
      {
        at: T4,
        answers: ['A very long entry that goes on and on well past the forty characters quoted'],
        deleted: false,
      },
    ],
  },
  { questionId: 'q2', category: 'Channels', versions: [{ at: T3, answers: ['Markets'], deleted: false }] },
];

describe('what changed at a moment of the history', () => {
  it('names the block and quotes what was added at the first save', () => {
    expect(changesAt(HISTORY, T1).map((c) => describeChange(c))).toEqual(['Key Partners: added “Bakeries”, “Mills”']);
  });

  it('calls the same entries in a new order a reorder', () => {
    expect(changesAt(HISTORY, T2).map((c) => describeChange(c))).toEqual(['Key Partners: reordered']);
  });

  it('says what a delete took away, and counts the other answers changed at the same moment', () => {
    const changes = changesAt(HISTORY, T3);
    expect(changes.map((c) => describeChange(c))).toEqual([
      'Key Partners: deleted “Mills”, “Bakeries”',
      'Channels: added “Markets”',
    ]);
    expect(describeMoment(changes)).toBe('Key Partners: deleted “Mills”, “Bakeries” (and 1 more)');
  });

  it('compares a save after a delete with nothing, and cuts a long entry to an excerpt', () => {
    expect(describeMoment(changesAt(HISTORY, T4))).toBe(
      'Key Partners: added “A very long entry that goes on and on we…”',
    );
  });

  it('finds nothing at a moment no answer changed', () => {
    expect(changesAt(HISTORY, '2026-02-01T00:00:00.000Z')).toEqual([]);
    expect(describeMoment([])).toBe('');
  });

  it("lists one question's versions with what each changed from the one before", () => {
    const [partners] = HISTORY;
    if (!partners) throw new Error('fixture');
    expect(versionChanges(partners).map((c) => describeEdit(c))).toEqual([
      'added “Bakeries”, “Mills”',
      'reordered',
      'deleted “Mills”, “Bakeries”',
      'added “A very long entry that goes on and on we…”',
    ]);
  });

  it("names a question and shows its entries in the caller's words (a tool's field, a table row's cells)", () => {
    const rows: QuestionHistory = {
      questionId: 'tool-swot-strengths',
      category: 'Strengths',
      versions: [{ at: T1, answers: ['["Fast","High"]'], deleted: false }],
    };
    const words = {
      label: () => 'Your strengths',
      entry: (_: unknown, entry: string) => (JSON.parse(entry) as string[]).join(' · '),
    };
    expect(describeMoment(changesAt([rows], T1), words)).toBe('Your strengths: added “Fast · High”');
  });
});
