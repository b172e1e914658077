/**
 * Just enough of a TrueType reader for the export font (decision 022): characters to glyphs (the Unicode cmap),
 * advance widths, the few metrics a PDF font descriptor names, and a subset of the glyphs one document uses. The
 * subset renumbers glyphs 0..n-1, so the PDF's character codes are the new glyph ids and its width table is one run.
 */

interface TableEntry {
  offset: number;
  length: number;
}

/** The characters a font subset holds: glyph ids in the subset's order, each with the text it stands for. */
export interface FontSubset {
  /** The subset font file (TrueType). */
  bytes: Uint8Array;
  /** The subset's glyph id for each glyph id of the full font. */
  newId: ReadonlyMap<number, number>;
  /** Advance widths in 1/1000 em, by new glyph id. */
  widths: readonly number[];
  /** The text each new glyph id was drawn for (for the PDF's ToUnicode map); .notdef has none. */
  unicode: ReadonlyMap<number, string>;
}

const REQUIRED = ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf', 'cmap'] as const;

/** What a glyph stands in for when the font has no glyph for a character. */
const REPLACEMENT = 0xfffd;

/** Characters that only change how the character before them looks (selectors, skin tones, zero-width joiners). */
const MODIFIER = /^[\p{Default_Ignorable_Code_Point}\p{Emoji_Modifier}]$/u;

/** A text's characters as the exports draw them: composed (NFC), line breaks and tabs as spaces. */
function printable(text: string): string[] {
  return [...text.normalize('NFC').replace(/[\t\r\n\f\v]/g, ' ')];
}

export class TrueTypeFont {
  readonly unitsPerEm: number;
  readonly postScriptName: string;
  readonly ascent: number;
  readonly descent: number;
  readonly bbox: readonly [number, number, number, number];
  readonly capHeight: number;
  private readonly view: DataView;
  private readonly tables = new Map<string, TableEntry>();
  private readonly cmap = new Map<number, number>();
  private readonly advances: number[] = [];
  private readonly numGlyphs: number;
  private readonly longLoca: boolean;

  constructor(private readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const count = this.view.getUint16(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16;
      const tag = String.fromCharCode(...data.subarray(at, at + 4));
      this.tables.set(tag, { offset: this.view.getUint32(at + 8), length: this.view.getUint32(at + 12) });
    }
    for (const tag of REQUIRED) if (!this.tables.has(tag)) throw new Error(`The font has no ${tag} table.`);
    const head = this.table('head').offset;
    this.unitsPerEm = this.view.getUint16(head + 18);
    this.bbox = [0, 1, 2, 3].map((i) => this.view.getInt16(head + 36 + i * 2)) as unknown as [
      number,
      number,
      number,
      number,
    ];
    this.longLoca = this.view.getInt16(head + 50) === 1;
    const hhea = this.table('hhea').offset;
    this.ascent = this.view.getInt16(hhea + 4);
    this.descent = this.view.getInt16(hhea + 6);
    this.numGlyphs = this.view.getUint16(this.table('maxp').offset + 4);
    this.readAdvances(this.view.getUint16(hhea + 34));
    this.readCmap();
    this.postScriptName = this.readPostScriptName();
    const capital = this.glyphBox(this.glyphOf(0x48));
    this.capHeight = capital ? capital[3] : this.ascent;
  }

  /** The glyph for one character, 0 (.notdef) when the font has none. */
  glyphOf(codePoint: number): number {
    return this.cmap.get(codePoint) ?? 0;
  }

  /**
   * The glyphs that draw a text, one per character. Line breaks and tabs draw as spaces; a character the font lacks
   * draws as its letters without accents when that works (a rare precomposed letter), else as the replacement mark.
   */
  glyphs(text: string): number[] {
    return printable(text).flatMap((char) => this.drawnAs(char).glyphs);
  }

  /**
   * The text as the font draws it: what `glyphs` shows, as characters. The PNG paints this, so a character the font
   * lacks is the same replacement mark there as in the PDF, not whatever (or nothing) the browser's fonts have.
   */
  drawnText(text: string): string {
    return printable(text)
      .map((char) => this.drawnAs(char).text)
      .join('');
  }

