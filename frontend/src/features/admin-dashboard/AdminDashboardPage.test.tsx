import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminStatsResponse } from '#shared/api-types';
import { byType } from '../../test/by-type';
import { apiError, type FakeReply } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

const EMPTY_QUEUE: FakeReply = { body: { founders: [], nextCursor: null, total: 0 } };

const STATS: AdminStatsResponse = {
  totalUsers: 12,
  questions: byType({ trigger: 10, 'value-proposition': 9, 'business-model': 8 }, 0),
  started: byType({ trigger: 8, 'value-proposition': 6, 'business-model': 1 }, 0),
  completed: byType({ trigger: 5, 'value-proposition': 3, 'business-model': 0 }, 0),
  completionRate: byType({ trigger: 42, 'value-proposition': 25, 'business-model': 0 }, 0),
  changesRequested: byType({ trigger: 2, 'value-proposition': 1, 'business-model': 0 }, 0),
  averageRating: byType({ trigger: 3.6, 'value-proposition': 4, 'business-model': null }, null),
};

function card(label: string) {
  const heading = screen.getByRole('heading', { level: 3, name: label });
  const item = heading.closest('li');
  if (!item) throw new Error(`No card for ${label}`);
  return item;
}

describe('admin dashboard', () => {
  it("shows '...' while loading, then the counters from one call", async () => {
    let release: (reply: FakeReply) => void = () => undefined;
    const held = new Promise<FakeReply>((resolve) => {
      release = resolve;
    });
    const { api } = renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': () => held, 'founders.reviewQueue': EMPTY_QUEUE } },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage your platform')).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    expect(card('Total Users')).toHaveTextContent('...Registered platform users');
    expect(card('Trigger Questions')).toHaveTextContent('......% completion rate');
    expect(card('User Engagement')).toHaveTextContent('... users started • ...% completion rate');
    expect(card('Platform Content')).toHaveTextContent(
      '... questions available: Trigger Questions ... • Value Proposition ... • Business Model ...',
    );
    // Every figure is the server's: no fixed status posing as a health check.
    expect(screen.queryByText('System Status')).not.toBeInTheDocument();
    expect(screen.queryByText('Online')).not.toBeInTheDocument();

    release({ body: STATS });
    await waitFor(() => expect(card('Total Users')).toHaveTextContent('12Registered platform users'));
    expect(card('Trigger Questions')).toHaveTextContent('542% completion rate');
    expect(card('Value Proposition')).toHaveTextContent('325% completion rate');
    expect(card('Business Model')).toHaveTextContent('00% completion rate');
    expect(card('User Engagement')).toHaveTextContent('8 users started • 42% completion rate');
    expect(card('Value Proposition Analytics')).toHaveTextContent('6 users active • 25% completed');
    // Every question type together, each by name: the Business Model's questions count too.
    expect(card('Platform Content')).toHaveTextContent(
      '27 questions available: Trigger Questions 10 • Value Proposition 9 • Business Model 8',
    );
    // Founders sent back in every phase, and the coaches' average ratings from the counters.
    expect(card('Changes Requested')).toHaveTextContent('3Founders sent back to revise');
    expect(card('Average Rating')).toHaveTextContent('3.6Trigger answers, out of 5 • VP 4.0 • BM –');

    expect(api.calls('review.stats')).toHaveLength(1);
  });

  it('counts one founder and one question in the singular', async () => {
    const one: AdminStatsResponse = {
      ...STATS,
      questions: byType({ trigger: 0, 'value-proposition': 0, 'business-model': 1 }, 0),
      started: byType({ trigger: 1, 'value-proposition': 1, 'business-model': 0 }, 0),
    };
    renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': { body: one }, 'founders.reviewQueue': EMPTY_QUEUE } },
    );
    await waitFor(() => expect(card('User Engagement')).toHaveTextContent('1 user started • 42% completion rate'));
    expect(card('Value Proposition Analytics')).toHaveTextContent('1 user active • 25% completed');
    expect(card('Platform Content')).toHaveTextContent(
      '1 question available: Trigger Questions 0 • Value Proposition 0 • Business Model 1',
    );
  });

  it("counts the ten Validate tools' questions too, in the total and on their own", async () => {
    // Each tool has 3 (its fields and guidance questions): 30 beside the phases' 27.
    const withTools: AdminStatsResponse = {
      ...STATS,
      questions: byType({ trigger: 10, 'value-proposition': 9, 'business-model': 8 }, 3),
    };
    renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': { body: withTools }, 'founders.reviewQueue': EMPTY_QUEUE } },
    );
    await waitFor(() =>
      expect(card('Platform Content')).toHaveTextContent(
        '57 questions available: Trigger Questions 10 • Value Proposition 9 • Business Model 8 • Validate tools 30',
      ),
    );
  });

  it('only logs a failure, and stops showing the loading state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': apiError(403, 'Administrators only.'), 'founders.reviewQueue': EMPTY_QUEUE } },
    );

    await waitFor(() => expect(card('Total Users')).toHaveTextContent('0Registered platform users'));
    expect(card('Trigger Questions')).toHaveTextContent('00% completion rate');
    expect(screen.queryByText(/\.\.\./)).not.toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByRole('alert')).not.toBeInTheDocument();
  });
});
