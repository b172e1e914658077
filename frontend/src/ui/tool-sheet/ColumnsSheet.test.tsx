import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { FULL_TOOLS, toolAnswers } from '../../test/fixtures/tool-sheet-answers';
import { ToolSheet } from './ToolSheet';

const tool = toolOf('pestel');

describe('PESTEL sheet', () => {
  it('draws the six factor groups as columns in order', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS.pestel} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Political',
      'Economic',
      'Social',
      'Technological',
      'Environmental',
      'Legal',
    ]);
  });

  it('lists a column’s factors High first, each with its impact in words and what it means', () => {
    render(
      <ToolSheet
        tool={tool}
        answers={toolAnswers('pestel', {
          political: [
            ['Budget cuts', 'Low', 'Fewer grants'],
            ['Unrated rule', '', ''],
            ['Eco-scheme', 'High', 'More paperwork'],
            ['Elections', 'Medium', ''],
          ],
        })}
      />,
    );
    const factors = within(screen.getByRole('list', { name: 'Political factors' })).getAllByRole('listitem');
    expect(factors.map((f) => f.textContent)).toEqual([
      'High impactEco-schemeWhat it means for us: More paperwork',
      'Medium impactElections',
      'Low impactBudget cutsWhat it means for us: Fewer grants',
      'Impact not ratedUnrated rule',
    ]);
  });

  it('says a group without factors has none yet', () => {
    render(<ToolSheet tool={tool} answers={[]} />);
    expect(screen.getAllByText('No factors yet')).toHaveLength(6);
  });
});
