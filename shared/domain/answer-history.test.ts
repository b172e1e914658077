import { describe, expect, it } from 'vitest';
import { changeTimes, diffAnswers, type QuestionHistory, snapshotAt } from './answer-history';

const history: QuestionHistory[] = [
  {
    questionId: 'partners',
    category: 'Key Partners',
    versions: [
      { at: '2026-01-01T10:00:00.000Z', answers: ['Bakeries'], deleted: false },
      { at: '2026-01-03T10:00:00.000Z', answers: [], deleted: true },
    ],
  },
  {
    questionId: 'channels',
    category: 'Channels',
    versions: [{ at: '2026-01-02T10:00:00.000Z', answers: ['Instagram', 'Markets'], deleted: false }],
  },
];

describe('canvas history', () => {
  it('gives each question its state at a date, leaving out answers deleted or not yet written', () => {
    expect([...snapshotAt(history, '2026-01-01T12:00:00.000Z')]).toEqual([['partners', ['Bakeries']]]);
    expect([...snapshotAt(history, '2026-01-02T10:00:00.000Z')]).toEqual([
      ['partners', ['Bakeries']],
      ['channels', ['Instagram', 'Markets']],
    ]);
    expect([...snapshotAt(history, '2026-01-04T00:00:00.000Z')]).toEqual([['channels', ['Instagram', 'Markets']]]);
    expect(snapshotAt(history, '2025-12-31T00:00:00.000Z').size).toBe(0);
  });

  it('lists the moments the canvas changed, newest first, each once', () => {
    expect(changeTimes([...history, history[1] as QuestionHistory])).toEqual([
      '2026-01-03T10:00:00.000Z',
      '2026-01-02T10:00:00.000Z',
      '2026-01-01T10:00:00.000Z',
    ]);
  });

  it('says which entries were added, removed and kept between two states', () => {
    expect(diffAnswers(['Instagram', 'Markets'], ['Markets', 'Newsletter'])).toEqual({
      added: ['Newsletter'],
      removed: ['Instagram'],
      kept: ['Markets'],
    });
  });
});
