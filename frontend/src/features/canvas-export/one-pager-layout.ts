/**
 * The Business One Pager as the investor document: exactly one A4 page, the startup's name as its title, its eight
 * parts in two columns (the story on the left: problem, solution, customers, market; the business on the right:
 * model, traction, team, ask). The text is as large as lets every part fit (from 16 px down to 9.5 px), so a short
 * One Pager still fills its page and a long one shrinks before anything is cut; each part gets the room it needs
 * while the page has it, and a part that still does not fit at the smallest size is cut with "…" and named in
 * `shortened`, which the export dialog tells the founder before the download.
 */
import { ACCENT, INK, MARGIN, MUTED, text, WHITE } from './canvas-layout';
import { A4_PORTRAIT, type DrawItem } from './drawing';
import type { ExportFonts } from './export-fonts';
import { drawLines, type Entry, entryLines, LINE_STEP, type PlacedLine } from './page-flow';
import { ellipsize } from './text-wrap';
import { valueEntries } from './tool-blocks';
import type { ExportField, ToolPages, ToolSheetContent } from './tool-content';

/** The text's sizes, largest first: a page that fits at a larger size is printed at it. */
export const ONE_PAGER_SIZES = { max: 16, min: 9.5 } as const;
const GUTTER = 24;
const PART_GAP = 12;
const COLUMNS: readonly (readonly string[])[] = [
  ['problem', 'solution', 'customers', 'market-size'],
  ['business-model', 'traction', 'team', 'ask'],
];

interface Part {
  field: ExportField;
  lines: PlacedLine[];
}

const labelSize = (size: number) => size + 1.5;
const labelHeight = (size: number) => labelSize(size) * 1.6;
const needOf = (part: Part, size: number) => labelHeight(size) + part.lines.length * size * LINE_STEP + PART_GAP;

/**
 * Shares the page's height among the rows of parts: a part that needs less than an even share of what is left gets what it
 * needs, and the others share the rest evenly (so a long row never pushes a short one off the page).
 */
export function allot(needs: readonly number[], height: number): number[] {
  const given = needs.map(() => 0);
  let open = needs.map((_, i) => i);
  let left = height;
  for (;;) {
    const share = left / Math.max(1, open.length);
    const fits = open.filter((i) => (needs[i] ?? 0) <= share);
    if (fits.length === 0) break;
    for (const i of fits) {
      given[i] = needs[i] ?? 0;
      left -= needs[i] ?? 0;
    }
    open = open.filter((i) => !fits.includes(i));
    if (open.length === 0) return given;
  }
  const share = left / Math.max(1, open.length);
  for (const i of open) given[i] = share;
  return given;
}

/** Lines cut to the room, the last one ending in "…" when any were cut. */
function cut(
  fonts: ExportFonts,
  lines: readonly PlacedLine[],
  room: number,
  size: number,
): { lines: PlacedLine[]; cut: boolean } {
  const fit = Math.max(1, Math.floor((room + 0.01) / (size * LINE_STEP)));
  if (lines.length <= fit) return { lines: [...lines], cut: false };
  const kept = lines.slice(0, fit);
  const last = kept[fit - 1] as PlacedLine;
  kept[fit - 1] = { ...last, text: ellipsize(fonts, `${last.text}…`, last.weight, size, last.width) };
  if (!kept[fit - 1]?.text.endsWith('…')) kept[fit - 1] = { ...last, text: `${last.text}…` };
  return { lines: kept, cut: true };
}

export function onePagerSheet(content: ToolSheetContent, fonts: ExportFonts): ToolPages {
  const { width, height } = A4_PORTRAIT;
  const inner = width - 2 * MARGIN;
  const columnWidth = (inner - GUTTER) / 2;
  const items: DrawItem[] = [{ kind: 'rect', x: 0, y: 0, w: width, h: height, fill: WHITE }];
  items.push(
    text(MARGIN, MARGIN + 22, ellipsize(fonts, content.startupName, 'bold', 26, inner), 26, 'bold', INK, inner),
  );
  const subtitle = `${content.tool.title} · ${content.date}`;
  items.push(text(MARGIN, MARGIN + 44, ellipsize(fonts, subtitle, 'regular', 12, inner), 12, 'regular', ACCENT, inner));
  items.push({
    kind: 'line',
    x1: MARGIN,
    y1: MARGIN + 56,
    x2: MARGIN + inner,
    y2: MARGIN + 56,
    stroke: ACCENT,
    lineWidth: 2,
  });
  const top = MARGIN + 72;
  const bottom = height - MARGIN;
  const fields = new Map(content.sections.flatMap((s) => s.fields.filter((f) => f.builtIn).map((f) => [f.id, f])));
  const shortened: string[] = [];
  const partsAt = (size: number): Part[][] =>
    COLUMNS.map((ids) =>
      ids.flatMap((id) => {
        const field = fields.get(id);
        if (!field) return [];
        const entries: Entry[] = valueEntries(field, null);
        return [{ field, lines: entries.flatMap((e) => entryLines(fonts, e, columnWidth, size)) }];
      }),
    );
  // The parts side by side share a row (problem beside model, and so on), as tall as the taller of the two.
  const rowNeeds = (columns: Part[][], size: number) =>
    Array.from({ length: Math.max(...columns.map((parts) => parts.length)) }, (_, i) =>
      Math.max(...columns.map((parts) => (parts[i] ? needOf(parts[i], size) : 0))),
    );
  const total = (needs: readonly number[]) => needs.reduce((sum, need) => sum + need, 0);
  let size: number = ONE_PAGER_SIZES.max;
  while (size > ONE_PAGER_SIZES.min && total(rowNeeds(partsAt(size), size)) > bottom - top) size -= 0.5;
  const columns = partsAt(size);
  const needs = rowNeeds(columns, size);
  // What the rows leave free opens up the space between them (up to three lines each), so a short One Pager reads
  // as a laid-out page rather than a block at the top of a blank one.
  const spread = Math.max(0, Math.min(3 * size, (bottom - top - total(needs)) / Math.max(1, needs.length)));
  const rooms = allot(
    needs.map((need) => need + spread),
    bottom - top,
  );

  for (const [c, parts] of columns.entries()) {
    const x = MARGIN + c * (columnWidth + GUTTER);
    let y = top;
    for (const [i, part] of parts.entries()) {
      const room = rooms[i] ?? 0;
      const label = labelSize(size);
      items.push(text(x, y + label, part.field.label, label, 'bold', ACCENT, columnWidth));
      const fitted = cut(fonts, part.lines, room - labelHeight(size) - PART_GAP, size);
      if (fitted.cut) shortened.push(part.field.label);
      items.push(...drawLines(fitted.lines, x, y + labelHeight(size) - size * 0.4, size));
      y += room;
    }
  }
  if (content.sections.some((s) => s.fields.some((f) => !f.builtIn))) {
    items.push(
      text(
        MARGIN,
        height - MARGIN / 2,
        'Answers to your coach’s questions are in the app.',
        8.5,
        'regular',
        MUTED,
        inner,
      ),
    );
  }
  return { pages: [{ width, height, items }], shortened };
}
