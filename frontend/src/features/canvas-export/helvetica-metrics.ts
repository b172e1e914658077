/**
 * Helvetica and Helvetica-Bold, the PDF standard fonts the exports write their text in: every viewer has them, so
 * nothing is embedded and the text stays text (selectable, searchable). Widths are in 1/1000 em per WinAnsi code
 * 32..255, from Adobe's Core 14 AFM files; 0 marks the five codes WinAnsi leaves undefined. The same widths wrap
 * the PNG's text, so both files break lines in the same places.
 */
export type FontWeight = 'regular' | 'bold';

const FIRST_CODE = 32;

// biome-ignore format: one row per 16 codes keeps the table readable against the AFM files.
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,
  556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
  0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];

// biome-ignore format: one row per 16 codes keeps the table readable against the AFM files.
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,
  556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
  0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
  611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

/** Unicode of WinAnsi's codes 128..159, the only ones that differ from Latin-1 (0 = undefined in WinAnsi). */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];
const FROM_UNICODE = new Map<number, number>(
  CP1252_HIGH.flatMap((unicode, i) => (unicode ? [[unicode, 128 + i] as [number, number]] : [])),
);

/** What stands in for a character the standard fonts cannot show. */
const MISSING = 0x3f; // '?'

function codeOf(char: string): number | undefined {
  const cp = char.codePointAt(0) ?? MISSING;
  if ((cp >= 32 && cp < 127) || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return FROM_UNICODE.get(cp);
}

/**
 * The text as WinAnsi codes, one per character. Tabs and line breaks become spaces; a letter outside WinAnsi loses
 * its accents when that makes it one (ő → o), else it shows as '?'. Only the PDF is limited so: the PNG draws the
 * founder's own characters with the browser's fonts.
 */
export function winAnsiCodes(text: string): number[] {
  const codes: number[] = [];
  for (const char of text.replace(/[\t\r\n\f\v]/g, ' ')) {
    const code = codeOf(char);
    if (code !== undefined) {
      codes.push(code);
      continue;
    }
    const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
    const fallback = [...bare].map(codeOf);
    if (bare.length > 0 && fallback.every((c) => c !== undefined)) codes.push(...(fallback as number[]));
    else codes.push(MISSING);
  }
  return codes;
}

/** The width of a text in the given font, in the units of `size`. */
export function textWidth(text: string, weight: FontWeight, size: number): number {
  const table = weight === 'bold' ? BOLD : REGULAR;
  let units = 0;
  for (const code of winAnsiCodes(text)) units += table[code - FIRST_CODE] ?? 0;
  return (units * size) / 1000;
}
