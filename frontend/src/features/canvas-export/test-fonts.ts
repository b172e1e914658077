/** The export fonts read from disk, for tests that run outside a browser (where loadExportFonts fetches them). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import type { ExportFonts } from './export-fonts';
import { TrueTypeFont } from './truetype';

const FONTS_DIR = dirname(fileURLToPath(import.meta.url));

/** A packaged font file's bytes, by file name. */
export const fontFile = (file: string) => new Uint8Array(readFileSync(join(FONTS_DIR, file)));

let fonts: ExportFonts | undefined;

export function testFonts(): ExportFonts {
  fonts ??= {
    regular: new TrueTypeFont(fontFile('DejaVuSansCondensed.ttf')),
    bold: new TrueTypeFont(fontFile('DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}

/** Answers the page's fetch of the two font files (loadExportFonts) from disk; any other request goes through. */
export function serveExportFonts() {
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const file = /\/(DejaVuSansCondensed(?:-Bold)?\.ttf)$/.exec(url)?.[1];
    if (file) return new Response(fontFile(file));
    return original(input, init);
  });
}
