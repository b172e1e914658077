import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_PHASES } from '#shared/domain/phases';
import { byType } from '../../test/by-type';
import type { FakeRequest } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import type { DirectoryFounder, FounderFile } from './directory-api';

type Progress = DirectoryFounder['progress']['swot'];
const phase: Progress = { answered: 10, total: 10, percent: 100, status: 'unlocked' };
const untouched: Progress = { answered: 0, total: 5, percent: 0, status: 'in-progress' };

/** Jane finished SWOT (waiting for review) and PESTEL (sent back), and started Branding. */
const JANE: DirectoryFounder = {
  userId: 'u-jane',
  name: 'Jane Doe',
  email: 'jane@example.com',
  startupName: 'Meal Kits',
  paid: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastActivityAt: '2026-02-01T10:00:00.000Z',
  phase: 'validation',
  status: 'unlocked',
  progress: {
    ...byType({ trigger: phase, 'value-proposition': phase, 'business-model': phase }, untouched),
    swot: { answered: 5, total: 5, percent: 100, status: 'pending' },
    pestel: { answered: 6, total: 6, percent: 100, status: 'changes-requested' },
    branding: { answered: 2, total: 5, percent: 40, status: 'in-progress' },
  },
};

const FILE: FounderFile = {
  founder: JANE,
  onboarding: null,
  idea: null,
  phases: NO_PHASES,
  validationTests: [],
  files: [],
};

const SWOT_ANSWERS = [
  {
    questionId: 'tool-swot-strengths',
    number: 1,
    category: 'Strengths',
    question: 'Strengths',
    answers: ['Chef network', 'Low churn'],
    submittedAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
  },
  {
    questionId: 'g-1',
    number: 5,
    category: 'Threats',
    question: 'Who could copy you?',
    answers: ['Supermarkets'],
    submittedAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
  },
];

function renderFounder() {
  return renderApp(
    '/admin-founders/u-jane',
    { user: ADMIN },
    {
      api: {
        'founders.get': { body: FILE },
        'review.answers': (request: FakeRequest) => ({
          body: { answers: request.url.pathname.endsWith('/swot') ? SWOT_ANSWERS : [] },
        }),
      },
    },
  );
}

describe("the coach's view of a founder's Validate tools", () => {
  it('shows each tool’s progress and status word, and reads no tool until it is opened', async () => {
    const { api } = renderFounder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' }, { timeout: 8000 })).toBeInTheDocument();
    const tools = screen.getByRole('region', { name: 'Validate tools' });
    const summaries = tools.querySelectorAll('summary');
    expect(summaries).toHaveLength(10);
    expect(within(tools).getByText('SWOT Analysis', { selector: 'summary' })).toHaveTextContent(
      'SWOT Analysis 5/5 answered · Pending review',
    );
    expect(within(tools).getByText('Pestel Analysis', { selector: 'summary' })).toHaveTextContent(
      '6/6 answered · Changes requested',
    );
    expect(within(tools).getByText('Branding', { selector: 'summary' })).toHaveTextContent(
      '2/5 answered · In progress',
    );
    expect(within(tools).getByText('Market Plan', { selector: 'summary' })).toHaveTextContent(
      '0/5 answered · Not started',
    );
    // The overview counts the toolkit in one line; the phases keep their bars.
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(overview).toHaveTextContent('Tools: 2 of 10 complete');
    expect(within(overview).getAllByRole('progressbar')).toHaveLength(3);
    expect(api.calls('review.answers')).toHaveLength(0);
    expect(api.calls('founders.get')).toHaveLength(1);
  });

  it('opens one tool: only its answers are read, drawn as its sheet, with a link to its review', async () => {
    const { user, api } = renderFounder();
    const tools = await screen.findByRole('region', { name: 'Validate tools' }, { timeout: 8000 });
    await user.click(within(tools).getByText('SWOT Analysis', { selector: 'summary' }));
    const strengths = await within(tools).findByRole('region', { name: 'Strengths' });
    expect(strengths).toHaveTextContent('Chef network');
    expect(strengths).toHaveTextContent('Low churn');
    expect(within(tools).getByRole('region', { name: 'Threats' })).toHaveTextContent('Who could copy you?Supermarkets');
    expect(api.calls('review.answers').map((c) => c.url.pathname)).toEqual(['/api/admin/founders/u-jane/answers/swot']);
    expect(within(tools).getByRole('link', { name: 'Review the SWOT Analysis' })).toHaveAttribute(
      'href',
      '/admin-tools/swot-analysis?review=u-jane',
    );

    // A tool with nothing in it says so, and offers no review.
    await user.click(within(tools).getByText('Market Plan', { selector: 'summary' }));
    expect(await within(tools).findByText('Nothing filled in yet.')).toBeInTheDocument();
    expect(within(tools).queryByRole('link', { name: 'Review the Market Plan' })).toBeNull();
    await waitFor(() => expect(api.calls('review.answers')).toHaveLength(2));
    expect(api.calls('founders.get')).toHaveLength(1);
  });

  it('sums up the toolkit per founder in the directory', async () => {
    renderApp(
      '/admin-founders',
      { user: ADMIN },
      {
        api: {
          'founders.list': { body: { founders: [JANE], nextCursor: null, examined: 1, totalFounders: 1 } },
        },
      },
    );
    const row = await screen.findByRole('row', { name: 'Jane Doe' }, { timeout: 8000 });
    expect(row).toHaveTextContent('Tools: 2 of 10 complete');
    // Three phase bars, not thirteen: the tools are one line.
    expect(within(row).getAllByRole('progressbar')).toHaveLength(3);
  });
});
