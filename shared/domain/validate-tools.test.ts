import { describe, expect, it } from 'vitest';
import { CATEGORIES, isPhaseType, QUESTION_TYPES } from './questions';
import {
  CURRENCIES,
  isToolId,
  SIZING_METHODS,
  TOOL_IDS,
  TOOL_LAYOUTS,
  type ToolId,
  toolFieldOf,
  toolFieldQuestionId,
  toolFields,
  toolOf,
  VALIDATE_TOOLS,
} from './validate-tools';

const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe('the tool definitions', () => {
  it('define each tool once, in the sidebar order, with a unique slug and a known layout', () => {
    expect(VALIDATE_TOOLS.map((t) => t.id)).toEqual([...TOOL_IDS]);
    expect(unique(VALIDATE_TOOLS.map((t) => t.slug))).toBe(true);
    expect(unique(VALIDATE_TOOLS.map((t) => t.title))).toBe(true);
    for (const tool of VALIDATE_TOOLS) {
      expect(tool.slug, tool.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(TOOL_LAYOUTS, tool.id).toContain(tool.layout);
      expect(tool.summary.length, tool.id).toBeGreaterThan(0);
    }
  });

  it('give every tool sections with unique titles, each with fields whose ids are unique in the tool', () => {
    for (const tool of VALIDATE_TOOLS) {
      expect(tool.sections.length, tool.id).toBeGreaterThan(0);
      expect(unique(tool.sections.map((s) => s.title)), tool.id).toBe(true);
      for (const section of tool.sections) expect(section.fields.length, section.title).toBeGreaterThan(0);
      const ids = tool.sections.flatMap((s) => s.fields.map((f) => f.id));
      expect(unique(ids), tool.id).toBe(true);
      for (const id of ids) expect(id, tool.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('give a choice options, a table typed columns, a number a unit', () => {
    for (const { tool, field } of VALIDATE_TOOLS.flatMap((t) => toolFields(t.id))) {
      const where = `${tool.id}.${field.id}`;
      if (field.kind === 'choice') expect(field.options?.length, where).toBeGreaterThan(0);
      else expect(field.options, where).toBeUndefined();
      if (field.kind === 'number') expect(field.unit, where).toBeDefined();
      if (field.kind === 'rows') {
        expect(field.columns?.length, where).toBeGreaterThan(0);
        expect(unique(field.columns?.map((c) => c.label) ?? []), where).toBe(true);
        for (const column of field.columns ?? []) {
          if (column.kind === 'choice') expect(column.options?.length, where).toBeGreaterThan(0);
        }
      } else {
        expect(field.columns, where).toBeUndefined();
      }
    }
  });

  it("point every prefill at an existing phase category, another tool's field, or the validation tests", () => {
    let sources = 0;
    for (const { tool, field } of VALIDATE_TOOLS.flatMap((t) => toolFields(t.id))) {
      for (const prefill of field.prefill ?? []) {
        sources++;
        const where = `${tool.id}.${field.id}`;
        if ('type' in prefill) {
          expect(isPhaseType(prefill.type), where).toBe(true);
          expect(prefill.categories.length, where).toBeGreaterThan(0);
          for (const category of prefill.categories) expect(CATEGORIES[prefill.type], where).toContain(category);
        } else if ('tool' in prefill) {
          expect(prefill.tool, where).not.toBe(tool.id);
          expect(toolFieldOf(prefill.tool, toolFieldQuestionId(prefill.tool, prefill.field)), where).not.toBeNull();
        } else {
          expect(prefill.source, where).toBe('validation-tests');
        }
      }
    }
    expect(sources).toBeGreaterThan(20);
  });

  it('keep the lists a sheet offers', () => {
    expect(SIZING_METHODS).toEqual(['Top-down', 'Bottom-up']);
    expect(CURRENCIES).toContain('EUR');
    expect(unique(CURRENCIES)).toBe(true);
    expect(toolFieldOf('pestel', 'tool-pestel-political')?.field.columns?.[1]?.options).toEqual([
      'High',
      'Medium',
      'Low',
    ]);
  });

  it('make each tool a question type whose categories are its section titles', () => {
    expect(QUESTION_TYPES.slice(3)).toEqual([...TOOL_IDS]);
    for (const tool of VALIDATE_TOOLS) expect(CATEGORIES[tool.id]).toEqual(tool.sections.map((s) => s.title));
  });
});

describe('looking tools and fields up', () => {
  it('knows a tool id from anything else', () => {
    for (const id of TOOL_IDS) expect(isToolId(id)).toBe(true);
    for (const other of ['trigger', 'business-model', 'SWOT', '', null, 3, undefined])
      expect(isToolId(other)).toBe(false);
  });

  it('returns a definition by id and throws for an unknown one', () => {
    expect(toolOf('swot').title).toBe('SWOT Analysis');
    expect(() => toolOf('nope' as ToolId)).toThrow('no tool nope');
  });

  it('names a field question tool-<tool>-<field>', () => {
    expect(toolFieldQuestionId('market-research', 'tam')).toBe('tool-market-research-tam');
  });

  it('lists the fields in sheet order with their section and place, the PESTEL and sizing sections included', () => {
    const refs = toolFields('pestel');
    expect(refs.map((r) => [r.section.title, r.field.id, r.order])).toEqual([
      ['Political', 'political', 0],
      ['Economic', 'economic', 1],
      ['Social', 'social', 2],
      ['Technological', 'technological', 3],
      ['Environmental', 'environmental', 4],
      ['Legal', 'legal', 5],
    ]);
    expect(refs.every((r) => r.tool.id === 'pestel')).toBe(true);
    expect(toolFields('market-research').map((r) => r.field.id)).toEqual([
      'method',
      'currency',
      'customers',
      'price',
      'tam',
      'tam-source',
      'tam-assumption',
      'sam',
      'sam-source',
      'sam-assumption',
      'som',
      'som-source',
      'som-assumption',
    ]);
  });

  it('finds a field by its question id within its own tool only', () => {
    const ref = toolFieldOf('market-research', 'tool-market-research-sam');
    expect(ref?.field.label).toBe('SAM per year');
    expect(ref?.section.title).toBe('Serviceable available market');
    expect(ref?.order).toBe(7);
    expect(toolFieldOf('one-pager', 'tool-market-research-sam')).toBeNull();
    expect(toolFieldOf('market-research', 'sam')).toBeNull();
  });
});
