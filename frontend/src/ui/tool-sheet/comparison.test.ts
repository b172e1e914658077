import { describe, expect, it } from 'vitest';
import { comparisonMatrix, OVERALL, UNNAMED_OPTION } from './comparison';

describe('comparisonMatrix', () => {
  it('takes the criteria field’s order, then criteria named only in rows, matching whatever the case and spacing', () => {
    const matrix = comparisonMatrix(
      ['Price', 'Time saved', ' '],
      [
        ['FarmDesk', 'time  SAVED', 'Half a day', 'A day'],
        ['Sheets', 'Deadlines', 'Manual', 'Automatic'],
        ['FarmDesk', 'Price', '90', '49'],
      ],
    );
    expect(matrix.criteria).toEqual(['Price', 'Time saved', 'Deadlines']);
    expect(matrix.options).toEqual([
      { name: 'FarmDesk', cells: [[{ they: '90', we: '49' }], [{ they: 'Half a day', we: 'A day' }], []] },
      { name: 'Sheets', cells: [[], [], [{ they: 'Manual', we: 'Automatic' }]] },
    ]);
  });

  it('merges an option named twice and keeps two verdicts on one criterion', () => {
    const matrix = comparisonMatrix(
      ['Price'],
      [
        ['FarmDesk', 'Price', '90', '49'],
        ['farmdesk ', 'price', '120 with support', '49'],
      ],
    );
    expect(matrix.options).toHaveLength(1);
    expect(matrix.options[0]?.cells[0]).toHaveLength(2);
  });

  it('names a row without an option or a criterion rather than dropping it', () => {
    const matrix = comparisonMatrix([], [['', '', 'Slow', 'Fast']]);
    expect(matrix.criteria).toEqual([OVERALL]);
    expect(matrix.options).toEqual([{ name: UNNAMED_OPTION, cells: [[{ they: 'Slow', we: 'Fast' }]] }]);
  });

  it('has criteria and no options when nothing is compared yet', () => {
    expect(comparisonMatrix(['Price'], [])).toEqual({ criteria: ['Price'], options: [] });
  });
});
