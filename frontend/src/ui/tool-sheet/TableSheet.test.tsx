import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { FULL_TOOLS, toolAnswers } from '../../test/fixtures/tool-sheet-answers';
import { ToolSheet } from './ToolSheet';

const tool = toolOf('market-plan');

describe('Market Plan sheet', () => {
  it('shows the segments and channels, then the plan with its budget total in the sheet’s currency', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS['market-plan']} />);
    const targets = screen.getByRole('region', { name: 'Targets' });
    expect(
      within(targets)
        .getAllByRole('list')
        .map((l) => l.textContent),
    ).toEqual(['Organic farms in BavariaFarm accountants', 'Farm fairsAccountant referrals']);
    expect(screen.getByText('Budgets are in EUR.')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Budget and target per channel' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Channel', 'Segment', 'Budget (EUR)', 'Target']);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Farm fairsOrganic farms in Bavaria12,00040 sign-ups');
    expect(rows[2]).toHaveTextContent('Accountant referralsFarm accountants3,500.510 partners');
    const total = rows[3] as HTMLElement;
    expect(within(total).getByRole('rowheader')).toHaveTextContent('Total');
    expect(total).toHaveTextContent('EUR 15,500.5');
  });

  it('says the currency is not chosen yet rather than guessing one', () => {
    render(
      <ToolSheet
        tool={tool}
        answers={toolAnswers('market-plan', {
          plan: [
            ['Fairs', 'Farms', '100', ''],
            ['Ads', '', '', 'x'],
          ],
        })}
      />,
    );
    expect(screen.getByText('Choose the currency: budgets are shown without one until then.')).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Budget (currency not chosen yet)' })).toBeVisible();
    const total = screen.getAllByRole('row').at(-1) as HTMLElement;
    expect(total).toHaveTextContent(/^Total100$/);
  });

  it('says an empty plan has no rows yet', () => {
    render(<ToolSheet tool={tool} answers={[]} />);
    expect(screen.getByText('No rows yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
