import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '#shared/api-types';
import { formatDateTime } from '../../lib/format-date-time';
import { meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

const SUBMITTED = '2026-11-20T09:30:00.000Z';
const UNLOCKED = '2026-11-21T15:00:00.000Z';

function dashboard(trigger: DashboardResponse['reviews']['trigger']): DashboardResponse {
  const none = { status: 'not-started', submittedAt: null, unlockedAt: null } as const;
  return {
    progress: {
      trigger: { answered: 27, total: 27, percent: 100 },
      'value-proposition': { answered: 0, total: 18, percent: 0 },
      'business-model': { answered: 0, total: 18, percent: 0 },
    },
    reviews: { trigger, 'value-proposition': none, 'business-model': none },
    validationTests: { count: 0 },
    documents: { count: 0, lastUploadedAt: null },
  };
}

function renderTrigger(review: DashboardResponse['reviews']['trigger'], unlocked = false) {
  return renderApp(
    '/trigger-questions',
    { user: FOUNDER },
    {
      api: {
        'accounts.me': meReply({
          phases: { generate_idea_status: true, ...(unlocked ? { trigger_questions_status: true } : {}) },
        }),
        'journey.dashboard': { body: dashboard(review) },
        'questions.list': { body: { questions: [] } },
        'journey.listAnswers': { body: { answers: [] } },
        'journey.suggestions': { body: { suggestions: null } },
      },
    },
  );
}

describe('the review status a founder sees', () => {
  it('says when the phase was submitted and that the coach has it', async () => {
    renderTrigger({ status: 'waiting', submittedAt: SUBMITTED, unlockedAt: null });
    const status = await screen.findByText(`Submitted ${formatDateTime(SUBMITTED)}`, {}, { timeout: 8000 });
    expect(status.closest('p')).toHaveTextContent('waiting for your coach');
  });

  it('says when the coach reviewed it and opened the next phase', async () => {
    renderTrigger({ status: 'unlocked', submittedAt: SUBMITTED, unlockedAt: UNLOCKED }, true);
    expect(await screen.findByText(`Reviewed ${formatDateTime(UNLOCKED)}`, {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('says nothing while the phase is being answered', async () => {
    renderTrigger({ status: 'in-progress', submittedAt: null, unlockedAt: null });
    await screen.findByRole('heading', { level: 1, name: 'Trigger Questions' }, { timeout: 8000 });
    expect(screen.queryByText(/waiting for your coach/)).toBeNull();
  });
});
