import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminStatsResponse } from '#shared/api-types';
import { byType } from '../../test/by-type';
import type { FakeReply } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

const EMPTY_QUEUE: FakeReply = { body: { founders: [], nextCursor: null, total: 0 } };

const phases = { trigger: 1, 'value-proposition': 1, 'business-model': 1 };
const STATS: AdminStatsResponse = {
  totalUsers: 12,
  questions: { ...byType(phases, 0), swot: 2, pestel: 1 },
  started: { ...byType(phases, 0), swot: 7, pestel: 3 },
  completed: { ...byType(phases, 0), swot: 4, pestel: 1 },
  completionRate: { ...byType(phases, 0), swot: 33, pestel: 8 },
  changesRequested: { ...byType(phases, 0), swot: 1, pestel: 0 },
  averageRating: { ...byType({ trigger: 4, 'value-proposition': null, 'business-model': null }, null), swot: 3.2 },
};

describe('admin dashboard: the Validate tools', () => {
  it('counts each tool: started, completed, changes requested and average rating', async () => {
    renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': { body: STATS }, 'founders.reviewQueue': EMPTY_QUEUE } },
    );
    const section = await screen.findByRole('region', { name: 'Validate tools' }, { timeout: 8000 });
    const table = within(section).getByRole('table', { name: 'Founders per Validate tool' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tool', 'Started', 'Completed', 'Changes requested', 'Average rating']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Branding',
      'Industry Insights',
      'SWOT Analysis',
      'Pestel Analysis',
      'Market Research',
      'Business One Pager',
      'Product Requirements',
      'Path To MVP',
      'Market Plan',
      'Go-to Market Strategy',
    ]);
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${name}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(await screen.findByText('3.2')).toBeInTheDocument();
    expect(cells('SWOT Analysis')).toEqual(['7', '4', '1', '3.2']);
    expect(cells('Pestel Analysis')).toEqual(['3', '1', '0', '–']);
    expect(cells('Branding')).toEqual(['0', '0', '0', '–']);
    // The question count names the ten tools together, after the phases.
    expect(screen.getByText(/questions available/)).toHaveTextContent(
      '6 questions available: Trigger Questions 1 • Value Proposition 1 • Business Model 1 • Validate tools 3',
    );
  });

  it("shows '...' in every figure while the statistics load", async () => {
    renderApp(
      '/admin-home',
      { user: ADMIN },
      { api: { 'review.stats': () => new Promise<FakeReply>(() => undefined), 'founders.reviewQueue': EMPTY_QUEUE } },
    );
    const section = await screen.findByRole('region', { name: 'Validate tools' }, { timeout: 8000 });
    expect(section).toHaveAttribute('aria-busy', 'true');
    const swot = within(section).getByRole('row', { name: /^SWOT Analysis/ });
    expect(
      within(swot)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['...', '...', '...', '...']);
  });
});
