/**
 * Sections drawn as boxes on one landscape sheet (SWOT's 2 × 2 grid, PESTEL's six columns): each box's entries
 * shrink within a floor to fit, and what still does not fit continues on the following pages under the section's
 * title, so nothing the founder wrote is lost.
 */
import { ACCENT, INK, LINE, MUTED, TINT, text } from './canvas-layout';
import type { DrawItem } from './drawing';
import { type ExportFonts, textWidth } from './export-fonts';
import { drawLines, type Entry, entryLines, LINE_STEP, type PageFlow } from './page-flow';
import { NOT_FILLED, rowCells, valueEntries } from './tool-blocks';
import type { ExportSection, ToolSheetContent } from './tool-content';

/**
 * A section as entries: a built-in field that is the section's only one goes without its label (the section's title
 * says it); a row reads as its first cell in bold, then each other cell with its column's name.
 */
export function sectionEntries(section: ExportSection, currency: string | null): Entry[] {
  const single = section.fields.filter((f) => f.builtIn).length === 1;
  const entries: Entry[] = [];
  for (const field of section.fields) {
    if (field.values.length === 0) continue;
    if (!(single && field.builtIn)) entries.push({ runs: [{ text: field.label, weight: 'bold' }] });
    if (field.kind === 'rows') {
      for (const cells of rowCells(field, currency)) {
        const [first = '', ...rest] = cells;
        entries.push({
          runs: [
            { text: first || '–', weight: 'bold' },
            ...rest.flatMap((cell, i) =>
              cell ? [{ text: `${field.columns[i + 1]?.label ?? ''}: ${cell}`, colour: INK }] : [],
            ),
          ],
          bullet: true,
        });
      }
    } else entries.push(...valueEntries(field, currency).map((e) => ({ ...e, bullet: true })));
  }
  return entries;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A box's title band, and the padding around its entries. */
const BAND = 26;
const PAD = { top: 6, total: 12 };

/** The height a box needs to show its entries whole at `size`: its band, its entries and its padding. */
export function boxNeed(fonts: ExportFonts, entries: readonly Entry[], width: number, size: number): number {
  const inner = width - 16;
  const body =
    entries.length === 0 ? size * 2 : entries.reduce((sum, e) => sum + entryHeight(fonts, e, inner, size), 0);
  return BAND + PAD.total + body;
}

const entryHeight = (fonts: ExportFonts, entry: Entry, width: number, size: number) =>
  entryLines(fonts, entry, width, size).length * size * LINE_STEP + size * 0.35;

/**
 * The entries in the box at the largest size from `max` down to `min` at which all fit; at `min`, the entries that
 * fit whole, a last line saying the rest continues, and the rest.
 */
export function fitEntries(
  fonts: ExportFonts,
  entries: readonly Entry[],
  box: Box,
  max: number,
  min: number,
): { items: DrawItem[]; rest: Entry[] } {
  if (entries.length === 0)
    return { items: [text(box.x, box.y + min + 2, NOT_FILLED, min + 1, 'regular', MUTED, box.w)], rest: [] };
  const place = (list: readonly Entry[], size: number) => {
    const items: DrawItem[] = [];
    let y = box.y;
    for (const entry of list) {
      items.push(...drawLines(entryLines(fonts, entry, box.w, size), box.x, y, size));
      y += entryHeight(fonts, entry, box.w, size);
    }
    return items;
  };
  for (let size = max; size >= min; size -= 0.5) {
    const height = entries.reduce((sum, e) => sum + entryHeight(fonts, e, box.w, size), 0);
    if (height <= box.h) return { items: place(entries, size), rest: [] };
  }
  const room = box.h - min * LINE_STEP * 1.5;
  let used = 0;
  let count = 0;
  for (const entry of entries) {
    const h = entryHeight(fonts, entry, box.w, min);
    if (used + h > room) break;
    used += h;
    count++;
  }
  const rest = entries.slice(count);
  const items = place(entries.slice(0, count), min);
  const notes = [`Continued on the next page (${rest.length} more)`, `+ ${rest.length} on the next page`];
  const note = notes.find((n) => textWidth(fonts, n, 'bold', min) <= box.w) ?? `+ ${rest.length} more`;
  items.push(text(box.x, box.y + used + min * 1.2, note, min, 'bold', MUTED, box.w));
  return { items, rest };
}

/** A box with its title in a tinted band and its entries below it. */
export function sectionBox(
  fonts: ExportFonts,
  title: string,
  entries: readonly Entry[],
  box: Box,
  sizes: { max: number; min: number },
): { items: DrawItem[]; rest: Entry[] } {
  const band = BAND;
  const items: DrawItem[] = [
    { kind: 'rect', ...box, stroke: LINE, lineWidth: 1 },
    { kind: 'rect', x: box.x, y: box.y, w: box.w, h: band, fill: TINT, stroke: LINE, lineWidth: 1 },
    text(box.x + 8, box.y + 17, title, 13, 'bold', ACCENT, box.w - 16),
  ];
  const inner: Box = { x: box.x + 8, y: box.y + band + PAD.top, w: box.w - 16, h: box.h - band - PAD.total };
  const fitted = fitEntries(fonts, entries, inner, sizes.max, sizes.min);
  return { items: [...items, ...fitted.items], rest: fitted.rest };
}

/** Where each box goes inside the area: by its index, and what every box needs (boxNeed) to grow where there is room. */
export type BoxPlace = (index: number, area: Box, needs: (width: number) => readonly number[]) => Box;

/**
 * The sections as boxes on a landscape sheet (`place` gives each its box inside the area under the title); the
 * entries that do not fit follow on further pages.
 */
export function boxSheets(
  fonts: ExportFonts,
  content: ToolSheetContent,
  currency: string | null,
  flow: PageFlow,
  place: BoxPlace,
  sizes: { max: number; min: number },
) {
  const area: Box = { x: 40, y: flow.y, w: flow.width, h: flow.bottom - flow.y };
  const leftovers: { title: string; rest: Entry[] }[] = [];
  const entries = content.sections.map((section) => sectionEntries(section, currency));
  const needs = (width: number) => entries.map((list) => boxNeed(fonts, list, width, sizes.max));
  flow.block(area.h, () =>
    content.sections.flatMap((section, i) => {
      const { items, rest } = sectionBox(fonts, section.title, entries[i] ?? [], place(i, area, needs), sizes);
      if (rest.length > 0) leftovers.push({ title: section.title, rest });
      return items;
    }),
  );
  for (const { title, rest } of leftovers) {
    flow.heading(`${title} (continued)`);
    flow.entries(rest);
  }
  return flow.sheets();
}