  private drawnAs(char: string): { glyphs: number[]; text: string } {
    const glyph = this.glyphOf(char.codePointAt(0) ?? REPLACEMENT);
    if (glyph !== 0) return { glyphs: [glyph], text: char };
    // An emoji's variation selector, skin tone or joiner only changes the emoji before it, already a replacement mark.
    if (MODIFIER.test(char)) return { glyphs: [], text: '' };
    const bare = [...char.normalize('NFKD').replace(/\p{M}/gu, '')];
    const bareGlyphs = bare.map((c) => this.glyphOf(c.codePointAt(0) ?? 0));
    if (bareGlyphs.length > 0 && bareGlyphs.every((g) => g !== 0)) return { glyphs: bareGlyphs, text: bare.join('') };
    return { glyphs: [this.glyphOf(REPLACEMENT)], text: String.fromCodePoint(REPLACEMENT) };
  }

  /** A glyph's advance width in font units. */
  advance(glyph: number): number {
    return this.advances[Math.min(glyph, this.advances.length - 1)] ?? 0;
  }

  /** A text's width at `size`, in the units of `size`. */
  width(text: string, size: number): number {
    let units = 0;
    for (const glyph of this.glyphs(text)) units += this.advance(glyph);
    return (units * size) / this.unitsPerEm;
  }

  /**
   * A font file holding only .notdef, the glyphs of `texts` and the glyphs those are built from, numbered 0..n-1 in
   * the full font's order. Hinting and layout tables are already gone from the packaged font (decision 022).
   */
  subset(texts: Iterable<string>): FontSubset {
    const unicode = new Map<number, string>();
    const used = new Set<number>([0]);
    for (const text of texts) {
      for (const char of printable(text)) {
        const glyphs = this.glyphs(char);
        const drawnAsIs = glyphs.length === 1 && glyphs[0] === this.glyphOf(char.codePointAt(0) ?? 0);
        for (const glyph of glyphs) {
          used.add(glyph);
          // The first character drawn with a glyph names it (a space and a no-break space share one); a glyph
          // standing in for another character (ő drawn as o, the replacement mark) reads back as what it shows.
          if (glyph !== 0 && !unicode.has(glyph)) unicode.set(glyph, drawnAsIs ? char : this.characterOf(glyph));
        }
      }
    }
    for (const glyph of [...used]) for (const part of this.components(glyph)) used.add(part);
    const order = [...used].sort((a, b) => a - b);
    const newId = new Map(order.map((old, i) => [old, i]));
    const glyphData = order.map((old) => this.renumbered(old, newId));
    const widths = order.map((old) => Math.round((this.advance(old) * 1000) / this.unitsPerEm));
    const bytes = this.writeFont(order, glyphData);
    const byNewId = new Map<number, string>();
    for (const [glyph, text] of unicode) byNewId.set(newId.get(glyph) as number, text);
    return { bytes, newId, widths, unicode: byNewId };
  }

  /** The lowest character the font draws with a glyph. */
  private characterOf(glyph: number): string {
    let best = REPLACEMENT;
    for (const [codePoint, g] of this.cmap) if (g === glyph && codePoint < best) best = codePoint;
    return String.fromCodePoint(best);
  }

  private table(tag: string): TableEntry {
    const entry = this.tables.get(tag);
    if (!entry) throw new Error(`The font has no ${tag} table.`);
    return entry;
  }

  private readAdvances(longMetrics: number): void {
    const hmtx = this.table('hmtx').offset;
    for (let i = 0; i < longMetrics; i++) this.advances.push(this.view.getUint16(hmtx + i * 4));
  }

