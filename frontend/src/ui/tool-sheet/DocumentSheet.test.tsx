import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { FULL_TOOLS } from '../../test/fixtures/tool-sheet-answers';
import { ToolSheet } from './ToolSheet';

describe('document sheets', () => {
  it('draws Branding as headed sections: prose as a paragraph, a list as a list', () => {
    render(<ToolSheet tool={toolOf('branding')} answers={FULL_TOOLS.branding} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Name',
      'Positioning',
      'Voice',
    ]);
    // The Name section's heading names its one field: it is not labelled twice.
    expect(screen.getByRole('region', { name: 'Name' })).toHaveTextContent(/^NameHarvestly$/);
    const voice = screen.getByRole('region', { name: 'Voice' });
    expect(
      within(voice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Calm', 'Practical', 'Down to earth']);
    expect(within(voice).getByRole('heading', { level: 4, name: 'Tagline' })).toBeVisible();
    expect(voice).toHaveTextContent('Farm more, file less.');
  });

  it('draws Go-to Market’s launch rows as a table with column headers and dates spelled out', () => {
    render(<ToolSheet tool={toolOf('go-to-market')} answers={FULL_TOOLS['go-to-market']} />);
    const table = screen.getByRole('table', { name: 'Launch sequence' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => [h.textContent, h.getAttribute('scope')]),
    ).toEqual([
      ['Step', 'col'],
      ['When', 'col'],
    ]);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Association newsletter1 Mar 2027');
    expect(screen.getByRole('region', { name: 'Launch sequence' })).toHaveAttribute('tabindex', '0');
  });

  it('says each field of an empty Product Requirements is not filled in yet', () => {
    render(<ToolSheet tool={toolOf('product-requirements')} answers={[]} />);
    expect(screen.getAllByText('Not filled in yet')).toHaveLength(5);
  });
});
