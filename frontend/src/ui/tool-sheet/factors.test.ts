import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { factorsByImpact } from './factors';

const field = toolOf('pestel').sections[0]?.fields[0];
if (!field) throw new Error('PESTEL has a political field');

describe('factorsByImpact', () => {
  it('puts High first, then Medium, Low and unrated, keeping the founder’s order within a rating', () => {
    const factors = factorsByImpact(field, [
      ['Unrated', '', ''],
      ['Low one', 'Low', 'a'],
      ['High one', 'High', 'b'],
      ['Medium', 'Medium', ''],
      ['High two', 'High', 'c'],
    ]);
    expect(factors.map((f) => `${f.name}:${f.impact}`)).toEqual([
      'High one:High',
      'High two:High',
      'Medium:Medium',
      'Low one:Low',
      'Unrated:null',
    ]);
  });

  it('keeps the other columns as labelled details, leaving out empty ones', () => {
    const [factor, bare] = factorsByImpact(field, [
      ['Subsidies', 'High', 'More grants'],
      ['Tariffs', 'Low', ''],
    ]);
    expect(factor?.details).toEqual([{ label: 'What it means for us', text: 'More grants' }]);
    expect(bare?.details).toEqual([]);
  });

  it('ranks an impact that is not an option last', () => {
    expect(
      factorsByImpact(field, [
        ['Odd', 'Huge', ''],
        ['Low', 'Low', ''],
      ]).map((f) => f.name),
    ).toEqual(['Low', 'Odd']);
  });
});