  /** The Windows Unicode BMP subtable (format 4), which the packaged font has for every character it covers. */
  private readCmap(): void {
    const cmap = this.table('cmap').offset;
    const count = this.view.getUint16(cmap + 2);
    let sub = -1;
    for (let i = 0; i < count; i++) {
      const platform = this.view.getUint16(cmap + 4 + i * 8);
      const encoding = this.view.getUint16(cmap + 6 + i * 8);
      const offset = cmap + this.view.getUint32(cmap + 8 + i * 8);
      if (this.view.getUint16(offset) === 4 && (platform === 3 || platform === 0) && (encoding === 1 || platform === 0))
        sub = offset;
    }
    if (sub < 0) throw new Error('The font has no Unicode character map.');
    const segments = this.view.getUint16(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const end = this.view.getUint16(ends + s * 2);
      const start = this.view.getUint16(starts + s * 2);
      const delta = this.view.getInt16(deltas + s * 2);
      const rangeAt = rangeOffsets + s * 2;
      const rangeOffset = this.view.getUint16(rangeAt);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
        else {
          const raw = this.view.getUint16(rangeAt + rangeOffset + (c - start) * 2);
          glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
        }
        if (glyph !== 0 && glyph < this.numGlyphs) this.cmap.set(c, glyph);
      }
    }
  }

  private readPostScriptName(): string {
    const entry = this.tables.get('name');
    if (!entry) return 'ExportFont';
    const name = entry.offset;
    const count = this.view.getUint16(name + 2);
    const strings = name + this.view.getUint16(name + 4);
    for (let i = 0; i < count; i++) {
      const at = name + 6 + i * 12;
      if (this.view.getUint16(at + 6) !== 6) continue;
      const platform = this.view.getUint16(at);
      const length = this.view.getUint16(at + 8);
      const offset = strings + this.view.getUint16(at + 10);
      const bytes = this.data.subarray(offset, offset + length);
      const text =
        platform === 3 || platform === 0
          ? String.fromCharCode(
              ...Array.from({ length: length / 2 }, (_, k) => (bytes[k * 2] ?? 0) * 256 + (bytes[k * 2 + 1] ?? 0)),
            )
          : String.fromCharCode(...bytes);
      const clean = text.replace(/[^A-Za-z0-9-]/g, '');
      if (clean) return clean;
    }
    return 'ExportFont';
  }

  private glyphRange(glyph: number): [number, number] {
    const loca = this.table('loca').offset;
    const at = (i: number) =>
      this.longLoca ? this.view.getUint32(loca + i * 4) : this.view.getUint16(loca + i * 2) * 2;
    const glyf = this.table('glyf').offset;
    return [glyf + at(glyph), glyf + at(glyph + 1)];
  }

  private glyphBox(glyph: number): [number, number, number, number] | null {
    const [start, end] = this.glyphRange(glyph);
    if (end <= start) return null;
    return [0, 1, 2, 3].map((i) => this.view.getInt16(start + 2 + i * 2)) as [number, number, number, number];
  }

  /** Each component of a composite glyph: its offset in the font file and the glyph it points at. */
  private componentRefs(glyph: number): { at: number; glyph: number }[] {
    const [start, end] = this.glyphRange(glyph);
    if (end <= start || this.view.getInt16(start) >= 0) return [];
    const refs: { at: number; glyph: number }[] = [];
    let at = start + 10;
    for (;;) {
      const flags = this.view.getUint16(at);
      refs.push({ at: at + 2, glyph: this.view.getUint16(at + 2) });
      // Flag bits: 0 word arguments; 3 one scale, 6 x and y scales, 7 a 2×2 matrix; 5 more components follow.
      at += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
      if (!(flags & 0x20)) return refs;
    }
  }

  private components(glyph: number, seen = new Set<number>()): number[] {
    const out: number[] = [];
    for (const ref of this.componentRefs(glyph)) {
      if (seen.has(ref.glyph)) continue;
      seen.add(ref.glyph);
      out.push(ref.glyph, ...this.components(ref.glyph, seen));
    }
    return out;
  }

  /** A glyph's outline, with a composite's component ids changed to the subset's. */
  private renumbered(glyph: number, newId: ReadonlyMap<number, number>): Uint8Array {
    const [start, end] = this.glyphRange(glyph);
    const copy = this.data.slice(start, end);
    const view = new DataView(copy.buffer);
    for (const ref of this.componentRefs(glyph)) view.setUint16(ref.at - start, newId.get(ref.glyph) ?? 0);
    return copy;
  }

  private writeFont(order: readonly number[], glyphData: readonly Uint8Array[]): Uint8Array {
    const n = order.length;
    const padded = glyphData.map((g) => g.length + ((4 - (g.length % 4)) % 4));
    const glyf = new Uint8Array(padded.reduce((a, b) => a + b, 0));
    const loca = new DataView(new ArrayBuffer((n + 1) * 4));
    let offset = 0;
    for (const [i, g] of glyphData.entries()) {
      loca.setUint32(i * 4, offset);
      glyf.set(g, offset);
      offset += padded[i] as number;
    }
    loca.setUint32(n * 4, offset);

    const copy = (tag: string) => {
      const { offset: at, length } = this.table(tag);
      return this.data.slice(at, at + length);
    };
    const head = copy('head');
    const headView = new DataView(head.buffer);
    headView.setUint32(8, 0); // checkSumAdjustment: left 0, as PDF readers ignore it
    headView.setInt16(50, 1); // long loca offsets
    const hhea = copy('hhea');
    new DataView(hhea.buffer).setUint16(34, n);
    const maxp = copy('maxp');
    new DataView(maxp.buffer).setUint16(4, n);
    const hmtx = new DataView(new ArrayBuffer(n * 4));
    const lsb = (old: number) => {
      const box = this.glyphBox(old);
      return box ? box[0] : 0;
    };
    for (const [i, old] of order.entries()) {
      hmtx.setUint16(i * 4, this.advance(old));
      hmtx.setInt16(i * 4 + 2, lsb(old));
    }
    const post = copy('post').slice(0, 32);
    new DataView(post.buffer).setUint32(0, 0x00030000); // version 3: no glyph names
    const tables: [string, Uint8Array][] = [
      ['OS/2', this.tables.has('OS/2') ? copy('OS/2') : new Uint8Array()],
      ['cmap', EMPTY_CMAP],
      ['glyf', glyf],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', new Uint8Array(hmtx.buffer)],
      ['loca', new Uint8Array(loca.buffer)],
      ['maxp', maxp],
      ['name', this.tables.has('name') ? copy('name') : new Uint8Array()],
      ['post', post],
    ];
    return sfnt(tables.filter(([, bytes]) => bytes.length > 0));
  }
}

