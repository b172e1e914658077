/** Line breaking and font-size fitting with the export font's widths, so a box's answers stay inside the box. */
import { plural } from '#shared/plural';
import type { FontWeight, TextItem } from './drawing';
import { type ExportFonts, textWidth } from './export-fonts';

/** Breaks a text into lines no wider than `maxWidth`: at spaces, and inside a word only when the word alone is wider. */
export function wrapText(
  fonts: ExportFonts,
  text: string,
  weight: FontWeight,
  size: number,
  maxWidth: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(fonts, candidate, weight, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // A word wider than the box (a URL, say) is cut where it reaches the edge: one pass over its characters, so a
    // long unbroken answer costs its length, not its length squared.
    let piece = '';
    let pieceWidth = 0;
    for (const char of word) {
      const width = textWidth(fonts, char, weight, size);
      if (piece && pieceWidth + width > maxWidth) {
        lines.push(piece);
        piece = '';
        pieceWidth = 0;
      }
      piece += char;
      pieceWidth += width;
    }
    line = piece;
  }
  if (line) lines.push(line);
  return lines;
}

export interface TextBlockBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface BulletBlock {
  items: readonly string[];
  /** Shown instead of the list when it is empty. */
  empty: string;
  colour: `#${string}`;
  mutedColour: `#${string}`;
  maxSize: number;
  minSize: number;
  /** A paragraph (false) or a bulleted list (true, the default). */
  bullets?: boolean;
  /** What the last line counts when not every item fits: '+ 3 more answers' unless told otherwise. */
  counted?: readonly [one: string, many: string];
  /** Where the answers left out can be read, said after the count: 'see the app' unless told otherwise. */
  where?: string;
}

const LINE_HEIGHT = 1.25;
const ITEM_GAP = 0.35;
const BULLET = '• ';

/** The line cut to `maxWidth` with an ellipsis at its end. */
export function ellipsize(fonts: ExportFonts, value: string, weight: FontWeight, size: number, maxWidth: number) {
  if (textWidth(fonts, value, weight, size) <= maxWidth) return value;
  const chars = [...value];
  while (chars.length > 1 && textWidth(fonts, `${chars.join('')}…`, weight, size) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

const indentOf = (fonts: ExportFonts, block: BulletBlock, size: number) =>
  (block.bullets ?? true) ? textWidth(fonts, BULLET, 'regular', size) : 0;

/** Each item's lines at `size`, wrapped once and placed as often as the fitting needs. */
function wrapItems(fonts: ExportFonts, block: BulletBlock, box: TextBlockBox, size: number): string[][] {
  const width = box.w - indentOf(fonts, block, size);
  return block.items.map((item) => wrapText(fonts, item, 'regular', size, width));
}

/** An item's lines, at most `cap` of them, the last ending in "…" when some were cut. */
function capped(fonts: ExportFonts, lines: readonly string[], cap: number, size: number, width: number): string[] {
  if (lines.length <= cap) return [...lines];
  const kept = lines.slice(0, cap);
  kept[cap - 1] = ellipsize(fonts, `${kept[cap - 1] ?? ''}…`, 'regular', size, width);
  return kept;
}

function layoutAt(
  fonts: ExportFonts,
  block: BulletBlock,
  box: TextBlockBox,
  size: number,
  wrapped: readonly (readonly string[])[],
  cap = Number.POSITIVE_INFINITY,
) {
  const lineStep = size * LINE_HEIGHT;
  const bullets = block.bullets ?? true;
  const indent = indentOf(fonts, block, size);
  const texts: TextItem[] = [];
  let y = box.y + size;
  let overflow = 0;
  for (const [i, itemLines] of wrapped.entries()) {
    const lines = capped(fonts, itemLines, cap, size, box.w - indent);
    const height = lines.length * lineStep;
    if (y - size + height > box.y + box.h + 0.01) {
      overflow = wrapped.length - i;
      break;
    }
    if (bullets) {
      texts.push({
        kind: 'text',
        x: box.x,
        y,
        text: BULLET.trim(),
        size,
        weight: 'regular',
        colour: block.colour,
        maxWidth: indent,
      });
    }
    for (const line of lines) {
      texts.push({
        kind: 'text',
        x: box.x + indent,
        y,
        text: line,
        size,
        weight: 'regular',
        colour: block.colour,
        maxWidth: box.w - indent,
      });
      y += lineStep;
    }
    y += size * ITEM_GAP;
  }
  return { texts, overflow };
}

/**
 * The answers of one box as bulleted lines: the largest size from `maxSize` down to `minSize` (in half steps) at
 * which every answer fits. When even the smallest does not, every answer is cut to the same number of lines (ending
 * in "…"), the most at which they all fit; when one line each is still too many, the answers that fit get a line
 * each and a last line says how many more there are, rather than text spilling over the next box. A long answer is
 * thus shortened where it stands, never dropped with the ones after it.
 */
export function bulletBlock(fonts: ExportFonts, block: BulletBlock, box: TextBlockBox): TextItem[] {
  if (block.items.length === 0) {
    // Quiet at 10 px, unless the block must not go below a larger size (the brief's 8 pt floor).
    const size = Math.min(block.maxSize, Math.max(10, block.minSize));
    return [
      {
        kind: 'text',
        x: box.x,
        y: box.y + size,
        text: block.empty,
        size,
        weight: 'regular',
        colour: block.mutedColour,
        maxWidth: box.w,
      },
    ];
  }
  // Half steps down from the largest size, and the smallest itself when the steps pass it by (12 → 10.5 < 10.67).
  for (let size = block.maxSize; size > block.minSize - 0.5; size -= 0.5) {
    const at = Math.max(size, block.minSize);
    const { texts, overflow } = layoutAt(fonts, block, box, at, wrapItems(fonts, block, box, at));
    if (overflow === 0) return texts;
  }
  const size = block.minSize;
  const wrapped = wrapItems(fonts, block, box, size);
  for (let cap = Math.max(...wrapped.map((lines) => lines.length)) - 1; cap >= 1; cap--) {
    const { texts, overflow } = layoutAt(fonts, block, box, size, wrapped, cap);
    if (overflow === 0) return texts;
  }
  const moreLine = size * LINE_HEIGHT;
  const { texts, overflow } = layoutAt(fonts, block, { ...box, h: box.h - moreLine }, size, wrapped, 1);
  const lastY = texts.reduce((y, t) => Math.max(y, t.y), box.y);
  const [one, many] = block.counted ?? ['more answer', 'more answers'];
  const more = plural(overflow, one, many);
  // A narrow box gets the count alone rather than a line running over its edge.
  const long = `+ ${more} (${block.where ?? 'see the app'})`;
  texts.push({
    kind: 'text',
    x: box.x,
    y: Math.min(lastY + moreLine + size * ITEM_GAP, box.y + box.h),
    text: textWidth(fonts, long, 'bold', size) <= box.w ? long : `+ ${overflow} more`,
    size,
    weight: 'bold',
    colour: block.mutedColour,
    maxWidth: box.w,
    leftOut: overflow,
  });
  return texts;
}
