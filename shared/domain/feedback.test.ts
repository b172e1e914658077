/** Which coach comments the founder's badge counts: those still waiting on the founder. */
import { describe, expect, it } from 'vitest';
import { awaitsFounder, type ThreadFacts } from './feedback';

const COMMENT: ThreadFacts = {
  comment: 'Who exactly is the customer?',
  resolved: false,
  updatedAt: '2026-05-01T10:00:00.000Z',
  replies: [],
};
const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('awaitsFounder', () => {
  it('counts a fresh comment while the coach reviews or asks for changes', () => {
    expect(awaitsFounder(COMMENT, 'pending')).toBe(true);
    expect(awaitsFounder(COMMENT, 'changes-requested')).toBe(true);
  });

  it('counts the coach’s reply to the founder’s answer again, until the founder answers that too', () => {
    const answered = { ...COMMENT, replies: [{ author: 'founder' as const, at: at(5) }] };
    expect(awaitsFounder(answered, 'pending')).toBe(false);
    const coachAgain = { ...answered, replies: [...answered.replies, { author: 'coach' as const, at: at(9) }] };
    expect(awaitsFounder(coachAgain, 'pending')).toBe(true);
    const answeredAgain = {
      ...coachAgain,
      replies: [...coachAgain.replies, { author: 'founder' as const, at: at(12) }],
    };
    expect(awaitsFounder(answeredAgain, 'pending')).toBe(false);
  });

  it('counts a comment the coach changed after the founder’s reply', () => {
    const edited = { ...COMMENT, updatedAt: at(20), replies: [{ author: 'founder' as const, at: at(5) }] };
    expect(awaitsFounder(edited, 'changes-requested')).toBe(true);
  });

  it('clears once the coach unlocks the phase, whatever the thread holds', () => {
    expect(awaitsFounder(COMMENT, 'unlocked')).toBe(false);
    expect(awaitsFounder({ ...COMMENT, replies: [{ author: 'coach', at: at(30) }] }, 'unlocked')).toBe(false);
  });

  it('clears a resolved thread, and never counts a rating without a comment', () => {
    expect(awaitsFounder({ ...COMMENT, resolved: true }, 'pending')).toBe(false);
    expect(awaitsFounder({ ...COMMENT, comment: '' }, 'pending')).toBe(false);
  });
});
