/**
 * The exports' font: DejaVu Sans Condensed, regular and bold (decision 022), cut down to Latin with its extensions,
 * Greek, Cyrillic, punctuation, arrows and common symbols. Both files are static assets fetched the first time an
 * export is made, never part of a script chunk. The same parsed files wrap the text, go into the PDF (as a subset
 * per document) and, registered as a web font, paint the PNG, so every export shows one set of glyphs and line breaks.
 */
import type { FontWeight } from './drawing';
import { TrueTypeFont } from './truetype';

export interface ExportFonts {
  regular: TrueTypeFont;
  bold: TrueTypeFont;
}

/** The family the PNG paints with, registered from the same files as the PDF's fonts. */
export const EXPORT_FONT_FAMILY = 'Preseed Export Sans';

const FILES: Record<FontWeight, URL> = {
  regular: new URL('./DejaVuSansCondensed.ttf', import.meta.url),
  bold: new URL('./DejaVuSansCondensed-Bold.ttf', import.meta.url),
};

/** The width of a text in the export font, in the units of `size`. */
export function textWidth(fonts: ExportFonts, text: string, weight: FontWeight, size: number): number {
  return fonts[weight].width(text, size);
}

async function fetchFont(url: URL): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The export font could not be loaded (HTTP ${response.status}).`);
  return response.arrayBuffer();
}

/** Lets the preview canvas paint with the export font; a browser without the FontFace API paints its own sans. */
async function registerWebFont(bytes: ArrayBuffer, weight: FontWeight): Promise<void> {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
  const face = new FontFace(EXPORT_FONT_FAMILY, bytes, { weight: weight === 'bold' ? '700' : '400' });
  document.fonts.add(await face.load());
}

let loading: Promise<ExportFonts> | undefined;
let loaded: ExportFonts | undefined;

/** The fonts if this page has loaded them already, so a dialog opened after that draws its sheet at once. */
export function loadedExportFonts(): ExportFonts | undefined {
  return loaded;
}

/** Fetches and parses both files once per page load; a failed load is tried afresh next time. */
export function loadExportFonts(): Promise<ExportFonts> {
  loading ??= (async () => {
    const [regular, bold] = await Promise.all([fetchFont(FILES.regular), fetchFont(FILES.bold)]);
    // FontFace takes its bytes over, so it gets copies and the parser keeps the originals.
    await Promise.all([registerWebFont(regular.slice(0), 'regular'), registerWebFont(bold.slice(0), 'bold')]);
    loaded = { regular: new TrueTypeFont(new Uint8Array(regular)), bold: new TrueTypeFont(new Uint8Array(bold)) };
    return loaded;
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
