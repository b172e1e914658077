/**
 * A canvas under review: the numbers its question dialogs show count across the phase (as the coach's numbers do),
 * and the one review state reaches the canvas itself — a change request highlights the blocks it concerns and names
 * their questions, and the completion box never asks to wait under it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnswerFeedback, PhaseFeedback } from '#shared/api-types';
import { CHANGES_REQUESTED_TEXT } from '#shared/domain/review-state';
import type { CanvasType } from '../../data/journey/canvas-data';
import { FOUNDER } from '../../test/fake-auth';
import { answerThread } from '../../test/fixtures/answer-thread';
import { canvasFake } from '../../test/fixtures/canvas-fake';
import { renderApp } from '../../test/render-app';

const SLOW = { timeout: 8000 };
const WAIT = /wait for 36 hours/;
const COMMENT = 'Name the resource you cannot do without.';

const PAGES = {
  'value-proposition': { path: '/value-proposition', phases: { trigger_questions_status: true } },
  'business-model': {
    path: '/business-model',
    phases: { trigger_questions_status: true, value_proposition_status: true },
  },
} as const;

function thread(questionId: string, overrides: Partial<AnswerFeedback> = {}): AnswerFeedback {
  return answerThread(questionId, { comment: COMMENT, ...overrides });
}

function phaseFeedback(type: CanvasType, status: PhaseFeedback['status'], threads: AnswerFeedback[]): PhaseFeedback {
  return {
    phase: type,
    status,
    submittedAt: '2025-01-02T00:00:00.000Z',
    unlockedAt: status === 'unlocked' ? '2025-01-04T00:00:00.000Z' : null,
    summary: null,
    summaryMine: false,
    changeRequest:
      status === 'changes-requested'
        ? { message: 'Please back up question 3.', requestedAt: '2025-01-03T00:00:00.000Z' }
        : null,
    feedback: threads,
  };
}

/** Every question answered (one per block), with the coach's feedback as given. */
function renderCanvas(type: CanvasType, feedback: PhaseFeedback, phases: Record<string, boolean> = {}) {
  const answers = Object.fromEntries(canvasFake({ type }).questions.map((q) => [q.id, [`About ${q.category}`]]));
  const fake = canvasFake({ type, phases: { ...PAGES[type].phases, ...phases }, answers });
  return renderApp(
    PAGES[type].path,
    { user: FOUNDER },
    { api: { ...fake.routes, 'feedback.founderPhase': { body: feedback } } },
  );
}

const block = (section: string) => screen.getByRole('region', { name: section });
const asked = () => screen.queryAllByRole('button', { name: /^Read your coach's comment/ });

describe('a canvas sent back for changes', () => {
  it.each([
    ['business-model', 'Key Resources', 'business-model-2-1'],
    ['value-proposition', 'Customer Gains', 'value-proposition-2-1'],
  ] as const)(
    '%s: highlights the block whose answer has a comment, names its phase-wide number and opens it',
    async (type, section, questionId) => {
      const { user } = renderCanvas(type, phaseFeedback(type, 'changes-requested', [thread(questionId)]));
      const link = await screen.findByRole('button', { name: "Read your coach's comment on question 3" }, SLOW);
      expect(block(section)).toContainElement(link);
      expect(block(section)).toHaveClass('fb-highlight');
      expect(asked()).toHaveLength(1);
      for (const other of screen.getAllByRole('region').filter((r) => r !== block(section))) {
        expect(other).not.toHaveClass('fb-highlight');
      }
      // The completion box says what the banner says, never "please wait".
      expect(screen.getAllByText(CHANGES_REQUESTED_TEXT).length).toBeGreaterThan(0);
      expect(screen.queryByText(WAIT)).not.toBeInTheDocument();

      await user.click(link);
      const dialog = screen.getByRole('dialog', { name: `Questions for ${section}` });
      expect(within(dialog).getByText('Question 3')).toBeInTheDocument();
      expect(await within(dialog).findByText(COMMENT)).toBeInTheDocument();
    },
  );

  it('leaves out the blocks whose threads are resolved or carry no comment', async () => {
    const type = 'business-model';
    const feedback = phaseFeedback(type, 'changes-requested', [
      thread('business-model-2-1'),
      thread('business-model-0-1', { resolved: true, resolvedBy: 'founder' }),
      thread('business-model-1-1', { comment: '' }),
    ]);
    renderCanvas(type, feedback);
    await screen.findByRole('button', { name: "Read your coach's comment on question 3" }, SLOW);
    expect(asked()).toHaveLength(1);
    expect(block('Key Partners')).not.toHaveClass('fb-highlight');
    expect(block('Key Activities')).not.toHaveClass('fb-highlight');
  });

  it.each([
    ['after the resave (pending again)', 'pending', {}],
    ['after the unlock', 'unlocked', { bmc_status: true }],
  ] as const)('highlights nothing %s, though the comment stays', async (_when, status, phases) => {
    const type = 'business-model';
    renderCanvas(type, phaseFeedback(type, status, [thread('business-model-2-1')]), phases);
    await screen.findByRole('button', { name: 'Questions for Key Resources' }, SLOW);
    expect(asked()).toHaveLength(0);
    expect(block('Key Resources')).not.toHaveClass('fb-highlight');
    expect(screen.queryByText(CHANGES_REQUESTED_TEXT)).not.toBeInTheDocument();
    if (status === 'pending') expect(screen.getByText(WAIT)).toBeInTheDocument();
  });
});

describe('canvas question numbers', () => {
  it.each([
    ['business-model', 'Revenue Streams', 'Question 9'],
    ['value-proposition', 'Gain Creators', 'Question 6'],
  ] as const)(
    '%s: a later block numbers its question across the phase, as the coach does',
    async (type, section, label) => {
      const { user } = renderCanvas(type, phaseFeedback(type, 'pending', []));
      await user.click(await screen.findByRole('button', { name: `Questions for ${section}` }, SLOW));
      const dialog = screen.getByRole('dialog', { name: `Questions for ${section}` });
      expect(within(dialog).getByText(label)).toBeInTheDocument();
    },
  );
});