/**
 * A cmap that maps no character: the PDF addresses glyphs by id (Identity CIDToGIDMap), and a TrueType file must
 * still have the table. One format 4 subtable with only the closing 0xFFFF segment.
 */
const EMPTY_CMAP = new Uint8Array([
  0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12, 0, 4, 0, 24, 0, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0xff, 0xff, 0, 1, 0,
  0,
]);

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word =
      ((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}

/** A TrueType file of the given tables (tags in ascending order), each 4-byte aligned with its checksum. */
function sfnt(tables: readonly [string, Uint8Array][]): Uint8Array {
  const count = tables.length;
  const log2 = Math.floor(Math.log2(count));
  const searchRange = 2 ** log2 * 16;
  let size = 12 + count * 16;
  const offsets: number[] = [];
  for (const [, bytes] of tables) {
    offsets.push(size);
    size += bytes.length + ((4 - (bytes.length % 4)) % 4);
  }
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, count);
  view.setUint16(6, searchRange);
  view.setUint16(8, log2);
  view.setUint16(10, count * 16 - searchRange);
  for (const [i, [tag, bytes]] of tables.entries()) {
    const at = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[at + k] = tag.charCodeAt(k);
    view.setUint32(at + 4, checksum(bytes));
    view.setUint32(at + 8, offsets[i] as number);
    view.setUint32(at + 12, bytes.length);
    out.set(bytes, offsets[i] as number);
  }
  return out;
}
