import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DIRECTORY_SEARCH_MAX } from '#shared/domain/founder-directory';
import { NO_PHASES } from '#shared/domain/phases';
import { fileDownloader } from '../../lib/download';
import { byType } from '../../test/by-type';
import { apiError, type FakeRequest } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import type { DirectoryFounder, DirectoryPage, FounderFile } from './directory-api';

function founder(userId: string, extra: Partial<DirectoryFounder> = {}): DirectoryFounder {
  const phase = { answered: 0, total: 10, percent: 0, status: 'in-progress' as const };
  return {
    userId,
    name: `Founder ${userId}`,
    email: `${userId}@example.com`,
    startupName: `Startup ${userId}`,
    paid: true,
    createdAt: '2026-01-01T10:00:00.000Z',
    lastActivityAt: '2026-02-01T10:00:00.000Z',
    phase: 'trigger',
    status: 'in-progress',
    progress: byType({ trigger: phase, 'value-proposition': phase, 'business-model': phase }, phase),
    ...extra,
  };
}

const JANE = founder('u-jane', {
  name: 'Jane Doe',
  startupName: 'Meal Kits',
  status: 'pending',
  progress: byType(
    {
      trigger: { answered: 10, total: 10, percent: 100, status: 'pending' },
      'value-proposition': { answered: 0, total: 8, percent: 0, status: 'in-progress' },
      'business-model': { answered: 0, total: 9, percent: 0, status: 'in-progress' },
    },
    { answered: 0, total: 5, percent: 0, status: 'in-progress' },
  ),
});
const OMAR = founder('u-omar', { name: 'Omar Field', paid: false, phase: 'generate-idea' });

/** A fake directory over a list: `q` matches name, email or startup; pages of two; the cursor is an index. */
function directory(all: DirectoryFounder[]) {
  return (request: FakeRequest) => {
    const params = request.url.searchParams;
    const q = params.get('q')?.toLowerCase() ?? '';
    const phase = params.get('phase');
    const status = params.get('status');
    const cursor = params.get('cursor');
    if (cursor === 'bad') return apiError(400, 'The cursor is not valid for the founder directory.');
    const matches = all.filter(
      (f) =>
        (!q || [f.name, f.email, f.startupName].some((v) => v?.toLowerCase().includes(q))) &&
        (!phase || f.phase === phase) &&
        (!status || f.status === status),
    );
    const start = Number(cursor ?? '0');
    const body: DirectoryPage = {
      founders: matches.slice(start, start + 2),
      nextCursor: start + 2 < matches.length ? String(start + 2) : null,
      examined: Math.min(2, matches.length - start),
      totalFounders: all.length,
    };
    return { body };
  };
}

const FILE: FounderFile = {
  founder: JANE,
  onboarding: {
    startupName: 'Meal Kits',
    businessType: 'saas',
    stage: 'mvp',
    industry: 'healthcare',
    customerType: 'b2c',
    description: 'Weekly meal kits for busy parents.',
    teamSize: '2-5',
    fundingStatus: 'angel',
    website: null,
  },
  idea: 'Meal plans for busy parents',
  phases: { ...NO_PHASES, generate_idea_status: true },
  validationTests: [
    {
      id: 'test-1',
      name: 'Landing page test',
      custom: false,
      status: 'completed',
      results: '40 sign-ups',
      evaluation: { result: 'success', notes: 'Clear demand' },
      removed: false,
    },
  ],
  files: [
    {
      id: '1700000000000-abcdefghij',
      name: 'Deck.pdf',
      category: 'pitch-deck',
      size: 2048,
      contentType: 'application/pdf',
      uploadedAt: '2026-01-05T10:00:00.000Z',
    },
  ],
};

