/**
 * What an export draws, as plain data: one sheet of shapes and text runs in CSS pixels, origin top left. The PNG
 * paints it on an HTML canvas (paint-2d.ts) and the PDF writes it as vector shapes and real text (pdf-writer.ts), so
 * both files show one layout.
 */
export type FontWeight = 'regular' | 'bold';

/** A colour as '#rrggbb'. */
export type Colour = `#${string}`;

export interface RectItem {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: Colour;
  stroke?: Colour;
  lineWidth?: number;
}

export interface LineItem {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stroke: Colour;
  lineWidth: number;
}

export interface CircleItem {
  kind: 'circle';
  cx: number;
  cy: number;
  r: number;
  fill?: Colour;
  stroke?: Colour;
  lineWidth?: number;
}

/** One line of text; `y` is its baseline. */
export interface TextItem {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  weight: FontWeight;
  colour: Colour;
  /** The room the line was wrapped to: a renderer whose font runs wider squeezes the line into it. */
  maxWidth: number;
  /** On the "+ n more" line of a box that could not hold every answer: how many it left out. */
  leftOut?: number;
}

export type DrawItem = RectItem | LineItem | CircleItem | TextItem;

export interface Sheet {
  /** In CSS pixels (1/96 inch): an A4 sheet is 1123 × 794 landscape. */
  width: number;
  height: number;
  items: DrawItem[];
}

/** A4 at 96 CSS pixels per inch. */
export const A4_LANDSCAPE = { width: 1123, height: 794 } as const;
export const A4_PORTRAIT = { width: 794, height: 1123 } as const;
