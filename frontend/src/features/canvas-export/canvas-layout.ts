/**
 * The export sheets: the Value Proposition and Business Model canvases drawn as the canvases are (square and circle;
 * the nine blocks), each on an A4 landscape sheet with the startup's name, the date and Strategyzer's credit line;
 * the founder brief (brief-layout.ts) lists the same blocks as text. Pure data in, shapes and text out
 * (drawing.ts), so both the PNG and the PDF use it.
 */
import { CATEGORIES } from '#shared/domain/questions';
import { A4_LANDSCAPE, type Colour, type DrawItem, type Sheet, type TextItem } from './drawing';
import { type ExportFonts, textWidth } from './export-fonts';
import { bulletBlock, type TextBlockBox, wrapText } from './text-wrap';

export type ExportCanvasType = 'value-proposition' | 'business-model';

/** One canvas's answers, section by section (sections without answers may be missing). */
export type SectionAnswers = ReadonlyMap<string, readonly string[]>;

export interface CanvasSheetContent {
  type: ExportCanvasType;
  startupName: string;
  /** The date as the sheet shows it ('November 25, 2026'). */
  date: string;
  answers: SectionAnswers;
}

export const CANVAS_TITLES: Record<ExportCanvasType, string> = {
  'value-proposition': 'Value Proposition Canvas',
  'business-model': 'Business Model Canvas',
};

/** Strategyzer's attribution, as each canvas page shows it (the Business Model Canvas is CC BY-SA 3.0). */
export const CANVAS_CREDITS: Record<ExportCanvasType, string> = {
  'value-proposition': 'Value Proposition Canvas by Strategyzer (strategyzer.com).',
  'business-model':
    'Business Model Canvas by Strategyzer (strategyzer.com), licensed under CC BY-SA 3.0 (creativecommons.org/licenses/by-sa/3.0/).',
};

export const INK: Colour = '#111827';
export const MUTED: Colour = '#4b5563';
export const LINE: Colour = '#6b7280';
export const ACCENT: Colour = '#4338ca';
export const TINT: Colour = '#eef2ff';
export const WHITE: Colour = '#ffffff';
const EMPTY = 'No answers yet';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function text(
  x: number,
  y: number,
  value: string,
  size: number,
  weight: 'regular' | 'bold',
  colour: Colour,
  maxWidth: number,
): TextItem {
  return { kind: 'text', x, y, text: value, size, weight, colour, maxWidth };
}

/** A section's title and its answers inside `box`; the title wraps when the box is narrow. */
/** The sizes of a canvas's text, in CSS pixels: block titles, and the range its answers shrink within to fit. */
export interface CanvasText {
  title: number;
  max: number;
  min: number;
}

/** A canvas sheet's text, scaled with the drawing. */
const scaledText = (scale: number): CanvasText => ({ title: 12 * scale, max: 11 * scale, min: Math.min(5, 6 * scale) });

function section(
  fonts: ExportFonts,
  title: string,
  answers: readonly string[],
  box: Box,
  sizes: CanvasText,
): DrawItem[] {
  // A narrow block's title shrinks (to its answers' smallest size at most) before a word of it is broken in two.
  const widest = Math.max(...title.split(' ').map((word) => textWidth(fonts, word, 'bold', sizes.title)));
  const titleSize = widest > box.w ? Math.max(sizes.min, (sizes.title * box.w) / widest) : sizes.title;
  // A word wider than the box even at that size keeps a line of its own, squeezed into the box's width.
  const titleLines =
    widest * (titleSize / sizes.title) > box.w + 0.01
      ? title.split(' ')
      : wrapText(fonts, title, 'bold', titleSize, box.w);
  const items: DrawItem[] = titleLines.map((line, i) =>
    text(box.x, box.y + titleSize * (1 + i * 1.2), line, titleSize, 'bold', ACCENT, box.w),
  );
  const top = titleSize * (titleLines.length * 1.2 + 0.5);
  const answerBox: TextBlockBox = { x: box.x, y: box.y + top, w: box.w, h: box.h - top };
  items.push(
    ...bulletBlock(
      fonts,
      {
        items: answers,
        empty: EMPTY,
        colour: INK,
        mutedColour: MUTED,
        maxSize: sizes.max,
        minSize: sizes.min,
        // The export lists every entry on the pages after the sheet when a box leaves some out (canvas-entries-pages).
        where: 'all listed after the canvas',
      },
      answerBox,
    ),
  );
  return items;
}

