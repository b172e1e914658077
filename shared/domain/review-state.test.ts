import { describe, expect, it } from 'vitest';
import { REVIEW_STATE_LABELS, reviewStateOf } from './review-state';

const REQUEST = { message: 'Sharpen question 2.', requestedAt: '2026-11-02T10:00:00.000Z' };

describe('the review state of a phase', () => {
  it('names not started and in progress before every question is answered', () => {
    expect(reviewStateOf({ status: 'not-started' })).toEqual({ kind: 'not-started' });
    expect(reviewStateOf({ status: 'in-progress', changeRequest: REQUEST })).toEqual({ kind: 'in-progress' });
  });

  it('reads pending (coach routes) and waiting (dashboard) as the same state, dated by the latest submission', () => {
    const submittedAt = '2026-11-03T09:00:00.000Z';
    expect(reviewStateOf({ status: 'pending', submittedAt })).toEqual({ kind: 'waiting', submittedAt });
    expect(reviewStateOf({ status: 'waiting', submittedAt })).toEqual({ kind: 'waiting', submittedAt });
    expect(reviewStateOf({ status: 'waiting' })).toEqual({ kind: 'waiting', submittedAt: null });
  });

  it('shows the change request only while the founder is sent back', () => {
    expect(reviewStateOf({ status: 'changes-requested', changeRequest: REQUEST })).toEqual({
      kind: 'changes-requested',
      message: REQUEST.message,
      requestedAt: REQUEST.requestedAt,
    });
    expect(reviewStateOf({ status: 'changes-requested' })).toEqual({
      kind: 'changes-requested',
      message: null,
      requestedAt: null,
    });
    // After a resave: back with the coach, the old request is history.
    expect(reviewStateOf({ status: 'pending', changeRequest: REQUEST }).kind).toBe('waiting');
    // After an unlock.
    expect(reviewStateOf({ status: 'unlocked', changeRequest: REQUEST, unlockedAt: 'u' })).toEqual({
      kind: 'unlocked',
      unlockedAt: 'u',
    });
  });

  it('is unlocked once the next phase is open, whatever the status says, and not before', () => {
    expect(reviewStateOf({ status: 'changes-requested', changeRequest: REQUEST, nextPhaseOpen: true })).toEqual({
      kind: 'unlocked',
      unlockedAt: null,
    });
    expect(reviewStateOf({ status: 'in-progress', nextPhaseOpen: true }).kind).toBe('unlocked');
    expect(reviewStateOf({ status: 'pending', nextPhaseOpen: false }).kind).toBe('waiting');
  });

  it('has one label per state', () => {
    expect(REVIEW_STATE_LABELS).toEqual({
      'not-started': 'Not started',
      'in-progress': 'In progress',
      waiting: 'Pending review',
      'changes-requested': 'Changes requested',
      unlocked: 'Unlocked',
    });
  });
});