describe('founder directory', () => {
  it('lists founders with phase, status, progress and payment, and pages on', async () => {
    const { user } = renderApp(
      '/admin-founders',
      { user: ADMIN },
      { api: { 'founders.list': directory([JANE, OMAR, founder('u-third')]) } },
    );
    // The first test imports the lazy page: on a loaded machine that takes longer than findBy's default second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Founders' }, { timeout: 8000 })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const jane = within(table).getByRole('row', { name: 'Jane Doe' });
    expect(within(jane).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/admin-founders/u-jane');
    expect(jane).toHaveTextContent('Meal Kits');
    expect(jane).toHaveTextContent('Trigger questions');
    expect(jane).toHaveTextContent('Pending review');
    expect(within(jane).getByRole('progressbar', { name: 'Trigger Questions: 10 of 10 answered' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(table).getByRole('row', { name: 'Omar Field' })).toHaveTextContent('Not paid');
    expect(screen.getByText('Showing 2 founders of 3.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more founders' }));
    expect(await within(table).findByRole('row', { name: 'Founder u-third' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more founders' })).not.toBeInTheDocument();
  });

  it('searches and filters through the API, and says when nothing matches', async () => {
    const { user, api } = renderApp(
      '/admin-founders',
      { user: ADMIN },
      { api: { 'founders.list': directory([JANE, OMAR]) } },
    );
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, email or startup' }), 'meal');
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Omar Field' })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(api.calls('founders.list').at(-1)?.url.searchParams.get('q')).toBe('meal');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Unlocked');
    expect(await screen.findByText('No founder matches this search.')).toBeInTheDocument();
    const last = api.calls('founders.list').at(-1)?.url.searchParams;
    expect(last?.get('status')).toBe('unlocked');
    expect(last?.get('q')).toBe('meal');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Phase' }), 'Idea');
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name, email or startup' }));
    expect(await screen.findByRole('row', { name: 'Omar Field' })).toBeInTheDocument();
    expect(api.calls('founders.list').at(-1)?.url.searchParams.get('phase')).toBe('generate-idea');
    expect(api.calls('founders.list').at(-1)?.url.searchParams.has('status')).toBe(false);
  });

  it("opens a founder's page: setup answers, idea, phase answers with feedback, tests, and a recorded download", async () => {
    const start = vi.spyOn(fileDownloader, 'start').mockImplementation(() => undefined);
    const { user, api } = renderApp(
      '/admin-founders/u-jane',
      { user: ADMIN },
      {
        api: {
          'founders.get': { body: FILE },
          'review.answers': {
            body: {
              answers: [
                {
                  questionId: 'q1',
                  number: 3,
                  category: 'Customer Jobs',
                  question: 'What job does your customer need done?',
                  answers: ['Cook dinner fast'],
                  submittedAt: '2026-01-10T10:00:00.000Z',
                  updatedAt: '2026-01-10T10:00:00.000Z',
                },
              ],
            },
          },
          'feedback.coachPhase': {
            body: {
              phase: 'trigger',
              // Unlocked after a round of changes: the old request is history, not "Changes requested".
              status: 'unlocked',
              submittedAt: '2026-01-10T10:00:00.000Z',
              unlockedAt: '2026-01-12T10:00:00.000Z',
              summary: null,
              summaryMine: false,
              changeRequest: { message: 'Name the customer.', requestedAt: '2026-01-11T09:00:00.000Z' },
              feedback: [
                {
                  questionId: 'q1',
                  rating: 4,
                  verdict: 'strong',
                  comment: 'Good focus on time.',
                  mine: true,
                  createdAt: '2026-01-11T10:00:00.000Z',
                  updatedAt: '2026-01-11T10:00:00.000Z',
                  resolved: false,
                  resolvedBy: null,
                  replies: [],
                },
              ],
            },
          },
          'founders.download': { body: { url: 'https://files.example.com/deck', name: 'Deck.pdf' } },
        },
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    const setup = screen.getByRole('region', { name: 'Startup setup' });
    expect(within(setup).getByText('Healthcare')).toBeInTheDocument();
    expect(within(setup).getByText('Weekly meal kits for busy parents.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Idea' })).toHaveTextContent('Meal plans for busy parents');
    expect(screen.getByRole('region', { name: 'Validation tests' })).toHaveTextContent('Landing page test');
    expect(screen.getByRole('region', { name: 'Validation tests' })).toHaveTextContent('Notes: Clear demand');

    // Answers load when the coach opens the phase.
    expect(api.calls('review.answers')).toHaveLength(0);
    await user.click(screen.getByText('Trigger Questions', { selector: 'summary' }));
    expect(await screen.findByRole('heading', { name: 'What job does your customer need done?' })).toBeInTheDocument();
    expect(screen.getByText('Cook dinner fast')).toBeInTheDocument();
    expect(screen.getByText('Good focus on time.')).toBeInTheDocument();
    expect(screen.getByText(/rated 4 of 5/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'What job does your customer need done?' }).closest('li'),
    ).toHaveTextContent('Customer Jobs Question 3');
    expect(screen.getByText(/^Review:/).closest('p')).toHaveTextContent(/Review: Unlocked on /);
    expect(screen.queryByText(/Changes requested/)).toBeNull();
    expect(screen.queryByText('Name the customer.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Download Deck.pdf' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('https://files.example.com/deck', 'Deck.pdf'));
    expect(api.calls('founders.download')[0]?.url.pathname).toBe(
      '/api/admin/founders/u-jane/files/1700000000000-abcdefghij/download',
    );
    start.mockRestore();
  });

  it('says so when the founder cannot be loaded, with a way back', async () => {
    renderApp(
      '/admin-founders/nobody',
      { user: ADMIN },
      { api: { 'founders.get': apiError(404, 'No founder with this id.') } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No founder with this id.');
    expect(screen.getByRole('link', { name: '← All founders' })).toHaveAttribute('href', '/admin-founders');
  });
});

describe('founder directory: filters in the address', () => {
  const searchbox = () => screen.getByRole('searchbox', { name: 'Search by name, email or startup' });
  const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

  it('opens with the filters a link or a reload gives', async () => {
    const { api } = renderApp(
      '/admin-founders?q=meal&phase=trigger&status=pending',
      { user: ADMIN },
      { api: { 'founders.list': directory([JANE, OMAR]) } },
    );
    expect(await screen.findByRole('row', { name: 'Jane Doe' }, { timeout: 8000 })).toBeInTheDocument();
    expect(searchbox()).toHaveValue('meal');
    expect(select('Phase')).toHaveDisplayValue('Trigger questions');
    expect(select('Status')).toHaveDisplayValue('Pending review');
    const first = api.calls('founders.list')[0]?.url.searchParams;
    expect(Object.fromEntries(first ?? [])).toEqual({ q: 'meal', phase: 'trigger', status: 'pending' });
  });

  it('takes a hand-typed phase or status it does not know as no filter', async () => {
    const { api } = renderApp(
      '/admin-founders?phase=launch&status=done',
      { user: ADMIN },
      { api: { 'founders.list': directory([JANE, OMAR]) } },
    );
    expect(await screen.findByRole('row', { name: 'Omar Field' }, { timeout: 8000 })).toBeInTheDocument();
    expect(select('Phase')).toHaveDisplayValue('All phases');
    expect(select('Status')).toHaveDisplayValue('All statuses');
    expect([...(api.calls('founders.list')[0]?.url.searchParams ?? [])]).toEqual([]);
  });

  it('cuts a hand-typed search longer than the API takes to its first 100 characters, so the list still loads', async () => {
    const long = 'm'.repeat(DIRECTORY_SEARCH_MAX);
    // As the API does: a longer search is refused; this one answers any other search with Jane.
    const list = (request: FakeRequest) =>
      (request.url.searchParams.get('q') ?? '').length > DIRECTORY_SEARCH_MAX
        ? apiError(400, `The search must be at most ${DIRECTORY_SEARCH_MAX} characters.`)
        : { body: { founders: [JANE], nextCursor: null, examined: 1, totalFounders: 1 } satisfies DirectoryPage };
    const { api } = renderApp(`/admin-founders?q=${long}xyz`, { user: ADMIN }, { api: { 'founders.list': list } });
    expect(await screen.findByRole('row', { name: 'Jane Doe' }, { timeout: 8000 })).toBeInTheDocument();
    expect(searchbox()).toHaveValue(long);
    expect(api.calls('founders.list')[0]?.url.searchParams.get('q')).toBe(long);
  });

  it('writes each choice to the address; Back and Forward bring the filters and the search field back', async () => {
    const { user, router, api } = renderApp(
      '/admin-founders',
      { user: ADMIN },
      { api: { 'founders.list': directory([JANE, OMAR]) } },
    );
    await screen.findByRole('table', {}, { timeout: 8000 });
    await user.selectOptions(select('Phase'), 'Idea');
    await waitFor(() => expect(router.state.location.search).toBe('?phase=generate-idea'));
    expect(await screen.findByRole('row', { name: 'Omar Field' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Jane Doe' })).not.toBeInTheDocument();

    await user.type(searchbox(), 'omar');
    // The search settles into the address after the pause, replacing the entry rather than adding one per key.
    await waitFor(() => expect(router.state.location.search).toBe('?phase=generate-idea&q=omar'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The page has shown that address too (it asked for the list with it), not only the router: on a loaded machine a
    // Back right after could otherwise reach a page that never rendered q=omar, and had nothing to follow.
    await waitFor(() => expect(api.calls('founders.list').at(-1)?.url.searchParams.get('q')).toBe('omar'));

    await router.navigate(-1);
    await waitFor(() => expect(select('Phase')).toHaveDisplayValue('All phases'));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(searchbox()).toHaveValue(''));
    expect(await screen.findByRole('row', { name: 'Jane Doe' })).toBeInTheDocument();

    await router.navigate(1);
    await waitFor(() => expect(searchbox()).toHaveValue('omar'));
    await waitFor(() => expect(select('Phase')).toHaveDisplayValue('Idea'));
    // The field's own settling does not write the older text back over the address.
    await new Promise((r) => setTimeout(r, 400));
    expect(router.state.location.search).toBe('?phase=generate-idea&q=omar');
  });
});
