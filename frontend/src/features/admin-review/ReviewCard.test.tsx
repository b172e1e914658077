import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerFeedback, ReviewAnswersResponse } from '#shared/api-types';
import { deferred } from '../../test/deferred';
import { apiError, type FakeRoutes } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { founder, reviewLists } from '../../test/fixtures/fake-review-api';
import { sendReply } from '../../test/fixtures/reply-test-steps';
import { renderApp } from '../../test/render-app';
import { LIVE_REVIEW_MS } from './review-api';

type Lists = Parameters<typeof reviewLists>[0];
type ListOptions = Parameters<typeof reviewLists>[1];

type Review = ReturnType<typeof reviewLists>;

/**
 * The review on an admin question page with no questions. `api` overrides routes of the fake review lists; as a
 * function it can wrap their own answers.
 */
function renderReview(
  path: string,
  lists: Lists,
  options: ListOptions = {},
  api: FakeRoutes | ((review: Review) => FakeRoutes) = {},
) {
  const review = reviewLists(lists, options);
  const overrides = typeof api === 'function' ? api(review) : api;
  const app = renderApp(
    path,
    { user: ADMIN },
    { api: { 'questions.list': { body: { questions: [] } }, ...review.routes, ...overrides } },
  );
  return { ...app, review };
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const tab = (name: RegExp) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const rows = () => within(panel()).getAllByRole('row').slice(1);
const rowOf = (name: string) => within(panel()).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

const JANE = founder('u-jane', { name: 'Jane Doe', email: 'jane@example.com', totalAnswers: 12 });
const NAMELESS = founder('u-anon', { name: null, email: null, totalAnswers: 10 });
const DONE = founder('u-done', { name: 'Dora Done', unlockedAt: '2025-03-01T00:00:00.000Z' });

describe('review of founders: tabs and table', () => {
  it('shows both tabs with counts, the trigger columns and name fallbacks', async () => {
    const { user } = renderReview('/admin-trigger-questions', { pending: [JANE, NAMELESS], unlocked: [DONE] });
    expect(
      // The first test imports the lazy admin page: on a loaded machine that takes longer than findBy's default second.
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Users who completed all trigger questions' },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    await within(panel()).findByRole('table');

    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(tab(/^Pending Unlock/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Pending Unlock/)).toHaveTextContent('Pending Unlock2');
    expect(tab(/^Unlocked/)).toHaveAttribute('aria-selected', 'false');
    expect(tab(/^Unlocked/)).toHaveTextContent('Unlocked1');
    expect(panel()).toHaveAttribute('aria-labelledby', tab(/^Pending Unlock/).id);

    const headers = within(panel()).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Email', 'Total Answers', 'Rating', 'Actions']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');

    expect(within(rowOf('Jane Doe')).getByText('jane@example.com')).toBeInTheDocument();
    expect(within(rowOf('Jane Doe')).getByText('12')).toBeInTheDocument();
    expect(within(rowOf('Jane Doe')).getByText('—')).toBeInTheDocument();
    const anon = rowOf('Unknown User');
    expect(within(anon).getByText('No email')).toBeInTheDocument();
    expect(within(anon).getByRole('button', { name: 'View Answers' })).toBeInTheDocument();
    expect(within(anon).getByRole('button', { name: 'Rate' })).toBeInTheDocument();
    expect(within(anon).getByRole('button', { name: 'Unlock' })).toBeEnabled();

    // Arrow keys move between tabs (and select them).
    tab(/^Pending Unlock/).focus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Changes Requested/)).toHaveFocus();
    expect(tab(/^Changes Requested/)).toHaveTextContent('Changes Requested0');
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Unlocked/)).toHaveFocus();
    expect(tab(/^Unlocked/)).toHaveAttribute('aria-selected', 'true');
    const done = await within(panel()).findByRole('rowheader', { name: 'Dora Done' });
    const doneRow = done.closest('tr') as HTMLElement;
    expect(within(doneRow).getByText('Unlocked')).toBeInTheDocument();
    expect(within(doneRow).queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
    expect(tab(/^Unlocked/)).toHaveTextContent('Unlocked1');
  });

  it("uses 'No name' and no Rating column on the other pages", async () => {
    renderReview('/admin-value-proposition', { pending: [NAMELESS], unlocked: [] });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Users who completed all value proposition questions' }),
    ).toBeInTheDocument();
    const anon = await within(panel()).findByRole('rowheader', { name: 'No name' });
    expect(within(anon.closest('tr') as HTMLElement).getByText('No email')).toBeInTheDocument();
    expect(
      within(panel())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Total Answers', 'Actions']);
  });

  it('asks for the state of each tab and shows the empty states', async () => {
    const { user, api } = renderReview('/admin-business-model', { pending: [], unlocked: [DONE] });
    expect(await within(await screen.findByRole('tabpanel')).findByText('No users pending unlock')).toBeInTheDocument();
    expect(api.calls('review.list')[0]?.url.search).toBe('?state=pending');
    expect(api.calls('review.list')[0]?.url.pathname).toBe('/api/admin/review/business-model');
    await user.click(tab(/^Unlocked/));
    expect(await within(panel()).findByRole('rowheader', { name: 'Dora Done' })).toBeInTheDocument();
    expect(api.calls('review.list').at(-1)?.url.search).toBe('?state=unlocked');
  });

  it("says 'No users unlocked yet' in an empty Unlocked tab", async () => {
    const { user } = renderReview('/admin-trigger-questions', { pending: [JANE], unlocked: [] });
    await user.click(await screen.findByRole('tab', { name: /^Unlocked/ }));
    expect(await within(panel()).findByText('No users unlocked yet')).toBeInTheDocument();
  });

  it('says nobody has completed the questions when both lists are empty', async () => {
    renderReview('/admin-value-proposition', { pending: [], unlocked: [] });
    expect(await screen.findByText('No users have completed value proposition questions yet')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('says so when the users cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderReview(
      '/admin-trigger-questions',
      { pending: [], unlocked: [] },
      {},
      {
        'review.list': apiError(403, 'Administrators only.'),
      },
    );
    expect(await toasts().findByRole('alert')).toHaveTextContent('Failed to fetch users with answers.');
  });

  it('loads more pages with the cursor and appends them', async () => {
    const many = Array.from({ length: 5 }, (_, i) => founder(`u${i + 1}`, { name: `Founder ${i + 1}` }));
    const { user, api } = renderReview('/admin-trigger-questions', { pending: many, unlocked: [] }, { pageSize: 2 });
    await within(await screen.findByRole('tabpanel')).findByRole('table');
    expect(rows()).toHaveLength(2);
    expect(tab(/^Pending Unlock/)).toHaveTextContent('5');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(api.calls('review.list').at(-1)?.url.searchParams.get('cursor')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Founder 1',
      'Founder 2',
      'Founder 3',
      'Founder 4',
      'Founder 5',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('review of founders: unlocking', () => {
  it("shows 'Unlocking...' while it runs, then moves the founder to Unlocked and says so", async () => {
    const unlockHold = deferred();
    // After the unlock, the lists' refetch is held back too: what shows meanwhile is the local move.
    let listHold: Promise<void> | null = null;
    const listRelease = deferred();
    const { user, api } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE, NAMELESS], unlocked: [DONE] },
      {},
      (review) => ({
        'review.unlock': async (request) => {
          await unlockHold.promise;
          listHold = listRelease.promise;
          return review.unlock(request);
        },
        'review.list': async (request) => {
          if (listHold) await listHold;
          return review.list(request);
        },
      }),
    );

    await within(await screen.findByRole('tabpanel')).findByRole('table');
    const listCalls = api.calls('review.list').length;
    await user.click(within(rowOf('Jane Doe')).getByRole('button', { name: 'Unlock' }));
    // Asked first, naming the founder, the phase and what opens; nothing is sent before the yes.
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent(
      'This will mark Trigger Questions as reviewed for Jane Doe and open the Value Proposition. We email Jane Doe that it is open.',
    );
    expect(api.calls('review.unlock')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Unlock' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const busy = within(rowOf('Jane Doe')).getByRole('button', { name: 'Unlocking...' });
    expect(busy).toBeDisabled();
    // Other founders can still be unlocked meanwhile.
    expect(within(rowOf('Unknown User')).getByRole('button', { name: 'Unlock' })).toBeEnabled();

    unlockHold.resolve();
    expect(await toasts().findByRole('status')).toHaveTextContent('Next phase unlocked for user successfully.');
    const [request] = api.calls('review.unlock');
    expect(request?.url.pathname).toBe('/api/admin/founders/u-jane/unlock');
    expect(request?.body).toEqual({ phase: 'trigger' });

    // Moved at once, before the server is asked again.
    expect(within(panel()).queryByRole('rowheader', { name: 'Jane Doe' })).not.toBeInTheDocument();
    expect(tab(/^Pending Unlock/)).toHaveTextContent('Pending Unlock1');
    expect(tab(/^Unlocked/)).toHaveTextContent('Unlocked2');
    // Both lists are asked again for the server's view.
    await waitFor(() => expect(api.calls('review.list').length).toBeGreaterThan(listCalls));
    listRelease.resolve();

    await user.click(tab(/^Unlocked/));
    const jane = await within(panel()).findByRole('rowheader', { name: 'Jane Doe' });
    expect(within(jane.closest('tr') as HTMLElement).getByText('Unlocked')).toBeInTheDocument();
    expect(within(panel()).getByRole('rowheader', { name: 'Dora Done' })).toBeInTheDocument();
    expect(tab(/^Unlocked/)).toHaveTextContent('Unlocked2');
  });

  it('unlocks nothing when the coach cancels the confirmation', async () => {
    const { user, api } = renderReview('/admin-value-proposition', { pending: [JANE], unlocked: [] });
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('for Jane Doe and open the Business Model Canvas');
    // Cancel has the focus: a stray Enter keeps the founder where they are.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('review.unlock')).toHaveLength(0);
    expect(within(rowOf('Jane Doe')).getByRole('button', { name: 'Unlock' })).toBeEnabled();
  });

  it('says so when the unlock fails and keeps the founder pending', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderReview(
      '/admin-value-proposition',
      { pending: [JANE], unlocked: [] },
      {},
      {
        'review.unlock': apiError(404, 'No founder with this id.'),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Unlock' }),
    );
    const alert = await toasts().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to unlock next phase for user.');
    expect(alert).toHaveTextContent('No founder with this id.');
    expect(within(rowOf('Jane Doe')).getByRole('button', { name: 'Unlock' })).toBeEnabled();
  });
});

describe('review of founders: answers and rating', () => {
  const submitted = new Date(2026, 10, 21, 15, 45).toISOString();
  const ANSWERS: Record<string, ReviewAnswersResponse['answers']> = {
    'u-jane': [
      {
        questionId: 'j1',
        number: 1,
        category: 'Customer Jobs',
        question: 'What job do they hire you for?',
        answers: ['Bake bread', 'Deliver early'],
        submittedAt: submitted,
        updatedAt: submitted,
      },
      {
        questionId: 'g1',
        number: 2,
        category: 'Customer Gains',
        question: 'What would delight them?',
        answers: ['Warm loaves'],
        submittedAt: submitted,
        updatedAt: submitted,
      },
    ],
  };

  it('lists the answers of a founder in a dialog titled with the name', async () => {
    const { user, api } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE, NAMELESS], unlocked: [] },
      { answers: ANSWERS },
    );
    await within(await screen.findByRole('tabpanel')).findByRole('table');
    await user.click(within(rowOf('Jane Doe')).getByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    // The answers, not the row of question numbers above them.
    const items = (await within(dialog).findAllByRole('listitem')).filter((li) => li.classList.contains('ar-answer'));
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('Customer Jobs')).toBeInTheDocument();
    expect(within(first).getByText('Question 1')).toBeInTheDocument();
    expect(within(first).getByRole('heading', { name: 'What job do they hire you for?' })).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bake bread', 'Deliver early']);
    expect(within(first).getByText('Nov 21, 2026, 3:45 PM')).toBeInTheDocument();
    expect(within(dialog).getByText('Question 2')).toBeInTheDocument();
    expect(api.calls('review.answers')[0]?.url.pathname).toBe('/api/admin/founders/u-jane/answers/trigger');

    // The header's close button and the footer's Close both close it.
    const [closeButton] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButton as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(rowOf('Unknown User')).getByRole('button', { name: 'View Answers' }));
    const empty = screen.getByRole('dialog', { name: 'Answers from Unknown User' });
    expect(await within(empty).findByText('No answers found for this user.')).toBeInTheDocument();
  });

  it('marks the answers the founder edited after sending the phase, and not the save that sent it', async () => {
    // The fake phase feedback says the phase was sent on 2025-03-01 at 10:00:00.000 and is pending.
    const answer = (questionId: string, number: number, updatedAt: string) => ({
      questionId,
      number,
      category: 'Customer Jobs',
      question: `Question text ${number}`,
      answers: ['An answer'],
      submittedAt: '2025-02-28T09:00:00.000Z',
      updatedAt,
    });
    const { user } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      {
        answers: {
          'u-jane': [
            answer('a1', 1, '2025-03-01T10:00:01.000Z'),
            answer('a2', 2, '2025-03-01T10:00:01.001Z'),
            answer('a3', 3, '2025-02-28T09:00:00.000Z'),
          ],
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    const items = (await within(dialog).findAllByRole('listitem')).filter((li) => li.classList.contains('ar-answer'));
    expect(items.map((li) => within(li).queryByText(/edited since sent/) !== null)).toEqual([false, true, false]);
  });

  it('lists the questions to jump to, and unlocks from the review after the confirmation', async () => {
    const { user, api } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      { answers: ANSWERS },
    );
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    const jumps = await within(dialog).findByRole('navigation', { name: 'Questions in this review' });
    expect(
      within(jumps)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2']);
    await user.click(within(jumps).getByRole('button', { name: 'Question 2: What would delight them?' }));
    expect(within(dialog).getByRole('heading', { name: 'What would delight them?' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Unlock next phase' }));
    expect(screen.queryByRole('dialog', { name: 'Answers from Jane Doe' })).toBeNull();
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('for Jane Doe and open the Value Proposition');
    await user.click(within(confirm).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(api.calls('review.unlock')).toHaveLength(1));
    expect(api.calls('review.unlock')[0]?.url.pathname).toBe('/api/admin/founders/u-jane/unlock');
  });

  it('says so when the answers cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      {},
      {
        'review.answers': apiError(404, 'No founder with this id.'),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    expect(await toasts().findByRole('alert')).toHaveTextContent('Failed to fetch user answers.');
  });

  it("shows each founder's average rating in the Rating column", async () => {
    renderReview('/admin-trigger-questions', { pending: [{ ...JANE, rating: 4.5 }, NAMELESS], unlocked: [] });
    await screen.findByRole('heading', { level: 2, name: 'Users who completed all trigger questions' });
    await within(panel()).findByRole('table');
    expect(within(rowOf('Jane Doe')).getByRole('cell', { name: /4\.5 out of 5/ })).toBeInTheDocument();
    expect(within(rowOf('Unknown User')).getByText('Not rated')).toBeInTheDocument();
  });

  it("shows the founder's replies under the comment, and the coach answers in the thread", async () => {
    const { user, api, review } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      { answers: ANSWERS },
    );
    review.feedback.set('u-jane', [
      {
        questionId: 'j1',
        rating: 3,
        verdict: null,
        comment: 'Which bread?',
        mine: true,
        createdAt: submitted,
        updatedAt: submitted,
        resolved: false,
        resolvedBy: null,
        replies: [{ id: 'r1', author: 'founder', text: 'Sourdough.', at: submitted }],
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    const replies = await within(dialog).findByRole('list', { name: 'Replies on question 1' });
    expect(within(replies).getByText('Sourdough.')).toBeInTheDocument();
    expect(within(replies).getByText('Founder')).toBeInTheDocument();

    await sendReply({
      user,
      api,
      scope: dialog,
      label: 'Reply on question 1',
      text: 'Which flour?',
      shownIn: replies,
      routeId: 'feedback.coachReply',
      path: '/api/admin/founders/u-jane/feedback/trigger/j1/replies',
    });
    // Still the coach's own comment to edit: the reply route's answer (no `mine`) does not take that away.
    expect(within(dialog).getByRole('textbox', { name: 'Comment on question 1' })).toHaveValue('Which bread?');
  });

  it('saves a comment after the pause in typing, once, or at once on leaving the field', async () => {
    const { user, api } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      { answers: ANSWERS },
    );
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    const first = await within(dialog).findByRole('textbox', { name: 'Comment on question 1' });
    await user.type(first, 'Which bread?');
    // Mid-pause: nothing sent for the keystrokes.
    expect(api.calls('feedback.coachSaveAnswerFeedback')).toHaveLength(0);
    await within(dialog).findByText('Feedback on question 1 saved', {}, { timeout: 3000 });
    expect(api.calls('feedback.coachSaveAnswerFeedback').map((c) => c.body)).toEqual([
      { rating: null, verdict: null, comment: 'Which bread?' },
    ]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Comment on question 2' }), 'Warm?');
    await user.tab();
    await waitFor(() => expect(api.calls('feedback.coachSaveAnswerFeedback')).toHaveLength(2));
    expect(api.calls('feedback.coachSaveAnswerFeedback')[1]?.url.pathname).toBe(
      '/api/admin/founders/u-jane/feedback/trigger/g1',
    );
  });

  it('says when feedback was not saved, and Retry saves it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { user, api } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      { answers: ANSWERS },
      (review) => {
        const stored = review.routes['feedback.coachSaveAnswerFeedback'];
        return {
          'feedback.coachSaveAnswerFeedback': (request) =>
            fail || typeof stored !== 'function' ? apiError(503, 'Try again.') : stored(request),
        };
      },
    );
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    const rating = await within(dialog).findByRole('group', { name: 'Rating for question 1' });
    await user.click(within(rating).getByRole('radio', { name: '4' }));
    const retry = await within(dialog).findByRole('button', { name: 'Retry' });
    expect(within(dialog).getByText(/Not saved\./)).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await within(dialog).findByText('Feedback on question 1 saved')).toBeInTheDocument();
    expect(api.calls('feedback.coachSaveAnswerFeedback').at(-1)?.body).toEqual({
      rating: 4,
      verdict: null,
      comment: '',
    });
  });

  it('rates and comments on an answer in the review dialog, then sends the founder back for changes', async () => {
    const { user, api, review } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      { answers: ANSWERS },
    );
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    const rating = await within(dialog).findByRole('group', { name: 'Rating for question 1' });
    await user.click(within(rating).getByRole('radio', { name: '2' }));
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Verdict on question 1' })).getByRole('radio', {
        name: 'Needs work',
      }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment on question 1' }), 'Which bread?');
    // Saved as given, no button: the rating and the verdict at once, the comment after the pause in typing.
    expect(within(dialog).queryByRole('button', { name: 'Save feedback' })).toBeNull();
    expect(await within(dialog).findByText('Feedback on question 1 saved', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('feedback.coachSaveAnswerFeedback').at(-1)?.body).toEqual({
        rating: 2,
        verdict: 'needs-work',
        comment: 'Which bread?',
      }),
    );
    const saves = api.calls('feedback.coachSaveAnswerFeedback');
    // The rating went at once; what changed while a save was on its way went in the next one, whole.
    expect(saves[0]?.body).toEqual({ rating: 2, verdict: null, comment: '' });
    expect(saves.length).toBeLessThanOrEqual(3);
    expect(saves.every((c) => c.url.pathname === '/api/admin/founders/u-jane/feedback/trigger/j1')).toBe(true);

    // An empty message is refused here, without a call.
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tell the founder what to change.');
    expect(api.calls('feedback.coachRequestChanges')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the founder' }), 'Name the bread.');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(review.requests).toEqual([{ userId: 'u-jane', message: 'Name the bread.' }]));
    expect(api.calls('feedback.coachRequestChanges')[0]?.body).toEqual({
      phase: 'trigger',
      message: 'Name the bread.',
    });
    // The dialog shows the new state; the lists refetch and Jane moves to the third tab.
    expect(await within(dialog).findByText('Changes requested: “Name the bread.”')).toBeInTheDocument();
    const [closeButton] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButton as HTMLElement);
    await waitFor(() => expect(tab(/^Changes Requested/)).toHaveTextContent('Changes Requested1'));
    expect(tab(/^Pending Unlock/)).toHaveTextContent('Pending Unlock0');
    await user.click(tab(/^Changes Requested/));
    const row = (await within(panel()).findByRole('rowheader', { name: 'Jane Doe' })).closest('tr') as HTMLElement;
    // Still unlockable from there.
    expect(within(row).getByRole('button', { name: 'Unlock' })).toBeEnabled();
  });
});

