import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { FULL_TOOLS, guidanceQuestion } from '../../test/fixtures/tool-sheet-answers';
import { ToolSheet } from './ToolSheet';

const tool = toolOf('one-pager');

describe('Business One Pager sheet', () => {
  it('is one page in the investor’s reading order, every field under its label', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS['one-pager']} />);
    const page = screen.getByRole('article', { name: 'Business One Pager' });
    expect(
      within(page)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Problem and solution', 'Market', 'Proof']);
    expect(
      within(page)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Problem', 'Solution', 'Customers', 'Market size', 'Business model', 'Traction', 'Team', 'The ask']);
    const proof = screen.getByRole('region', { name: 'Proof' });
    expect(within(proof).getAllByRole('list')[0]).toHaveTextContent('12 farms in the pilot9 of 12 renewed');
    expect(proof).toHaveTextContent('EUR 500k pre-seed for 18 months');
  });

  it('files a guidance answer in its section', () => {
    const question = guidanceQuestion('one-pager', 'g-why-now', 'Market', 'Why now?');
    render(
      <ToolSheet
        tool={tool}
        answers={[{ questionId: 'g-why-now', answers: ['The 2027 eco-scheme'] }]}
        guidance={[question]}
      />,
    );
    const market = screen.getByRole('region', { name: 'Market' });
    expect(within(market).getByRole('heading', { level: 4, name: 'Why now?' })).toBeVisible();
    expect(market).toHaveTextContent('The 2027 eco-scheme');
    expect(screen.getAllByText('Not filled in yet')).toHaveLength(8);
  });
});
