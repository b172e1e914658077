/** What each tool section builds on: every section has bases, they include its fields' prefill, frames quote once. */
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { TOOL_IDS, toolOf } from '#shared/domain/validate-tools';
import { TOOL_BASIS } from './tool-basis';

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
