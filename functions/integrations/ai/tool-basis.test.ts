/** What each tool section builds on: every section has bases, they include its fields' prefill, frames quote once. */
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { TOOL_IDS, toolOf } from '#shared/domain/validate-tools';
import { TOOL_BASIS } from './tool-basis';
import type { Basis } from './tool-material';

describe('TOOL_BASIS', () => {
  it.each(TOOL_IDS)('gives every section of %s at least one basis, and no section it lacks', (tool) => {
    expect(Object.keys(TOOL_BASIS[tool]).sort()).toEqual([...CATEGORIES[tool]].sort());
    for (const section of CATEGORIES[tool]) expect(TOOL_BASIS[tool][section]?.length, section).toBeGreaterThan(0);
  });

  it.each(TOOL_IDS)("includes every prefill source of %s's fields in their section's bases", (tool) => {
    for (const section of toolOf(tool).sections) {
      const bases = (TOOL_BASIS[tool][section.title] ?? []).map((basis) => basis.from);
      for (const source of section.fields.flatMap((field) => field.prefill ?? [])) {
        const covered =
          'type' in source
            ? source.categories.every((category) =>
                bases.some((b) => 'type' in b && b.type === source.type && b.categories.includes(category)),
              )
            : 'tool' in source
              ? bases.some((b) => 'tool' in b && b.tool === source.tool && b.field === source.field)
              : bases.some((b) => 'source' in b && b.source === source.source);
        expect(covered, `${tool} / ${section.title}: ${JSON.stringify(source)}`).toBe(true);
      }
    }
  });

  it('frames set the founder in once each, unquoted, and carry no figure of their own', () => {
    for (const tool of TOOL_IDS) {
      for (const frame of Object.values(TOOL_BASIS[tool]).flatMap((bases) => bases.flatMap((b) => b.frames))) {
        expect(frame.split('{c}'), frame).toHaveLength(2);
        expect(frame, frame).not.toMatch(/["“”‘]/);
        expect(frame, frame).not.toMatch(/\d/);
      }
    }
  });
});

/** A basis as one readable word: "value-proposition · Gain Creators", "industry-insights.trends", "validation-tests". */
const nameOf = (basis: Basis): string[] =>
  'type' in basis
    ? basis.categories.map((category) => `${basis.type} · ${category}`)
    : 'tool' in basis
      ? [`${basis.tool}.${basis.field}`]
      : [basis.source];

describe('SWOT', () => {
  // Strengths and Weaknesses are inside the founder's control, Opportunities and Threats outside it: a gain customers
  // want is a strength only where a gain creator delivers it, and no opportunity of itself.
  it('drafts each section from its own side of the line', () => {
    const sources = Object.fromEntries(
      Object.entries(TOOL_BASIS.swot).map(([section, bases]) => [section, bases.flatMap((b) => nameOf(b.from))]),
    );
    expect(sources).toEqual({
      Strengths: [
        'business-model · Key Resources',
        'value-proposition · Pain Relievers',
        'value-proposition · Gain Creators',
        'validation-tests',
      ],
      Weaknesses: [
        'business-model · Key Partners',
        'business-model · Cost Structure',
        'business-model · Key Activities',
      ],
      Opportunities: ['industry-insights.trends', 'industry-insights.comparison', 'business-model · Customer Segments'],
      Threats: [
        'value-proposition · Customer Pains',
        'trigger · Customer Pains',
        'industry-insights.comparison',
        'business-model · Key Partners',
        'industry-insights.trends',
      ],
    });
  });

  it('prefills Strengths from resources and gain creators, Opportunities from the trends, and never from gains', () => {
    const prefill = Object.fromEntries(
      toolOf('swot').sections.map((s) => [s.title, s.fields.flatMap((f) => (f.prefill ?? []).flatMap(nameOf))]),
    );
    expect(prefill).toEqual({
      Strengths: ['business-model · Key Resources', 'value-proposition · Gain Creators'],
      Weaknesses: [],
      Opportunities: ['industry-insights.trends'],
      Threats: [],
    });
  });
});
