/**
 * Text that flows down A4 pages: the tools' exports write headings, labelled answers, bulleted entries and tables
 * one after another, and a page that is full starts the next one (its header says the sheet continues, a table
 * repeats its header row). Every page's foot names the tool and the page, so a printout keeps its order.
 */
import { ACCENT, INK, LINE, MARGIN, MUTED, TINT, text, WHITE } from './canvas-layout';
import { A4_PORTRAIT, type Colour, type DrawItem, type FontWeight, type Sheet } from './drawing';
import { type ExportFonts, textWidth } from './export-fonts';
import { ellipsize, wrapText } from './text-wrap';

export const BODY = 11;
export const LINE_STEP = 1.3;

/** A piece of an entry: it starts on a line of its own and wraps inside the entry's width. */
export interface Run {
  text: string;
  weight?: FontWeight;
  colour?: Colour;
}

/** One thing on a list: a bullet point, a factor with its impact, a milestone with its date. */
export interface Entry {
  runs: readonly Run[];
  bullet?: boolean;
  /** Extra space above the entry (a block's label after the block before it). */
  spaceBefore?: number;
  /** A label: it moves to the next page rather than end one without the first line it labels. */
  keepWithNext?: boolean;
}

export interface PlacedLine {
  text: string;
  weight: FontWeight;
  colour: Colour;
  /** From the entry's left edge. */
  dx: number;
  width: number;
  /** The bullet drawn before the entry's first line. */
  bullet: boolean;
}

const BULLET = '•';

/** The entry's lines at `size` inside `width`: each run wrapped, a bullet's lines indented under its text. */
export function entryLines(fonts: ExportFonts, entry: Entry, width: number, size: number): PlacedLine[] {
  const indent = entry.bullet ? textWidth(fonts, `${BULLET} `, 'regular', size) : 0;
  const lines: PlacedLine[] = [];
  for (const run of entry.runs) {
    const weight = run.weight ?? 'regular';
    for (const line of wrapText(fonts, run.text, weight, size, width - indent)) {
      lines.push({
        text: line,
        weight,
        colour: run.colour ?? INK,
        dx: indent,
        width: width - indent,
        bullet: entry.bullet === true && lines.length === 0,
      });
    }
  }
  return lines;
}

/** The text items of placed lines, the first baseline `size` below `top`. */
export function drawLines(lines: readonly PlacedLine[], x: number, top: number, size: number): DrawItem[] {
  return lines.flatMap((line, i) => {
    const y = top + size + i * size * LINE_STEP;
    const items: DrawItem[] = [text(x + line.dx, y, line.text, size, line.weight, line.colour, line.width)];
    if (line.bullet) items.unshift(text(x, y, BULLET, size, 'regular', line.colour, line.dx));
    return items;
  });
}

export interface FlowHeader {
  title: string;
  /** '<startup> · <date>'. */
  subtitle: string;
}

export interface TableColumn {
  label: string;
  /** Its share of the table's width. */
  share: number;
}

const FOOT = 24;

/** One step down a column: a line of an entry, or the space between entries. */
interface Step {
  line: PlacedLine | null;
  height: number;
  /** The room it needs on the page: a label's line counts the line after it too. */
  need: number;
}

export class PageFlow {
  private readonly pages: DrawItem[][] = [];
  private items: DrawItem[] = [];
  y = 0;

  constructor(
    private readonly fonts: ExportFonts,
    private readonly header: FlowHeader,
    readonly size: { width: number; height: number } = A4_PORTRAIT,
    /** The brief keeps every line at 8 pt or more, its foot included. */
    private readonly footSize = 9,
  ) {
    this.newPage();
  }

  get width(): number {
    return this.size.width - 2 * MARGIN;
  }

  get bottom(): number {
    return this.size.height - MARGIN - FOOT;
  }

  /** The first page opens with the title, startup and date; the others say the sheet continues. */
  newPage(): void {
    this.items = [{ kind: 'rect', x: 0, y: 0, w: this.size.width, h: this.size.height, fill: WHITE }];
    this.pages.push(this.items);
    const { title, subtitle } = this.header;
    if (this.pages.length === 1) {
      this.add(
        text(MARGIN, MARGIN + 20, ellipsize(this.fonts, title, 'bold', 22, this.width), 22, 'bold', INK, this.width),
      );
      this.add(
        text(
          MARGIN,
          MARGIN + 42,
          ellipsize(this.fonts, subtitle, 'regular', 13, this.width),
          13,
          'regular',
          MUTED,
          this.width,
        ),
      );
      this.y = MARGIN + 62;
    } else {
      this.add(text(MARGIN, MARGIN + 12, `${title} (continued)`, 11, 'bold', MUTED, this.width));
      this.y = MARGIN + 28;
    }
  }

  add(...items: DrawItem[]): void {
    this.items.push(...items);
  }

  /** Starts a new page unless `height` still fits on this one (or this page has nothing on it yet). */
  ensure(height: number): void {
    const fresh = this.y <= MARGIN + (this.pages.length === 1 ? 62 : 28);
    if (!fresh && this.y + height > this.bottom) this.newPage();
  }

  gap(height: number): void {
    this.y += height;
  }

  /** A section's title with a rule under it, kept on the page with at least two lines of what follows. */
  heading(label: string): void {
    this.ensure(30 + 2 * BODY * LINE_STEP);
    this.gap(6);
    this.add(text(MARGIN, this.y + 15, label, 15, 'bold', ACCENT, this.width));
    this.add({
      kind: 'line',
      x1: MARGIN,
      y1: this.y + 21,
      x2: MARGIN + this.width,
      y2: this.y + 21,
      stroke: '#d1d5db',
      lineWidth: 1,
    });
    this.y += 30;
  }

