import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { FULL_TOOLS, toolAnswers } from '../../test/fixtures/tool-sheet-answers';
import { MarketSizingPanel, ToolSheet } from './ToolSheet';

const tool = toolOf('market-research');

function checks() {
  const list = screen.queryByRole('list', { name: 'Checks' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];
}

const panel = (fields: Parameters<typeof toolAnswers>[1]) =>
  render(<MarketSizingPanel answers={toolAnswers('market-research', fields)} />);

const complete = { method: 'Top-down', currency: 'EUR', tam: '1000', sam: '500', som: '50' };

describe('Market Research sheet', () => {
  it('draws the nested figure hidden from screen readers, its numbers as text with currency and period', () => {
    const { container } = render(<ToolSheet tool={tool} answers={FULL_TOOLS['market-research']} />);
    const figure = screen.getByRole('figure');
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(
      within(figure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'TAM Total addressable market EUR 24,000,000 a year',
      'SAM Serviceable available market EUR 6,000,000 a year (25 % of the TAM)',
      'SOM Serviceable obtainable market EUR 600,000 a year (10 % of the SAM)',
    ]);
    expect(figure).toHaveTextContent('Circles drawn to scale');
  });

  it('shows the method, and each market’s amount, source and assumption in its section', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS['market-research']} />);
    expect(screen.getByRole('region', { name: 'Method' })).toHaveTextContent('Bottom-up');
    expect(screen.getByRole('region', { name: 'Bottom-up inputs' })).toHaveTextContent('40,000 customers');
    const sam = screen.getByRole('region', { name: 'Serviceable available market' });
    expect(sam).toHaveTextContent('SAM per yearEUR 6,000,000');
    expect(sam).toHaveTextContent('SourceFarms in Germany and Austria.');
    expect(sam).toHaveTextContent('AssumptionWe sell in German only for three years.');
  });

  it('works the calculation as lines and passes every check when the numbers add up', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS['market-research']} />);
    const calc = screen.getByRole('region', { name: 'Calculation and checks' });
    expect(
      within(calc)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'TAM = 40,000 customers × EUR 600 a year = EUR 24,000,000 a year',
      'SAM = EUR 6,000,000 a year = 25 % of the TAM',
      'SOM = EUR 600,000 a year = 10 % of the SAM',
    ]);
    expect(calc).toHaveTextContent('Every check passes: the numbers add up.');
  });

  it('lists everything missing on an empty sheet, with a schematic figure and nothing to calculate', () => {
    render(<ToolSheet tool={tool} answers={[]} />);
    expect(screen.getByRole('figure')).toHaveTextContent('Not entered yet');
    expect(screen.getByRole('figure')).toHaveTextContent('Circles not to scale');
    expect(screen.getByText('Nothing to calculate yet')).toBeInTheDocument();
    expect(checks()).toEqual([
      'Missing: Choose the method: top-down or bottom-up.',
      'Missing: Choose the currency every amount is in.',
      'Missing: Enter the TAM.',
      'Missing: Enter the SAM.',
      'Missing: Enter the SOM.',
    ]);
    expect(screen.getAllByText('Not filled in yet').length).toBeGreaterThan(0);
  });
});

describe('MarketSizingPanel', () => {
  it('marks each contradiction as an error', () => {
    panel({ ...complete, sam: '2000', som: '3000' });
    expect(checks()).toEqual([
      'Error: The SAM (EUR 2,000 a year) cannot be larger than the TAM (EUR 1,000 a year).',
      'Error: The SOM (EUR 3,000 a year) cannot be larger than the SAM (EUR 2,000 a year).',
    ]);
    for (const item of screen.getAllByRole('listitem').slice(-2)) expect(item).toHaveClass('tool-sheet__check--error');
  });

  it('refuses a TAM of 0', () => {
    panel({ ...complete, tam: '0', sam: '0', som: '0' });
    expect(checks()).toEqual(['Error: A TAM of 0 leaves no market: check the number.']);
  });

  it('asks bottom-up for the customers and the revenue per customer', () => {
    panel({ ...complete, method: 'Bottom-up', customers: '10' });
    expect(checks()).toEqual([
      'Missing: Bottom-up needs the customers in the market and the revenue per customer per year.',
    ]);
    expect(screen.getByText('Missing:').closest('li')).toHaveClass('tool-sheet__check--missing');
  });

  // customers × price = 100,000; a TAM within 0.5 % (500) of it is rounding, one more is a contradiction.
  it.each([
    ['100500', true],
    ['99500', true],
    ['100501', false],
    ['99499', false],
  ])('accepts a bottom-up TAM of %s: %s', (tam, accepted) => {
    panel({ ...complete, method: 'Bottom-up', customers: '1000', price: '100', tam, sam: '10', som: '1' });
    expect(checks()).toEqual(
      accepted
        ? []
        : [
            `Error: Bottom-up, the TAM is 1,000 × EUR 100 = EUR 100,000 a year, but the sheet says EUR ${Number(tam).toLocaleString('en-GB')} a year.`,
          ],
    );
    if (accepted) expect(screen.getByText('Every check passes: the numbers add up.')).toBeInTheDocument();
  });
});
