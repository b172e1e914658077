import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { FULL_TOOLS, guidanceQuestion } from '../../test/fixtures/tool-sheet-answers';
import { ToolSheet } from './ToolSheet';

const tool = toolOf('swot');

describe('SWOT sheet', () => {
  it('draws the four quadrants in order, each placed in words, with its items as a list', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS.swot} />);
    const quadrants = screen.getAllByRole('region');
    expect(quadrants.map((q) => within(q).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Strengths',
      'Weaknesses',
      'Opportunities',
      'Threats',
    ]);
    expect(quadrants.map((q) => within(q).getByText(/^(Internal|External), /).textContent)).toEqual([
      'Internal, helpful',
      'Internal, harmful',
      'External, helpful',
      'External, harmful',
    ]);
    const items = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items('Strengths')).toEqual(['Founder grew up on a farm', 'Subsidy rules engine']);
    expect(items('Weaknesses')).toEqual(['No sales team yet']);
    expect(items('Opportunities')).toEqual(['New EU eco-scheme in 2027']);
    expect(items('Threats')).toEqual(['Ministry builds its own portal', 'Farm consolidation']);
    // The quadrant's heading names its list: no second "Strengths" label under it.
    expect(screen.getAllByText('Strengths')).toHaveLength(1);
  });

  it('says an empty quadrant is not filled in, and files a guidance answer in its quadrant', () => {
    const question = guidanceQuestion('swot', 'g-threat', 'Threats', 'Who could copy you?');
    render(
      <ToolSheet tool={tool} answers={[{ questionId: 'g-threat', answers: ['A big vendor'] }]} guidance={[question]} />,
    );
    expect(within(screen.getByRole('region', { name: 'Strengths' })).getByText('Not filled in yet')).toBeVisible();
    const threats = screen.getByRole('region', { name: 'Threats' });
    expect(within(threats).getByRole('heading', { level: 4, name: 'Who could copy you?' })).toBeVisible();
    expect(threats).toHaveTextContent('A big vendor');
  });
});
