/**
 * The export font in a PDF (decision 022): per weight, a Type0 font with Identity-H encoding over a CIDFontType2
 * whose glyphs are the document's subset, its widths from the font and a ToUnicode map, so what a viewer shows is
 * the founder's text and what it copies, searches and reads aloud is that text too.
 */
import type { FontWeight, Sheet } from './drawing';
import type { ExportFonts } from './export-fonts';
import type { FontSubset, TrueTypeFont } from './truetype';

export interface EmbeddedFont {
  font: TrueTypeFont;
  subset: FontSubset;
  /** The six capitals a subset font's name starts with, from its glyphs, so two different subsets differ by name. */
  tag: string;
}

export type EmbeddedFonts = Record<FontWeight, EmbeddedFont>;

/** A PDF object: a dictionary, or a dictionary with a stream of bytes (its /Length is added when written). */
export type PdfObject = string | { dict: string; data: Uint8Array };

const WEIGHTS: readonly FontWeight[] = ['regular', 'bold'];

function subsetTag(subset: FontSubset): string {
  let hash = 2166136261;
  for (const byte of subset.bytes) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + i * 7919;
  }
  return tag;
}

/** Each weight's subset: the glyphs of the text the sheets draw in it. */
export function embedFonts(fonts: ExportFonts, sheets: readonly Sheet[]): EmbeddedFonts {
  const texts: Record<FontWeight, string[]> = { regular: [], bold: [] };
  for (const sheet of sheets)
    for (const item of sheet.items) if (item.kind === 'text') texts[item.weight].push(item.text);
  const embed = (weight: FontWeight): EmbeddedFont => {
    const subset = fonts[weight].subset(texts[weight]);
    return { font: fonts[weight], subset, tag: subsetTag(subset) };
  };
  return { regular: embed('regular'), bold: embed('bold') };
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

/** A text as a PDF hex string of two-byte codes, each the subset's glyph id. */
export function showText(embedded: EmbeddedFont, text: string): string {
  const ids = embedded.font.glyphs(text).map((glyph) => hex4(embedded.subset.newId.get(glyph) ?? 0));
  return `<${ids.join('')}>`;
}

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}

/** The CMap that maps each code back to its text (PDF 1.7 §9.10.3), 100 entries per bfchar block as the spec caps. */
function toUnicodeCMap(subset: FontSubset): string {
  const entries = [...subset.unicode].sort(([a], [b]) => a - b);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(
      `${chunk.length} beginbfchar\n${chunk.map(([id, text]) => `<${hex4(id)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/**
 * The objects of both fonts, numbered from `first`: per weight the Type0 font (whose number the pages' resources
 * name), its CIDFont, font descriptor, font file and ToUnicode map.
 */
export function fontObjects(embedded: EmbeddedFonts, first: number): { objects: PdfObject[]; fontIds: number[] } {
  const objects: PdfObject[] = [];
  const fontIds: number[] = [];
  const ascii = (s: string) => new TextEncoder().encode(s);
  for (const [i, weight] of WEIGHTS.entries()) {
    const { font, subset, tag } = embedded[weight];
    const id = first + i * 5;
    const name = `/${tag}+${font.postScriptName}`;
    const scale = (v: number) => Math.round((v * 1000) / font.unitsPerEm);
    fontIds.push(id);
    objects.push(
      `<< /Type /Font /Subtype /Type0 /BaseFont ${name} /Encoding /Identity-H /DescendantFonts [${id + 1} 0 R] /ToUnicode ${id + 4} 0 R >>`,
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> ` +
        `/FontDescriptor ${id + 2} 0 R /W [0 [${subset.widths.join(' ')}]] /CIDToGIDMap /Identity >>`,
      `<< /Type /FontDescriptor /FontName ${name} /Flags 4 /FontBBox [${font.bbox.map(scale).join(' ')}] /ItalicAngle 0 ` +
        `/Ascent ${scale(font.ascent)} /Descent ${scale(font.descent)} /CapHeight ${scale(font.capHeight)} ` +
        `/StemV ${weight === 'bold' ? 120 : 80} /FontFile2 ${id + 3} 0 R >>`,
      { dict: `/Length1 ${subset.bytes.length}`, data: subset.bytes },
      { dict: '', data: ascii(toUnicodeCMap(subset)) },
    );
  }
  return { objects, fontIds };
}
