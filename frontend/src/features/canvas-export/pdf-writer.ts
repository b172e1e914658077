/**
 * A small PDF 1.4 writer for export sheets: vector rectangles, lines and circles, and text in the export font,
 * embedded as a subset of the glyphs the document uses with a map back to Unicode (pdf-fonts.ts, decision 022), so
 * every language the canvas shows prints and its text can be selected and searched. It writes only what the sheets
 * use, which is why it weighs a few kilobytes where a general PDF library weighs 100-200 KB gzipped (decision 012).
 */
import type { Colour, DrawItem, Sheet } from './drawing';
import type { ExportFonts } from './export-fonts';
import { type EmbeddedFonts, embedFonts, fontObjects, type PdfObject, showText } from './pdf-fonts';

export interface PdfInfo {
  title: string;
  /** Written as the file's creation date. */
  created: Date;
}

/** CSS pixels are 1/96 inch, PDF points 1/72. */
const PT_PER_PX = 72 / 96;
/** A circle as four Bézier arcs: the control points' distance, as a share of the radius. */
const KAPPA = 0.5522847498;

const num = (n: number) => {
  const rounded = Math.round(n * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

function rgb(colour: Colour): string {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => num(c / 255)).join(' ');
}

/** A text string for the document information (title), in UTF-16BE so any character survives. */
function unicodeString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

function pdfDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `(D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z)`;
}

function paintOps(item: DrawItem, height: number, fonts: EmbeddedFonts): string[] {
  const X = (x: number) => num(x * PT_PER_PX);
  const Y = (y: number) => num((height - y) * PT_PER_PX);
  const paint = (fill: Colour | undefined, stroke: Colour | undefined, lineWidth = 1) => {
    const ops: string[] = [];
    if (fill) ops.push(`${rgb(fill)} rg`);
    if (stroke) ops.push(`${rgb(stroke)} RG ${num(lineWidth * PT_PER_PX)} w`);
    return { ops, op: fill && stroke ? 'B' : fill ? 'f' : 'S' };
  };
  switch (item.kind) {
    case 'rect': {
      if (!item.fill && !item.stroke) return [];
      const { ops, op } = paint(item.fill, item.stroke, item.lineWidth);
      return [
        ...ops,
        `${X(item.x)} ${Y(item.y + item.h)} ${num(item.w * PT_PER_PX)} ${num(item.h * PT_PER_PX)} re ${op}`,
      ];
    }
    case 'line':
      return [
        `${rgb(item.stroke)} RG ${num(item.lineWidth * PT_PER_PX)} w`,
        `${X(item.x1)} ${Y(item.y1)} m ${X(item.x2)} ${Y(item.y2)} l S`,
      ];
    case 'circle': {
      if (!item.fill && !item.stroke) return [];
      const { ops, op } = paint(item.fill, item.stroke, item.lineWidth);
      const { cx, cy, r } = item;
      const k = r * KAPPA;
      const c = (x1: number, y1: number, x2: number, y2: number, x3: number, y3: number) =>
        `${X(x1)} ${Y(y1)} ${X(x2)} ${Y(y2)} ${X(x3)} ${Y(y3)} c`;
      return [
        ...ops,
        `${X(cx + r)} ${Y(cy)} m`,
        c(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
        c(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
        c(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        c(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
        `h ${op}`,
      ];
    }
    case 'text': {
      if (!item.text.trim()) return [];
      // A line wider than its room (a word that must not break) is squeezed into it, as the PNG's fillText does.
      const width = fonts[item.weight].font.width(item.text, item.size);
      const squeeze = width > item.maxWidth + 0.01 ? ` ${num((100 * item.maxWidth) / width)} Tz` : '';
      return [
        `BT /${item.weight === 'bold' ? 'F2' : 'F1'} ${num(item.size * PT_PER_PX)} Tf${squeeze} ${rgb(item.colour)} rg ${X(item.x)} ${Y(item.y)} Td ${showText(fonts[item.weight], item.text)} Tj${squeeze ? ' 100 Tz' : ''} ET`,
      ];
    }
  }
}

/** The sheet's drawing operators, in page coordinates (points, origin bottom left), its text in `fonts`' codes. */
export function contentStream(sheet: Sheet, fonts: EmbeddedFonts): string {
  return sheet.items.flatMap((item) => paintOps(item, sheet.height, fonts)).join('\n');
}

const ascii = (text: string) => new TextEncoder().encode(text);

/**
 * A PDF of one page per sheet, its text in a subset of `fonts`. The font files are binary, so the file is put
 * together as bytes; everything else is ASCII.
 */
export function buildPdf(sheets: readonly Sheet[], info: PdfInfo, fonts: ExportFonts): Uint8Array {
  const embedded = embedFonts(fonts, sheets);
  const objects: PdfObject[] = [];
  const add = (body: PdfObject) => objects.push(body);
  // Fixed numbers: 1 catalog, 2 page tree, 3 info, 4-13 the two fonts; pages and their contents follow.
  const FIRST_FONT = 4;
  const FIRST_PAGE = FIRST_FONT + 10;
  const pageIds = sheets.map((_, i) => FIRST_PAGE + i * 2);
  const { objects: fontParts, fontIds } = fontObjects(embedded, FIRST_FONT);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${sheets.length} >>`);
  add(`<< /Title ${unicodeString(info.title)} /Producer (Preseed) /CreationDate ${pdfDate(info.created)} >>`);
  for (const part of fontParts) add(part);
  for (const [i, sheet] of sheets.entries()) {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(sheet.width * PT_PER_PX)} ${num(sheet.height * PT_PER_PX)}] ` +
        `/Resources << /Font << /F1 ${fontIds[0]} 0 R /F2 ${fontIds[1]} 0 R >> >> /Contents ${(pageIds[i] as number) + 1} 0 R >>`,
    );
    add({ dict: '', data: ascii(contentStream(sheet, embedded)) });
  }

  const chunks: Uint8Array[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? ascii(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  // The second line's bytes past 127 tell file transfers the file is binary (PDF 1.7 §7.5.2).
  write('%PDF-1.4\n%');
  write(new Uint8Array([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(length);
    if (typeof body === 'string') write(`${i + 1} 0 obj\n${body}\nendobj\n`);
    else {
      const extra = body.dict ? ` ${body.dict}` : '';
      write(`${i + 1} 0 obj\n<< /Length ${body.data.length}${extra} >>\nstream\n`);
      write(body.data);
      write('\nendstream\nendobj\n');
    }
  }
  const xref = length;
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  write(tail);
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
