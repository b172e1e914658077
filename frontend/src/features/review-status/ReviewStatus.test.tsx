import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PhaseFeedback } from '#shared/api-types';
import { formatDateTime } from '../../lib/format-date-time';
import { meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { renderComponent } from '../../test/render-component';
import { ReviewStatus } from './ReviewStatus';

const SUBMITTED = '2026-11-20T09:30:00.000Z';
const RESUBMITTED = '2026-11-22T08:00:00.000Z';
const UNLOCKED = '2026-11-21T15:00:00.000Z';
const REQUEST = { message: 'Name the customer.', requestedAt: '2026-11-21T10:00:00.000Z' };

type Review = Pick<PhaseFeedback, 'status' | 'submittedAt' | 'unlockedAt' | 'changeRequest'>;

function renderTrigger(review: Review, unlocked = false) {
  const feedback: PhaseFeedback = { phase: 'trigger', summary: null, summaryMine: false, feedback: [], ...review };
  return renderApp(
    '/trigger-questions',
    { user: FOUNDER },
    {
      api: {
        'accounts.me': meReply({
          phases: { generate_idea_status: true, ...(unlocked ? { trigger_questions_status: true } : {}) },
        }),
        'feedback.founderPhase': { body: feedback },
        'questions.list': { body: { questions: [] } },
        'journey.listAnswers': { body: { answers: [] } },
        'journey.suggestions': { body: { suggestions: null } },
      },
    },
  );
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Trigger Questions' }, { timeout: 8000 });

describe('the review status a founder sees', () => {
  it('says when the phase was submitted and that the coach has it', async () => {
    renderTrigger({ status: 'pending', submittedAt: SUBMITTED, unlockedAt: null, changeRequest: null });
    const status = await screen.findByText(`Submitted ${formatDateTime(SUBMITTED)}`, {}, { timeout: 8000 });
    expect(status.closest('p')).toHaveTextContent('waiting for your coach');
  });

  it('after a resave that answers a change request: waiting again, since the new submission, and no request', async () => {
    renderTrigger({ status: 'pending', submittedAt: RESUBMITTED, unlockedAt: null, changeRequest: REQUEST });
    expect(
      await screen.findByText(`Submitted ${formatDateTime(RESUBMITTED)}`, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your coach asked for changes')).toBeNull();
    expect(screen.queryByText(REQUEST.message)).toBeNull();
  });

  it('while changes are asked for: the banner alone, no "waiting" line', async () => {
    renderTrigger({ status: 'changes-requested', submittedAt: SUBMITTED, unlockedAt: null, changeRequest: REQUEST });
    expect(await screen.findByText('Your coach asked for changes', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(REQUEST.message)).toBeInTheDocument();
    expect(screen.queryByText(/waiting for your coach/)).toBeNull();
  });

  it('says when the coach reviewed it and opened the next phase, and no longer shows the request', async () => {
    renderTrigger({ status: 'unlocked', submittedAt: SUBMITTED, unlockedAt: UNLOCKED, changeRequest: REQUEST }, true);
    expect(await screen.findByText(`Reviewed ${formatDateTime(UNLOCKED)}`, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('Your coach asked for changes')).toBeNull();
  });

  it('is unlocked once the next phase is open, even before the status says so', async () => {
    renderTrigger(
      { status: 'changes-requested', submittedAt: SUBMITTED, unlockedAt: null, changeRequest: REQUEST },
      true,
    );
    await heading();
    expect(screen.queryByText('Your coach asked for changes')).toBeNull();
    expect(screen.queryByText(/waiting for your coach/)).toBeNull();
  });

  it("on a Validate tool, says where the coach's word will appear rather than promising an email", async () => {
    const feedback: PhaseFeedback = {
      phase: 'swot',
      summary: null,
      summaryMine: false,
      feedback: [],
      status: 'pending',
      submittedAt: SUBMITTED,
      unlockedAt: null,
      changeRequest: null,
    };
    renderComponent(<ReviewStatus type="swot" />, {
      api: {
        'accounts.me': meReply({ phases: { generate_idea_status: true, bmc_status: true } }),
        'feedback.founderPhase': { body: feedback },
      },
    });
    const status = await screen.findByText(`Submitted ${formatDateTime(SUBMITTED)}`, {}, { timeout: 8000 });
    expect(status.closest('p')).toHaveTextContent('Their ratings and comments will appear under your answers.');
    expect(status.closest('p')).not.toHaveTextContent('email');
  });

  it('while the phase is being answered, says that completing it sends it to the coach', async () => {
    renderTrigger({ status: 'in-progress', submittedAt: null, unlockedAt: null, changeRequest: null });
    const note = await screen.findByRole('note', {}, { timeout: 8000 });
    expect(note).toHaveTextContent('When every question is answered, this phase goes to your coach for review.');
    expect(screen.queryByText(/waiting for your coach/)).toBeNull();
  });

  it('before the first answer too, and no longer once it was sent', async () => {
    renderTrigger({ status: 'not-started', submittedAt: null, unlockedAt: null, changeRequest: null });
    expect(await screen.findByRole('note', {}, { timeout: 8000 })).toHaveTextContent('this phase goes to your coach');
  });

  it('once sent, says that the coach sees the edits made until the review', async () => {
    renderTrigger({ status: 'pending', submittedAt: SUBMITTED, unlockedAt: null, changeRequest: null });
    const status = await screen.findByText(`Submitted ${formatDateTime(SUBMITTED)}`, {}, { timeout: 8000 });
    expect(status.closest('p')).toHaveTextContent('Your coach sees any edit you make until they review it.');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('on a Validate tool being filled in, names the tool', async () => {
    const feedback: PhaseFeedback = {
      phase: 'swot',
      summary: null,
      summaryMine: false,
      feedback: [],
      status: 'in-progress',
      submittedAt: null,
      unlockedAt: null,
      changeRequest: null,
    };
    renderComponent(<ReviewStatus type="swot" />, {
      api: {
        'accounts.me': meReply({ phases: { generate_idea_status: true, bmc_status: true } }),
        'feedback.founderPhase': { body: feedback },
      },
    });
    expect(await screen.findByRole('note', {}, { timeout: 8000 })).toHaveTextContent(
      'When every question is answered, this tool goes to your coach for review.',
    );
  });

  it('says nothing of sending once the coach reviewed it', async () => {
    renderTrigger({ status: 'unlocked', submittedAt: SUBMITTED, unlockedAt: UNLOCKED, changeRequest: null }, true);
    await screen.findByText(`Reviewed ${formatDateTime(UNLOCKED)}`, {}, { timeout: 8000 });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