  /** Entries one after another, a page break allowed between any two lines. */
  entries(entries: readonly Entry[], size = BODY, x = MARGIN, width = this.width): void {
    for (const entry of entries) {
      this.y += entry.spaceBefore ?? 0;
      for (const [i, line] of entryLines(this.fonts, entry, width, size).entries()) {
        this.ensure(entry.keepWithNext && i === 0 ? size * (2 * LINE_STEP + 0.35) : size * LINE_STEP);
        this.add(...drawLines([line], x, this.y, size));
        this.y += size * LINE_STEP;
      }
      this.y += size * 0.35;
    }
  }

  /**
   * Entries in side-by-side columns, each flowing down on its own: a column that reaches the page's foot continues
   * at the top of the next page, level with the others, so a long column never pushes a short one off the page.
   */
  columns(columns: readonly (readonly Entry[])[], size = BODY, gutter = 24): void {
    const width = (this.width - gutter * (columns.length - 1)) / columns.length;
    const step = size * LINE_STEP;
    const queues: Step[][] = columns.map((entries) =>
      entries.flatMap((entry) => {
        const lines = entryLines(this.fonts, entry, width, size);
        const before = entry.spaceBefore ? [{ line: null, height: entry.spaceBefore, need: 0 }] : [];
        const placed = lines.map((line, i) => ({
          line,
          height: step,
          need: entry.keepWithNext && i === lines.length - 1 ? 2 * step + size * 0.35 : step,
        }));
        return [...before, ...placed, { line: null, height: size * 0.35, need: 0 }];
      }),
    );
    this.ensure(2 * step);
    for (let fresh = false; ; fresh = true) {
      const top = this.y;
      let end = top;
      for (const [c, queue] of queues.entries()) {
        const x = MARGIN + c * (width + gutter);
        let y = top;
        // A fresh page takes at least one step, so a column always moves on.
        for (let next = queue[0]; next; next = queue[0]) {
          if (y + next.need > this.bottom && !(fresh && y === top)) break;
          queue.shift();
          if (next.line) this.add(...drawLines([next.line], x, y, size));
          y += next.height;
        }
        end = Math.max(end, y);
      }
      this.y = end;
      if (queues.every((q) => q.length === 0)) return;
      this.newPage();
    }
  }

  /** A table whose rows never split: a row that does not fit starts the next page, which repeats the header. */
  table(columns: readonly TableColumn[], rows: readonly (readonly string[])[], size = 10.5): void {
    const total = columns.reduce((sum, c) => sum + c.share, 0);
    const widths = columns.map((c) => (c.share / total) * this.width);
    const pad = 5;
    const step = size * LINE_STEP;
    const cellLines = (cells: readonly string[], weight: FontWeight) =>
      cells.map((cell, i) => wrapText(this.fonts, cell, weight, size, (widths[i] ?? 0) - 2 * pad));
    const drawRow = (lines: string[][], weight: FontWeight, fill?: Colour) => {
      const height = Math.max(1, ...lines.map((l) => l.length)) * step + 2 * pad;
      this.add({
        kind: 'rect',
        x: MARGIN,
        y: this.y,
        w: this.width,
        h: height,
        ...(fill ? { fill } : {}),
        stroke: LINE,
        lineWidth: 0.5,
      });
      let x = MARGIN;
      for (const [i, cell] of lines.entries()) {
        const w = widths[i] ?? 0;
        if (i > 0)
          this.add({ kind: 'line', x1: x, y1: this.y, x2: x, y2: this.y + height, stroke: LINE, lineWidth: 0.5 });
        cell.forEach((line, j) => {
          this.add(text(x + pad, this.y + pad + size + j * step, line, size, weight, INK, w - 2 * pad));
        });
        x += w;
      }
      this.y += height;
    };
    const head = cellLines(
      columns.map((c) => c.label),
      'bold',
    );
    const headHeight = Math.max(...head.map((l) => l.length)) * step + 2 * pad;
    const firstRow = rows[0] ? Math.max(...cellLines(rows[0], 'regular').map((l) => l.length)) * step + 2 * pad : 0;
    this.ensure(headHeight + firstRow);
    drawRow(head, 'bold', TINT);
    for (const row of rows) {
      const lines = cellLines(row, 'regular');
      const height = Math.max(1, ...lines.map((l) => l.length)) * step + 2 * pad;
      if (this.y + height > this.bottom) {
        this.newPage();
        drawRow(head, 'bold', TINT);
      }
      drawRow(lines, 'regular');
    }
    this.y += 8;
  }

  /** A drawing of fixed height (a figure), moved to the next page when it does not fit on this one. */
  block(height: number, draw: (top: number) => DrawItem[]): void {
    this.ensure(height);
    this.add(...draw(this.y));
    this.y += height;
  }

  /** The pages, each with its foot: the tool and 'Page 2 of 3'. */
  sheets(): Sheet[] {
    const count = this.pages.length;
    return this.pages.map((items, i) => {
      const foot = `${this.header.title} · ${this.header.subtitle} · Page ${i + 1} of ${count}`;
      const y = this.size.height - MARGIN + 6;
      const size = this.footSize;
      const footItems: DrawItem[] = [
        text(MARGIN, y, ellipsize(this.fonts, foot, 'regular', size, this.width), size, 'regular', MUTED, this.width),
      ];
      return { width: this.size.width, height: this.size.height, items: [...items, ...footItems] };
    });
  }
}
