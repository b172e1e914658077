/**
 * A small PDF 1.4 writer for export sheets: vector rectangles, lines and circles, and text in the standard Helvetica
 * fonts with WinAnsi encoding, so every viewer opens it and its text can be selected and searched. It writes only
 * what the sheets use, which is why it weighs a few kilobytes where a general PDF library weighs 100-200 KB gzipped
 * (decision 012).
 */
import type { Colour, DrawItem, Sheet } from './drawing';
import { winAnsiCodes } from './helvetica-metrics';

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

/** A PDF literal string of WinAnsi codes, ASCII only: bytes past 126 are written as octal escapes. */
function pdfString(text: string): string {
  let out = '(';
  for (const code of winAnsiCodes(text)) {
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else if (code < 32 || code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
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

function paintOps(item: DrawItem, height: number): string[] {
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
    case 'text':
      if (!item.text.trim()) return [];
      return [
        `BT /${item.weight === 'bold' ? 'F2' : 'F1'} ${num(item.size * PT_PER_PX)} Tf ${rgb(item.colour)} rg ${X(item.x)} ${Y(item.y)} Td ${pdfString(item.text)} Tj ET`,
      ];
  }
}

/** The sheet's drawing operators, in page coordinates (points, origin bottom left). */
export function contentStream(sheet: Sheet): string {
  return sheet.items.flatMap((item) => paintOps(item, sheet.height)).join('\n');
}

/** A PDF of one page per sheet. Every byte is ASCII, so string lengths are byte offsets. */
export function buildPdf(sheets: readonly Sheet[], info: PdfInfo): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  // Fixed numbers: 1 catalog, 2 page tree, 3-4 fonts, 5 info; pages and their contents follow.
  const pageIds = sheets.map((_, i) => 6 + i * 2);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${sheets.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${unicodeString(info.title)} /Producer (Preseed) /CreationDate ${pdfDate(info.created)} >>`);
  for (const [i, sheet] of sheets.entries()) {
    const content = contentStream(sheet);
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(sheet.width * PT_PER_PX)} ${num(sheet.height * PT_PER_PX)}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${(pageIds[i] as number) + 1} 0 R >>`,
    );
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
