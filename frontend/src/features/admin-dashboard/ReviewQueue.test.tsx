import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStatsResponse } from '#shared/api-types';
import type { ResponseBody } from '#shared/contract';
import { NO_PHASES } from '#shared/domain/phases';
import { byType } from '../../test/by-type';
import { apiError, type FakeReply, type FakeRequest } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { founder as reviewFounder, reviewLists } from '../../test/fixtures/fake-review-api';
import { renderApp } from '../../test/render-app';

type Queue = ResponseBody<'founders.reviewQueue'>;
type Queued = Queue['founders'][number];

const zero = byType({ trigger: 0, 'value-proposition': 0, 'business-model': 0 }, 0);
const STATS: AdminStatsResponse = {
  totalUsers: 3,
  questions: zero,
  started: zero,
  completed: zero,
  completionRate: zero,
  changesRequested: zero,
  averageRating: byType({ trigger: null, 'value-proposition': null, 'business-model': null }, null),
};

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

function queued(userId: string, extra: Partial<Queued> = {}): Queued {
  return {
    userId,
    name: `Founder ${userId}`,
    email: `${userId}@example.com`,
    startupName: null,
    phase: 'trigger',
    waitingSince: '2026-03-10T11:59:30.000Z',
    answered: 10,
    ...extra,
  };
}

const JANE = queued('u-jane', {
  name: 'Jane Doe',
  startupName: 'Meal Kits',
  phase: 'business-model',
  waitingSince: '2026-03-05T09:00:00.000Z',
});
const OMAR = queued('u-omar', { name: null, email: 'omar@example.com', waitingSince: '2026-03-09T10:00:00.000Z' });
const ANON = queued('u-anon', { name: null, email: null, phase: 'value-proposition' });

/** A queue over a list, pages of `size`, the cursor an index. */
function queue(all: Queued[], size = 20) {
  return (request: FakeRequest): FakeReply => {
    const start = Number(request.url.searchParams.get('cursor') ?? '0');
    const body: Queue = {
      founders: all.slice(start, start + size),
      nextCursor: start + size < all.length ? String(start + size) : null,
      total: all.length,
    };
    return { body };
  };
}

const section = () => screen.getByRole('region', { name: 'Waiting for review' });
const rows = () => within(section()).getAllByRole('listitem');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('admin home: waiting for review', () => {
  it('lists the founders oldest first with how long each has waited and a link to their review', async () => {
    renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': { body: STATS }, 'founders.reviewQueue': queue([JANE, OMAR, ANON]) } },
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(section()).getByText('3 waiting')).toBeInTheDocument();
    const [jane, omar, anon] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(jane).toHaveTextContent('Jane DoeMeal KitsBusiness ModelWaiting 5 daysReview');
    // A name falls back to the email, then to words; each wait in the unit that reads precisely.
    expect(omar).toHaveTextContent('omar@example.comTrigger QuestionsWaiting 26 hoursReview');
    expect(anon).toHaveTextContent('A founder without a nameValue PropositionWaiting less than a minuteReview');
    expect(within(jane).getByText('5 days')).toHaveAttribute('dateTime', JANE.waitingSince);
    expect(within(jane).getByRole('link', { name: "Review Jane Doe's Business Model answers" })).toHaveAttribute(
      'href',
      '/admin-business-model?review=u-jane',
    );
    expect(
      within(omar).getByRole('link', { name: "Review omar@example.com's Trigger Questions answers" }),
    ).toHaveAttribute('href', '/admin-trigger-questions?review=u-omar');
  });

  it('says when nobody waits', async () => {
    renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': { body: STATS }, 'founders.reviewQueue': queue([]) } },
    );
    expect(await screen.findByText('No founders are waiting for review.')).toBeInTheDocument();
    expect(within(section()).getByText('0 waiting')).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor on Show more, until the last', async () => {
    const many = Array.from({ length: 5 }, (_, i) => queued(`u-${i}`));
    const { user, api } = renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': { body: STATS }, 'founders.reviewQueue': queue(many, 2) } },
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(section()).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(within(section()).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(within(section()).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.calls('founders.reviewQueue').map((r) => r.url.searchParams.get('cursor'))).toEqual([null, '2', '4']);
  });

  it('shows what failed with Try again, which loads it again', async () => {
    let fail = true;
    const { user } = renderApp(
      '/admin-home',
      { user: ADMIN },
      {
        api: {
          'review.stats': { body: STATS },
          'founders.reviewQueue': (request) =>
            fail ? apiError(400, 'The cursor is not valid for the review queue.') : queue([JANE])(request),
        },
      },
    );
    expect(
      await screen.findByText(
        'Could not load the founders waiting for review. The cursor is not valid for the review queue.',
      ),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("opens the founder's review on the phase page from the link, and closing it leaves the page", async () => {
    const review = reviewLists({ pending: [reviewFounder('u-jane', { name: 'Jane Doe' })], unlocked: [] });
    const janeFile = {
      founder: {
        userId: 'u-jane',
        name: 'Jane Doe',
        email: 'jane@example.com',
        startupName: 'Meal Kits',
        paid: true,
        createdAt: null,
        lastActivityAt: '2026-03-05T09:00:00.000Z',
        phase: 'business-model',
        status: 'pending',
        progress: Object.fromEntries(
          ['trigger', 'value-proposition', 'business-model'].map((t) => [
            t,
            { answered: 1, total: 1, percent: 100, status: 'pending' },
          ]),
        ),
      },
      onboarding: null,
      idea: null,
      phases: NO_PHASES,
      validationTests: [],
      files: [],
    };
    const { user, router } = renderApp(
      '/admin-home',
      { user: ADMIN },
      {
        api: {
          ...review.routes,
          'review.stats': { body: STATS },
          'founders.reviewQueue': queue([JANE]),
          'questions.list': { body: { questions: [] } },
          'founders.get': { body: janeFile },
        },
      },
    );
    await user.click(await screen.findByRole('link', { name: "Review Jane Doe's Business Model answers" }));
    // The link loads the question page's lazy chunk first: on a loaded machine that takes longer than a second.
    const dialog = await screen.findByRole('dialog', { name: 'Answers from Jane Doe' }, { timeout: 8000 });
    expect(router.state.location.pathname).toBe('/admin-business-model');
    expect(router.state.location.search).toBe('?review=u-jane');

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/admin-business-model');
  });
});