const inset = (b: Box, by: number): Box => ({ x: b.x + by, y: b.y + by, w: b.w - 2 * by, h: b.h - 2 * by });
const answersOf = (answers: SectionAnswers, name: string) => answers.get(name) ?? [];

/**
 * The Value Proposition canvas in `area`: the Value Map as a square (Products & Services on the left, Gain Creators
 * and Pain Relievers on the right) facing the Customer Profile as a circle (Gains top left, Pains bottom left, Jobs on
 * the right), as Strategyzer draws it.
 */
export function valuePropositionItems(
  fonts: ExportFonts,
  answers: SectionAnswers,
  area: Box,
  scale = 1,
  sizes = scaledText(scale),
): DrawItem[] {
  const headSize = 14 * scale;
  const head = headSize * 1.8;
  const gap = Math.max(40 * scale, area.w * 0.05);
  const side = Math.min(area.h - head, (area.w - gap) / 2);
  const left = area.x + (area.w - (2 * side + gap)) / 2;
  const top = area.y + head;
  const pad = 8 * scale;
  const items: DrawItem[] = [];

  // Value Map: the square.
  const sq: Box = { x: left, y: top, w: side, h: side };
  items.push(text(sq.x, area.y + headSize, 'Value Map', headSize, 'bold', INK, side));
  items.push({ kind: 'rect', ...sq, fill: TINT, stroke: LINE, lineWidth: 1.5 });
  items.push({
    kind: 'line',
    x1: sq.x + side / 2,
    y1: sq.y,
    x2: sq.x + side / 2,
    y2: sq.y + side,
    stroke: LINE,
    lineWidth: 1,
  });
  items.push({
    kind: 'line',
    x1: sq.x + side / 2,
    y1: sq.y + side / 2,
    x2: sq.x + side,
    y2: sq.y + side / 2,
    stroke: LINE,
    lineWidth: 1,
  });
  const half = side / 2;
  items.push(
    ...section(
      fonts,
      'Products & Services',
      answersOf(answers, 'Products & Services'),
      inset({ x: sq.x, y: sq.y, w: half, h: side }, pad),
      sizes,
    ),
  );
  items.push(
    ...section(
      fonts,
      'Gain Creators',
      answersOf(answers, 'Gain Creators'),
      inset({ x: sq.x + half, y: sq.y, w: half, h: half }, pad),
      sizes,
    ),
  );
  items.push(
    ...section(
      fonts,
      'Pain Relievers',
      answersOf(answers, 'Pain Relievers'),
      inset({ x: sq.x + half, y: sq.y + half, w: half, h: half }, pad),
      sizes,
    ),
  );

  // The fit between them.
  const midY = top + side / 2;
  const arrowX1 = sq.x + side + gap * 0.2;
  const arrowX2 = sq.x + side + gap * 0.8;
  items.push({ kind: 'line', x1: arrowX1, y1: midY, x2: arrowX2, y2: midY, stroke: LINE, lineWidth: 2 });
  for (const [x, dir] of [
    [arrowX1, 1],
    [arrowX2, -1],
  ] as const) {
    items.push({
      kind: 'line',
      x1: x,
      y1: midY,
      x2: x + dir * 6 * scale,
      y2: midY - 5 * scale,
      stroke: LINE,
      lineWidth: 2,
    });
    items.push({
      kind: 'line',
      x1: x,
      y1: midY,
      x2: x + dir * 6 * scale,
      y2: midY + 5 * scale,
      stroke: LINE,
      lineWidth: 2,
    });
  }

  // Customer Profile: the circle, cut from its centre to 9, 1 and 5 o'clock.
  const r = side / 2;
  const cx = sq.x + side + gap + r;
  const cy = midY;
  items.push(text(cx - r, area.y + headSize, 'Customer Profile', headSize, 'bold', INK, side));
  items.push({ kind: 'circle', cx, cy, r, fill: TINT, stroke: LINE, lineWidth: 1.5 });
  for (const angle of [180, -60, 60]) {
    const rad = (angle * Math.PI) / 180;
    items.push({
      kind: 'line',
      x1: cx,
      y1: cy,
      x2: cx + r * Math.cos(rad),
      y2: cy + r * Math.sin(rad),
      stroke: LINE,
      lineWidth: 1,
    });
  }
  // The largest upright rectangles inside each wedge (worked out on the unit circle), less the padding.
  const wedge = (x0: number, y0: number, x1: number, y1: number): Box =>
    inset({ x: cx + x0 * r, y: cy + y0 * r, w: (x1 - x0) * r, h: (y1 - y0) * r }, pad / 2);
  items.push(
    ...section(fonts, 'Customer Gains', answersOf(answers, 'Customer Gains'), wedge(-0.66, -0.68, 0.04, -0.06), sizes),
  );
  items.push(
    ...section(fonts, 'Customer Pains', answersOf(answers, 'Customer Pains'), wedge(-0.66, 0.08, 0.04, 0.7), sizes),
  );
  items.push(
    ...section(fonts, 'Customer Jobs', answersOf(answers, 'Customer Jobs'), wedge(0.3, -0.48, 0.84, 0.5), sizes),
  );
  return items;
}

