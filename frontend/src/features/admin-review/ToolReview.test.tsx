import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewAnswer } from '#shared/api-types';
import { formatRow } from '#shared/domain/tool-answers';
import { builtInQuestions } from '#shared/domain/tool-questions';
import type { FakeRoutes } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { founder, reviewLists } from '../../test/fixtures/fake-review-api';
import { renderApp } from '../../test/render-app';
import { LIVE_REVIEW_MS } from './review-api';

const at = '2026-11-21T15:45:00.000Z';
const JANE = founder('u-jane', { name: 'Jane Doe', email: 'jane@example.com', totalAnswers: 3, rating: 4 });
const OMAR = founder('u-omar', { name: 'Omar Field' });

const answer = (questionId: string, number: number, category: string, question: string, answers: string[]) => ({
  questionId,
  number,
  category,
  question,
  answers,
  submittedAt: at,
  updatedAt: at,
});

/** Jane's PESTEL: a table row under Political, one under Legal, and her answer to a coach's guidance question. */
const ANSWERS: Record<string, ReviewAnswer[]> = {
  'u-jane': [
    answer('tool-pestel-political', 1, 'Political', 'Political factors', [
      formatRow(['Subsidy cuts', 'High', 'Runway shortens']),
    ]),
    answer('tool-pestel-legal', 6, 'Legal', 'Legal factors', [formatRow(['GDPR', 'Medium', 'Consent flows'])]),
    answer('g-1', 7, 'Political', 'Which election matters most?', ['The 2027 regional vote']),
  ],
};

function renderToolReview(path = '/admin-tools/pestel-analysis', api: FakeRoutes = {}) {
  const review = reviewLists({ pending: [JANE], 'changes-requested': [OMAR], unlocked: [] }, { answers: ANSWERS });
  const app = renderApp(
    path,
    { user: ADMIN },
    {
      api: {
        'questions.list': { body: { questions: builtInQuestions('pestel') } },
        'founders.get': { body: { founder: { name: 'Jane Doe' } } },
        ...review.routes,
        ...api,
      },
    },
  );
  return { ...app, review };
}

const panel = () => screen.getByRole('tabpanel');

describe('review of a Validate tool: no unlock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists who completed the tool in Pending Review and Changes Requested, with no Unlocked tab or Unlock button', async () => {
    const { user } = renderToolReview();
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Founders who completed the Pestel Analysis' },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    const row = (await within(panel()).findByRole('rowheader', { name: 'Jane Doe' })).closest('tr') as HTMLElement;
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Pending Review1', 'Changes Requested1']);
    expect(screen.getByText(/A tool unlocks nothing/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'View Answers' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Rate' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Unlock/ })).toBeNull();
    expect(row).toHaveTextContent('4.0');

    await user.click(screen.getByRole('tab', { name: /^Changes Requested/ }));
    const omar = (await within(panel()).findByRole('rowheader', { name: 'Omar Field' })).closest('tr') as HTMLElement;
    expect(within(omar).queryByRole('button', { name: /Unlock/ })).toBeNull();
  });

  it("View Answers shows the founder's sheet in the tool's layout; rating, comment and a request for changes use the tool's type", async () => {
    const { user, api, review } = renderToolReview();
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    const political = await within(dialog).findByRole('region', { name: 'Political' });
    // PESTEL's sheet: each factor a list item with its impact in words and what it means.
    const factor = within(within(political).getByRole('list', { name: 'Political factors' })).getByRole('listitem');
    expect(factor).toHaveTextContent('High impact');
    expect(factor).toHaveTextContent('Subsidy cuts');
    expect(factor).toHaveTextContent('Runway shortens');
    // The answer to a guidance question sits in its section of the sheet.
    expect(political).toHaveTextContent('Which election matters most?The 2027 regional vote');
    expect(within(dialog).getByRole('region', { name: 'Legal' })).toHaveTextContent('GDPR');
    expect(dialog.querySelector('[data-layout="columns"]')).not.toBeNull();

    const feedback = within(dialog).getByRole('region', { name: 'Feedback on each answer' });
    // Each answer again beside its feedback, a table row read as its cells.
    expect(feedback).toHaveTextContent('Subsidy cuts · High · Runway shortens');
    expect(feedback).not.toHaveTextContent('["Subsidy cuts"');
    await user.click(
      within(within(feedback).getByRole('group', { name: 'Rating for question 1' })).getByRole('radio', { name: '3' }),
    );
    await user.type(within(feedback).getByRole('textbox', { name: 'Comment on question 1' }), 'Which subsidy?');
    await within(feedback).findByText('Feedback on question 1 saved', {}, { timeout: 3000 });
    await waitFor(() =>
      expect(api.calls('feedback.coachSaveAnswerFeedback').at(-1)?.body).toMatchObject({ comment: 'Which subsidy?' }),
    );
    expect(api.calls('feedback.coachSaveAnswerFeedback')[0]?.url.pathname).toBe(
      '/api/admin/founders/u-jane/feedback/pestel/tool-pestel-political',
    );
    expect(api.calls('feedback.coachSaveAnswerFeedback').at(-1)?.body).toEqual({
      rating: 3,
      verdict: null,
      comment: 'Which subsidy?',
    });

    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the founder' }), 'Size the subsidy risk.');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(review.requests).toEqual([{ userId: 'u-jane', message: 'Size the subsidy risk.' }]));
    expect(api.calls('feedback.coachRequestChanges')[0]?.body).toEqual({
      phase: 'pestel',
      message: 'Size the subsidy risk.',
    });
    expect(await within(dialog).findByText('Changes requested: “Size the subsidy risk.”')).toBeInTheDocument();
    expect(api.calls('review.unlock')).toHaveLength(0);
  });

  it('Rate reads a table row as its cells, one answer at a time', async () => {
    const { user } = renderToolReview();
    await user.click(await screen.findByRole('button', { name: 'Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate answers from Jane Doe' });
    const step = await within(dialog).findByRole('region', { name: 'Answer 1 of 3' });
    expect(within(step).getByText('Subsidy cuts · High · Runway shortens')).toBeInTheDocument();
    expect(step).not.toHaveTextContent('["Subsidy cuts"');
    await user.click(within(dialog).getByRole('button', { name: 'Next answer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next answer' }));
    expect(within(dialog).getByRole('region', { name: 'Answer 3 of 3' })).toHaveTextContent('The 2027 regional vote');
  });

  it('opens a founder’s review from the link reviewPath gives, and keeps it live every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderToolReview('/admin-tools/pestel-analysis?review=u-jane');
    const dialog = await screen.findByRole('dialog', { name: 'Answers from Jane Doe' }, { timeout: 8000 });
    await within(dialog).findByRole('region', { name: 'Political' });
    expect(api.calls('review.answers')[0]?.url.pathname).toBe('/api/admin/founders/u-jane/answers/pestel');
    const before = api.calls('review.answers').length;
    act(() => vi.advanceTimersByTime(LIVE_REVIEW_MS));
    await waitFor(() => expect(api.calls('review.answers').length).toBeGreaterThan(before));
  });
});
