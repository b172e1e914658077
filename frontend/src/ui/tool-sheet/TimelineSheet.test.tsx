import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { FULL_TOOLS } from '../../test/fixtures/tool-sheet-answers';
import { ToolSheet } from './ToolSheet';

const tool = toolOf('path-to-mvp');

describe('Path To MVP sheet', () => {
  it('shows the MVP, then the milestones in date order, undated last, each with what it depends on', () => {
    render(<ToolSheet tool={tool} answers={FULL_TOOLS['path-to-mvp']} />);
    expect(screen.getByRole('region', { name: 'The MVP' })).toHaveTextContent(
      'A form filler for the eco-scheme, from one farm’s field data.',
    );
    const milestones = within(screen.getByRole('list', { name: 'Milestones' })).getAllByRole('listitem');
    expect(milestones.map((m) => m.textContent)).toEqual([
      '15 Feb 2027Paper prototypeDepends on: Landing page test',
      '1 May 2027Pilot with 10 farmsDepends on: Interview test',
      'No date yetOpen betaDepends on: Pilot results',
    ]);
    expect(milestones[0]?.querySelector('time')).toHaveAttribute('datetime', '2027-02-15');
    expect(milestones[2]?.querySelector('time')).toBeNull();
  });

  it('says what is not there yet', () => {
    render(<ToolSheet tool={tool} answers={[]} />);
    expect(screen.getByText('No milestones yet')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'The MVP' })).getByText('Not filled in yet')).toBeVisible();
  });
});