/** Where each of the nine blocks sits on the classic canvas: columns of a 10-unit-wide, 3-row grid. */
const BM_CELLS: Record<string, { col: number; row: number; cols: number; rows: number }> = {
  'Key Partners': { col: 0, row: 0, cols: 2, rows: 2 },
  'Key Activities': { col: 2, row: 0, cols: 2, rows: 1 },
  'Key Resources': { col: 2, row: 1, cols: 2, rows: 1 },
  'Value Propositions': { col: 4, row: 0, cols: 2, rows: 2 },
  'Customer Relationships': { col: 6, row: 0, cols: 2, rows: 1 },
  Channels: { col: 6, row: 1, cols: 2, rows: 1 },
  'Customer Segments': { col: 8, row: 0, cols: 2, rows: 2 },
  'Cost Structure': { col: 0, row: 2, cols: 5, rows: 1 },
  'Revenue Streams': { col: 5, row: 2, cols: 5, rows: 1 },
};

/** The Business Model canvas in `area`: the nine blocks where Strategyzer puts them. */
export function businessModelItems(
  fonts: ExportFonts,
  answers: SectionAnswers,
  area: Box,
  scale = 1,
  sizes = scaledText(scale),
): DrawItem[] {
  const items: DrawItem[] = [];
  const unit = area.w / 10;
  // The top two rows share 70% of the height, costs and revenue the rest.
  const rowTops = [area.y, area.y + area.h * 0.35, area.y + area.h * 0.7, area.y + area.h];
  for (const name of CATEGORIES['business-model']) {
    const cell = BM_CELLS[name];
    if (!cell) continue;
    const y = rowTops[cell.row] as number;
    const box: Box = {
      x: area.x + cell.col * unit,
      y,
      w: cell.cols * unit,
      h: (rowTops[cell.row + cell.rows] as number) - y,
    };
    items.push({
      kind: 'rect',
      ...box,
      fill: name === 'Value Propositions' ? TINT : WHITE,
      stroke: LINE,
      lineWidth: 1,
    });
    items.push(...section(fonts, name, answersOf(answers, name), inset(box, 8 * scale), sizes));
  }
  return items;
}

export const MARGIN = 40;

/** Strategyzer's credit at the foot of the sheet, its last line on the bottom margin's middle. */
export function credit(
  fonts: ExportFonts,
  lines: readonly string[],
  sheet: { width: number; height: number },
  size = 9,
): DrawItem[] {
  const width = sheet.width - 2 * MARGIN;
  const wrapped = lines.flatMap((line) => wrapText(fonts, line, 'regular', size, width));
  const top = sheet.height - MARGIN / 2 - wrapped.length * size * 1.3;
  return wrapped.map((line, i) => text(MARGIN, top + (i + 1) * size * 1.3, line, size, 'regular', MUTED, width));
}

/** One canvas on an A4 landscape sheet: title, startup and date above, Strategyzer's credit below. */
export function canvasSheet(content: CanvasSheetContent, fonts: ExportFonts): Sheet {
  const { width, height } = A4_LANDSCAPE;
  const inner = width - 2 * MARGIN;
  const items: DrawItem[] = [{ kind: 'rect', x: 0, y: 0, w: width, h: height, fill: WHITE }];
  items.push(text(MARGIN, MARGIN + 20, CANVAS_TITLES[content.type], 22, 'bold', INK, inner));
  items.push(text(MARGIN, MARGIN + 42, `${content.startupName} · ${content.date}`, 13, 'regular', MUTED, inner));
  const area: Box = { x: MARGIN, y: MARGIN + 62, w: inner, h: height - MARGIN - 62 - 40 };
  items.push(
    ...(content.type === 'value-proposition'
      ? valuePropositionItems(fonts, content.answers, area)
      : businessModelItems(fonts, content.answers, area)),
  );
  items.push(...credit(fonts, [CANVAS_CREDITS[content.type]], { width, height }));
  return { width, height, items };
}
