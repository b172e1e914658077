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
}

const LINE_HEIGHT = 1.25;
const ITEM_GAP = 0.35;
const BULLET = '• ';

function layoutAt(fonts: ExportFonts, block: BulletBlock, box: TextBlockBox, size: number) {
  const lineStep = size * LINE_HEIGHT;
  const bullets = block.bullets ?? true;
  const indent = bullets ? textWidth(fonts, BULLET, 'regular', size) : 0;
  const texts: TextItem[] = [];
  let y = box.y + size;
  let overflow = 0;
  for (const [i, item] of block.items.entries()) {
    const lines = wrapText(fonts, item, 'regular', size, box.w - indent);
    const height = lines.length * lineStep;
    if (y - size + height > box.y + box.h + 0.01) {
      overflow = block.items.length - i;
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
 * which every answer fits. When even the smallest does not, the answers that fit are drawn and a last line says how
 * many more there are, rather than text spilling over the next box.
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
    const { texts, overflow } = layoutAt(fonts, block, box, Math.max(size, block.minSize));
    if (overflow === 0) return texts;
  }
  const size = block.minSize;
  const moreLine = size * LINE_HEIGHT;
  const { texts, overflow } = layoutAt(fonts, block, { ...box, h: box.h - moreLine }, size);
  const lastY = texts.reduce((y, t) => Math.max(y, t.y), box.y);
  const more = plural(overflow, 'more answer', 'more answers');
  // A narrow box gets the count alone rather than a line running over its edge.
  const long = `+ ${more} (see the app)`;
  texts.push({
    kind: 'text',
    x: box.x,
    y: Math.min(lastY + moreLine + size * ITEM_GAP, box.y + box.h),
    text: textWidth(fonts, long, 'bold', size) <= box.w ? long : `+ ${overflow} more`,
    size,
    weight: 'bold',
    colour: block.mutedColour,
    maxWidth: box.w,
  });
  return texts;
}
