import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { isTimelineField, milestonesInOrder } from './milestones';

const field = toolOf('path-to-mvp').sections[1]?.fields[0];
if (!field) throw new Error('Path To MVP has a milestones field');

describe('milestonesInOrder', () => {
  it('orders by date, undated last, each group in the founder’s order', () => {
    const order = milestonesInOrder(field, [
      ['Undated A', '', ''],
      ['June', '2027-06-01', ''],
      ['Same day 1', '2027-02-15', ''],
      ['Undated B', '', ''],
      ['Same day 2', '2027-02-15', ''],
      ['New year', '2027-01-01', ''],
    ]).map((m) => m.name);
    expect(order).toEqual(['New year', 'Same day 1', 'Same day 2', 'June', 'Undated A', 'Undated B']);
  });

  it('keeps what a milestone depends on, and a null date when it has none', () => {
    expect(milestonesInOrder(field, [['Beta', '', 'Pilot results']])).toEqual([
      { name: 'Beta', date: null, details: [{ label: 'Depends on', text: 'Pilot results' }] },
    ]);
  });

  it('draws only a rows field with a date column as a timeline', () => {
    expect(isTimelineField(field)).toBe(true);
    expect(isTimelineField(toolOf('path-to-mvp').sections[0]?.fields[0] ?? field)).toBe(false);
    expect(isTimelineField(toolOf('market-plan').sections[1]?.fields[0] ?? field)).toBe(false);
  });
});
