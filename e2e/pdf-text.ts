/** A PDF file's text as Mozilla's PDF.js (Firefox's viewer) reads it: what a founder can select and search. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PdfText {
  pages: number;
  /** Page 1's size in points. */
  width: number;
  height: number;
  /** Every page's text runs joined by spaces, whitespace collapsed, so wrapped lines read as written. */
  text: string;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 })
    .promise;
  const runs: string[] = [];
  let size: number[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    if (n === 1) size = page.view;
    for (const item of (await page.getTextContent()).items) if ('str' in item) runs.push(item.str);
  }
  return {
    pages: doc.numPages,
    width: size[2] ?? 0,
    height: size[3] ?? 0,
    text: runs.join(' ').replace(/\s+/g, ' '),
  };
}

/** A PNG's pixel size from its IHDR chunk (bytes 16-23, big-endian), after checking the signature. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) throw new Error('not a PNG file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') throw new Error('PNG without IHDR first');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
