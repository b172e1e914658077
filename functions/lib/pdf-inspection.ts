/**
 * What an uploaded PDF holds, read with pdf-lib from its own bytes: its page count (which the share page's reading
 * beacons are held to) and any active content — entries a PDF reader acts on by itself (run a script, start a
 * program, send a form, carry another file). The data room refuses a PDF with any (shared/domain/data-room.ts words
 * it), and one pdf-lib cannot read, since then nothing about it can be checked.
 */
import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from 'pdf-lib';
import {
  type ActivePdfContent,
  activePdfMessage,
  MAX_PDF_OBJECTS,
  type UnreadablePdf,
  unreadablePdfMessage,
} from '#shared/domain/data-room';
import { HttpError } from './errors';

export type PdfInspection =
  | { readable: true; pageCount: number; active: ActivePdfContent[] }
  | { readable: false; reason: UnreadablePdf };

/** Action types (`/S`) that act on their own: a script, a program, a form sent or filled from elsewhere, an embedded file. */
const ACTIVE_ACTIONS: Record<string, ActivePdfContent> = {
  JavaScript: 'JavaScript',
  Launch: 'Launch',
  SubmitForm: 'SubmitForm',
  ImportData: 'SubmitForm',
  GoToE: 'EmbeddedFile',
  RichMediaExecute: 'JavaScript',
};

/** Keys whose mere presence is active content, whatever dictionary holds them. */
const ACTIVE_KEYS: Record<string, ActivePdfContent> = {
  JS: 'JavaScript',
  JavaScript: 'JavaScript',
  // XFA forms carry their own scripts.
  XFA: 'JavaScript',
  EmbeddedFiles: 'EmbeddedFile',
  EF: 'EmbeddedFile',
  RichMedia: 'JavaScript',
};

/** `/EmbeddedFile` as a `/Type`: the file stream itself. */
const ACTIVE_TYPES: Record<string, ActivePdfContent> = { EmbeddedFile: 'EmbeddedFile' };

/**
 * A name as a reader sees it: pdf-lib decodes `#xx` escapes in upper-case hex only, and `/#4a#53` is `/JS` to a
 * reader, so what it left is decoded again in either case.
 */
function nameOf(name: PDFName): string {
  return name
    .decodeText()
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Every active entry of one object, nested dictionaries and arrays included (references are walked on their own). */
function activeIn(root: PDFObject, found: Set<ActivePdfContent>): void {
  const stack: PDFObject[] = [root];
  while (stack.length > 0) {
    const object = stack.pop();
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        const name = nameOf(key);
        const byKey = ACTIVE_KEYS[name];
        if (byKey) found.add(byKey);
        if (value instanceof PDFName) {
          const kind =
            name === 'S' ? ACTIVE_ACTIONS[nameOf(value)] : name === 'Type' ? ACTIVE_TYPES[nameOf(value)] : undefined;
          if (kind) found.add(kind);
        }
        stack.push(value);
      }
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    }
  }
}

/**
 * Reads the PDF: its page count and its active content, or why it cannot be read. Every object is looked at,
 * unreferenced ones too (a later update can bring one back), so nothing is missed by taking the page tree's word.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  // Counted on the bytes before pdf-lib parses them: `<n> <g> obj` opens each object outside object streams.
  const objects = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .match(/\d+\s+\d+\s+obj\b/g);
  if ((objects?.length ?? 0) > MAX_PDF_OBJECTS) return { readable: false, reason: 'too-complex' };
  let doc: PDFDocument;
  try {
    // Strict: an object pdf-lib cannot parse is one it could not check. Fastest: the 10 MB at most a file has
    // parse in one go, without yielding between objects.
    // Encryption is asked after loading: pdf-lib's EncryptedPDFError is not always the class this module imports
    // (its CommonJS and ES builds each have one).
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch {
    return { readable: false, reason: 'malformed' };
  }
  // Its strings and streams are ciphertext: nothing in them can be checked.
  if (doc.isEncrypted) return { readable: false, reason: 'encrypted' };
  let pageCount: number;
  try {
    pageCount = doc.getPageCount();
    // A page the tree counts but whose object is missing (a file cut short) is one nobody can show.
    if (pageCount !== doc.catalog.Pages().Count().asNumber()) return { readable: false, reason: 'malformed' };
  } catch {
    return { readable: false, reason: 'malformed' };
  }
  if (pageCount < 1) return { readable: false, reason: 'no-pages' };
  const found = new Set<ActivePdfContent>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) activeIn(object, found);
  return { readable: true, pageCount, active: [...found].sort() };
}

/**
 * The page count of a PDF the data room may keep; 415 in the founder's words for one with active content, or one
 * that cannot be read and so cannot be checked.
 */
export async function acceptedPdfPageCount(bytes: Uint8Array): Promise<number> {
  const inspection = await inspectPdf(bytes);
  if (!inspection.readable) throw new HttpError(415, 'UnreadablePdf', unreadablePdfMessage(inspection.reason));
  if (inspection.active.length > 0) {
    throw new HttpError(415, 'ActivePdfContent', activePdfMessage(inspection.active));
  }
  return inspection.pageCount;
}