describe('review of founders: the rating step and a live dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const at = '2026-11-21T15:45:00.000Z';
  const answer = (questionId: string, number: number | null, category: string, question: string) => ({
    questionId,
    number,
    category,
    question,
    answers: [`About ${question}`],
    submittedAt: at,
    updatedAt: at,
  });
  const ANSWERS = {
    'u-jane': [
      answer('j1', 1, 'Customer Jobs', 'What job do they hire you for?'),
      answer('g1', 4, 'Customer Gains', 'What would delight them?'),
      answer('old', null, 'Customer Pains', 'A question since removed'),
    ],
  };
  const rated = (questionId: string): AnswerFeedback => ({
    questionId,
    rating: 4,
    verdict: null,
    comment: '',
    mine: true,
    createdAt: at,
    updatedAt: at,
    resolved: false,
    resolvedBy: null,
    replies: [],
  });

  it("Rate opens the rating step at the first answer nobody rated, one answer at a time, by the founder's numbers", async () => {
    const { user, api, review } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      { answers: ANSWERS },
    );
    review.feedback.set('u-jane', [rated('j1')]);
    await user.click(await screen.findByRole('button', { name: 'Rate' }));
    // Not the View Answers dialog: its own title, one answer, no phase review.
    const dialog = await screen.findByRole('dialog', { name: 'Rate answers from Jane Doe' });
    expect(screen.queryByRole('dialog', { name: 'Answers from Jane Doe' })).toBeNull();
    const step = await within(dialog).findByRole('region', { name: 'Answer 2 of 3' });
    expect(within(step).getByText('Question 4')).toBeInTheDocument();
    expect(within(step).getByRole('heading', { name: 'What would delight them?' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Message to the founder' })).toBeNull();
    expect(within(dialog).getAllByRole('group', { name: /^Rating for/ })).toHaveLength(1);

    await user.click(
      within(within(dialog).getByRole('group', { name: 'Rating for question 4' })).getByRole('radio', { name: '5' }),
    );
    await waitFor(() => expect(api.calls('feedback.coachSaveAnswerFeedback')).toHaveLength(1));
    expect(api.calls('feedback.coachSaveAnswerFeedback')[0]?.url.pathname).toBe(
      '/api/admin/founders/u-jane/feedback/trigger/g1',
    );
    // Saving does not move the step under the coach's hands.
    expect(await within(dialog).findByText('Feedback on question 4 saved')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Answer 2 of 3' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next answer' }));
    const removed = within(dialog).getByRole('region', { name: 'Answer 3 of 3' });
    expect(within(removed).getByText('Removed question')).toBeInTheDocument();
    expect(within(removed).getByRole('group', { name: 'Rating for the removed question' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next answer' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Previous answer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Previous answer' }));
    const first = within(dialog).getByRole('region', { name: 'Answer 1 of 3' });
    expect(within(first).getByText('Question 1')).toBeInTheDocument();
    // The form starts from that answer's own feedback.
    expect(
      within(within(first).getByRole('group', { name: 'Rating for question 1' })).getByRole('radio', { name: '4' }),
    ).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Previous answer' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts at the first answer when every answer is rated', async () => {
    const { user, review } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      { answers: ANSWERS },
    );
    review.feedback.set('u-jane', [rated('j1'), rated('g1'), rated('old')]);
    await user.click(await screen.findByRole('button', { name: 'Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate answers from Jane Doe' });
    expect(await within(dialog).findByRole('region', { name: 'Answer 1 of 3' })).toBeInTheDocument();
  });

  it("shows a founder's new reply in the open dialog without reopening it, and stops asking once closed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api, review } = renderReview(
      '/admin-trigger-questions',
      { pending: [JANE], unlocked: [] },
      { answers: ANSWERS },
    );
    const thread = { ...rated('j1'), comment: 'Which bread?' };
    review.feedback.set('u-jane', [thread]);
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = screen.getByRole('dialog', { name: 'Answers from Jane Doe' });
    await within(dialog).findByRole('textbox', { name: 'Reply on question 1' });
    expect(within(dialog).queryByText('Sourdough, always.')).toBeNull();

    // The founder replies in their own browser.
    review.feedback.set('u-jane', [
      { ...thread, replies: [{ id: 'r1', author: 'founder', text: 'Sourdough, always.', at }] },
    ]);
    const before = api.calls('feedback.coachPhase').length;
    act(() => vi.advanceTimersByTime(LIVE_REVIEW_MS - 100));
    expect(api.calls('feedback.coachPhase')).toHaveLength(before);
    act(() => vi.advanceTimersByTime(100));
    const replies = await within(dialog).findByRole('list', { name: 'Replies on question 1' });
    expect(within(replies).getByText('Sourdough, always.')).toBeInTheDocument();

    const [closeButton] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButton as HTMLElement);
    const closed = api.calls('feedback.coachPhase').length;
    act(() => vi.advanceTimersByTime(LIVE_REVIEW_MS * 3));
    expect(api.calls('feedback.coachPhase')).toHaveLength(closed);
  });
});
