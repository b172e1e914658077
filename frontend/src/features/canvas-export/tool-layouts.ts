/**
 * A Validate tool's export pages, by its layout kind (shared/domain/validate-tools.ts): the document kinds flow
 * section by section, SWOT is a 2 × 2 grid and PESTEL six columns on a landscape sheet, Industry Insights a
 * comparison matrix, Path To MVP a timeline, Market Plan a table with its total budget, Market Research its nested
 * sizing figure and worked calculation, and the Business One Pager exactly one page (one-pager-layout.ts).
 */
import type { ToolLayout } from '#shared/domain/validate-tools';
import { ACCENT, MARGIN, MUTED } from './canvas-layout';
import { A4_LANDSCAPE } from './drawing';
import type { ExportFonts } from './export-fonts';
import { allot, onePagerSheet } from './one-pager-layout';
import { BODY, drawLines, entryLines, LINE_STEP, PageFlow } from './page-flow';
import { sizingPages } from './sizing-layout';
import { formatNumber, NOT_FILLED, writeField, writeSections } from './tool-blocks';
import { type BoxPlace, boxSheets } from './tool-boxes';
import { type ExportField, singleValue, type ToolPages, type ToolSheetContent } from './tool-content';

export type { ToolPages };

const headerOf = (content: ToolSheetContent) => ({
  title: content.tool.title,
  subtitle: `${content.startupName} · ${content.date}`,
});

/** Sections in order, one field drawn its own way where `special` says so. */
function flowSheets(
  fonts: ExportFonts,
  content: ToolSheetContent,
  special: (flow: PageFlow, field: ExportField) => boolean = () => false,
  size?: { width: number; height: number },
): PageFlow {
  const flow = new PageFlow(fonts, headerOf(content), size);
  const currency = singleValue(content, 'currency');
  for (const section of content.sections) {
    flow.heading(section.title);
    for (const field of section.fields) if (!special(flow, field)) writeField(flow, field, currency);
  }
  return flow;
}

/** Industry Insights: one row per criterion, one column for you and one per competitor (three per table). */
function comparisonMatrix(flow: PageFlow, field: ExportField): boolean {
  if (field.id !== 'comparison' || !field.builtIn || field.rows.length === 0) return false;
  const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
  const criteria = unique(field.rows.map((r) => r[1] ?? ''));
  const rivals = unique(field.rows.map((r) => r[0] ?? ''));
  const cell = (criterion: string, pick: (r: readonly string[]) => boolean, column: number) =>
    unique(field.rows.filter((r) => (r[1] ?? '') === criterion && pick(r)).map((r) => r[column] ?? '')).join('; ');
  flow.entries([{ runs: [{ text: field.label, weight: 'bold' }] }]);
  for (let i = 0; i < Math.max(1, rivals.length); i += 3) {
    const group = rivals.slice(i, i + 3);
    flow.table(
      [
        { label: 'Criterion', share: 1.2 },
        { label: 'Us', share: 1.4 },
        ...group.map((r) => ({ label: r, share: 1.4 })),
      ],
      criteria.map((c) => [
        c,
        cell(c, () => true, 3) || '–',
        ...group.map((r) => cell(c, (row) => row[0] === r, 2) || '–'),
      ]),
    );
  }
  return true;
}

/** Path To MVP: the milestones down a line, each a dot with its date, what it is and what it depends on. */
function timeline(fonts: ExportFonts) {
  return (flow: PageFlow, field: ExportField): boolean => {
    if (field.id !== 'milestones' || !field.builtIn) return false;
    flow.entries([{ runs: [{ text: field.label, weight: 'bold' }] }]);
    if (field.rows.length === 0) {
      flow.entries([{ runs: [{ text: NOT_FILLED, colour: MUTED }] }]);
      return true;
    }
    const indent = 30;
    for (const [i, [milestone = '', date = '', depends = ''] = []] of field.rows.entries()) {
      const runs = [
        { text: date || 'No date yet', weight: 'bold' as const, colour: date ? ACCENT : MUTED },
        { text: milestone || '–', weight: 'bold' as const },
        ...(depends ? [{ text: `Depends on: ${depends}`, colour: MUTED }] : []),
      ];
      const lines = entryLines(fonts, { runs }, flow.width - indent, BODY);
      const height = lines.length * BODY * LINE_STEP + 10;
      flow.block(height, (top) => [
        ...(i < field.rows.length - 1
          ? [
              {
                kind: 'line' as const,
                x1: MARGIN + 8,
                y1: top + 8,
                x2: MARGIN + 8,
                y2: top + height + 8,
                stroke: ACCENT,
                lineWidth: 1.5,
              },
            ]
          : []),
        { kind: 'circle', cx: MARGIN + 8, cy: top + 8, r: 5, fill: ACCENT },
        ...drawLines(lines, MARGIN + indent, top, BODY),
      ]);
    }
    return true;
  };
}

