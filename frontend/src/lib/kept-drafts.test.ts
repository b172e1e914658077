import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropDraft, KEEP_DAYS, keepDraft, keptDraft } from './kept-drafts';

const NOW = new Date('2026-12-02T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('kept drafts', () => {
  it('keeps a field’s text per user and gives it back with the time it was typed', () => {
    keepDraft('u1', 'trigger:q1', 'Bakers lose dough', NOW);
    expect(keptDraft('u1', 'trigger:q1', NOW)).toEqual({ text: 'Bakers lose dough', keptAt: NOW.toISOString() });
    expect(keptDraft('u2', 'trigger:q1', NOW)).toBeNull();
    expect(keptDraft('u1', 'trigger:q2', NOW)).toBeNull();
  });

  it('keeps the context the field needs to open again where it was', () => {
    keepDraft('u1', 'f', 'text', NOW, '{"kind":"add"}');
    expect(keptDraft('u1', 'f', NOW)).toEqual({ text: 'text', keptAt: NOW.toISOString(), context: '{"kind":"add"}' });
    localStorage.setItem('preseed.draft.v1:u1:g', JSON.stringify({ text: 'x', keptAt: NOW.toISOString(), context: 1 }));
    expect(keptDraft('u1', 'g', NOW)).toEqual({ text: 'x', keptAt: NOW.toISOString() });
  });

  it('drops the draft on an empty text and on drop', () => {
    keepDraft('u1', 'f', 'text', NOW);
    keepDraft('u1', 'f', '   ', NOW);
    expect(keptDraft('u1', 'f', NOW)).toBeNull();
    keepDraft('u1', 'f', 'text', NOW);
    dropDraft('u1', 'f');
    expect(keptDraft('u1', 'f', NOW)).toBeNull();
  });

  it(`keeps a draft for ${KEEP_DAYS} days and no longer`, () => {
    keepDraft('u1', 'f', 'text', NOW);
    expect(keptDraft('u1', 'f', new Date(NOW.getTime() + KEEP_DAYS * DAY))?.text).toBe('text');
    expect(keptDraft('u1', 'f', new Date(NOW.getTime() + KEEP_DAYS * DAY + 1))).toBeNull();
    // Dropped as it was read: not there even for an earlier clock.
    expect(keptDraft('u1', 'f', NOW)).toBeNull();
  });

  it('drops what it cannot read', () => {
    localStorage.setItem('preseed.draft.v1:u1:a', 'not json');
    localStorage.setItem('preseed.draft.v1:u1:b', JSON.stringify({ text: 3, keptAt: NOW.toISOString() }));
    localStorage.setItem('preseed.draft.v1:u1:c', JSON.stringify({ text: 'x', keptAt: 'yesterday' }));
    for (const field of ['a', 'b', 'c']) expect(keptDraft('u1', field, NOW)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('lets typing go on when the device refuses to store', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => keepDraft('u1', 'f', 'text', NOW)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
  });
});
