import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { FULL_TOOLS, toolAnswers } from '../../test/fixtures/tool-sheet-answers';
import { ToolSheet } from './ToolSheet';

const tool = toolOf('industry-insights');

describe('Industry Insights sheet', () => {
  it('draws options against criteria, a criterion named only in rows added last, cells saying they / we', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS['industry-insights']} />);
    const table = screen.getByRole('table', { name: 'How the options compare' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Competitor or alternative',
      'Time saved',
      'Price',
      'Subsidy deadlines',
    ]);
    for (const h of headers) expect(h).toHaveAttribute('scope', 'col');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['FarmDesk', 'Spreadsheets']);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'They: Half a day a week / We: A full day a week',
      'They: EUR 90 a month / We: EUR 49 a month',
      'Not compared',
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'They: None / We: A full day a week',
      'Not compared',
      'They: Manual calendar / We: Automatic reminders',
    ]);
  });

  it('scrolls the matrix inside its own box, named by the field’s label and reachable by keyboard', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS['industry-insights']} />);
    const box = screen.getByRole('region', { name: 'How the options compare' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table')).toBeVisible();
  });

  it('keeps the criteria and the trends below the matrix, and says when nothing is compared', () => {
    render(<ToolSheet tool={tool} answers={toolAnswers('industry-insights', { criteria: ['Price'] })} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Criteria',
      'Comparison',
      'Trends',
    ]);
    expect(screen.getByRole('region', { name: 'Criteria' })).toHaveTextContent('Price');
    expect(screen.getByText('No competitor or alternative compared yet')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Trends' })).getByText('Not filled in yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows only the side that was written', () => {
    render(
      <ToolSheet
        tool={tool}
        answers={toolAnswers('industry-insights', { comparison: [['Sheets', 'Price', 'Free', '']] })}
      />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent(/^They: Free$/);
  });

  it('says an option was compared on a criterion even when neither side has a note', () => {
    render(
      <ToolSheet
        tool={tool}
        answers={toolAnswers('industry-insights', { comparison: [['Sheets', 'Price', '', '']] })}
      />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent(/^Compared, no notes$/);
  });
});