/** Market Plan: the table, then its total budget in the sheet's currency. */
function planTable(currency: string | null) {
  return (flow: PageFlow, field: ExportField): boolean => {
    if (field.id !== 'plan' || !field.builtIn) return false;
    writeField(flow, field, currency);
    const budget = field.columns.findIndex((c) => c.label === 'Budget');
    const total = field.rows.reduce((sum, r) => sum + (Number(r[budget]) || 0), 0);
    if (field.rows.length > 0)
      flow.entries([
        { runs: [{ text: `Total budget: ${formatNumber(String(total), 'currency', currency)}`, weight: 'bold' }] },
      ]);
    return true;
  };
}

/**
 * SWOT's 2 × 2 grid: two even rows while everything fits at the largest size; otherwise a row that needs less than
 * half gives the other its room (allot), so a long quadrant grows into the free space before it continues overleaf.
 */
const SWOT_PLACE: BoxPlace = (i, a, needs) => {
  const w = (a.w - 12) / 2;
  const all = needs(w);
  const rowNeeds = [0, 1].map((row) => Math.max(all[2 * row] ?? 0, all[2 * row + 1] ?? 0));
  const height = a.h - 12;
  const even = rowNeeds.every((need) => need <= height / 2);
  const [top = height / 2, bottom = height / 2] = even ? [height / 2, height / 2] : allot(rowNeeds, height);
  const row = Math.floor(i / 2);
  return { x: a.x + (i % 2) * (w + 12), y: a.y + row * (top + 12), w, h: row === 0 ? top : bottom };
};

const COLUMN_PLACE: BoxPlace = (i, a) => {
  const w = (a.w - 5 * 8) / 6;
  return { x: a.x + i * (w + 8), y: a.y, w, h: a.h };
};

/** The pages of a tool's export in its layout. */
export function toolPages(content: ToolSheetContent, fonts: ExportFonts): ToolPages {
  const layout: ToolLayout = content.tool.layout;
  const currency = singleValue(content, 'currency');
  const pages = (flow: PageFlow): ToolPages => ({ pages: flow.sheets(), shortened: [] });
  switch (layout) {
    case 'one-page':
      return onePagerSheet(content, fonts);
    case 'sizing':
      return { pages: sizingPages(content, fonts, new PageFlow(fonts, headerOf(content))), shortened: [] };
    case 'grid':
      return {
        pages: boxSheets(fonts, content, currency, new PageFlow(fonts, headerOf(content), A4_LANDSCAPE), SWOT_PLACE, {
          max: 12,
          min: 9,
        }),
        shortened: [],
      };
    case 'columns':
      return {
        pages: boxSheets(fonts, content, currency, new PageFlow(fonts, headerOf(content), A4_LANDSCAPE), COLUMN_PLACE, {
          max: 10.5,
          min: 8.5,
        }),
        shortened: [],
      };
    case 'comparison':
      return pages(flowSheets(fonts, content, comparisonMatrix));
    case 'timeline':
      return pages(flowSheets(fonts, content, timeline(fonts)));
    case 'table':
      return pages(flowSheets(fonts, content, planTable(currency)));
    case 'document': {
      const flow = new PageFlow(fonts, headerOf(content));
      writeSections(flow, content.sections, currency);
      return pages(flow);
    }
  }
}
