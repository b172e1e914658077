/**
 * Reading uploaded PDFs: the page count of a real file, every kind of active content found however it is written
 * (inline, referenced, in object streams, with escaped names), and a clear verdict for what pdf-lib cannot read.
 */
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MAX_PDF_OBJECTS } from '#shared/domain/data-room';
import { pdfBytes, probePdf } from '../../test/pdf-files';
import { inspectPdf } from './pdf-inspection';

describe('inspectPdf', () => {
  it('counts the pages of a plain PDF and finds nothing active', async () => {
    expect(await inspectPdf(pdfBytes(2048))).toEqual({ readable: true, pageCount: 1, active: [] });
    expect(await inspectPdf(pdfBytes(200, 7))).toEqual({ readable: true, pageCount: 7, active: [] });
    const made = await PDFDocument.create();
    for (let i = 0; i < 3; i++) made.addPage();
    expect(await inspectPdf(await made.save())).toEqual({ readable: true, pageCount: 3, active: [] });
  });

  it.each([
    ['open-action-js', ['JavaScript']],
    ['launch', ['Launch']],
    ['additional-actions', ['JavaScript']],
    ['embedded-files', ['EmbeddedFile']],
    ['submit-form', ['SubmitForm']],
  ] as const)('finds the active content of a %s probe', async (kind, active) => {
    expect(await inspectPdf(await probePdf(kind))).toEqual({ readable: true, pageCount: 1, active });
  });

  it('reads names as a reader does: #xx escapes in either case', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    // `/#4a#53` is `/JS` and `/#53` is `/S`: written raw, since pdf-lib would escape the `#` itself.
    const marker = 'PROBE_MARKER';
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ Marker: PDFString.of(marker) }));
    const raw = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
    const escaped = raw.replace(`/Marker (${marker})`, '/#53 /L#61unch /#4a#53 (x)');
    expect(escaped).not.toBe(raw);
    expect(await inspectPdf(Buffer.from(escaped, 'latin1'))).toEqual({
      readable: true,
      pageCount: 1,
      active: ['JavaScript', 'Launch'],
    });
  });

  it('says why it cannot read one: noise after the header, a cut file, an encrypted one, no pages', async () => {
    const noise = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41)]);
    expect(await inspectPdf(noise)).toEqual({ readable: false, reason: 'malformed' });
    const whole = pdfBytes(4096, 3);
    expect(await inspectPdf(whole.subarray(0, 200))).toEqual({ readable: false, reason: 'malformed' });
    const encrypted = Buffer.from(
      pdfBytes(400).toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 >>'),
      'latin1',
    );
    expect(await inspectPdf(encrypted)).toEqual({ readable: false, reason: 'encrypted' });
    const empty = await PDFDocument.create();
    expect(await inspectPdf(await empty.save({ addDefaultPage: false }))).toEqual({
      readable: false,
      reason: 'no-pages',
    });
  });

  it('refuses to read more objects than it can check in time, and reads as many', async () => {
    // pdfBytes writes its pages, the catalog, the page tree and one padding stream.
    const most = MAX_PDF_OBJECTS - 3;
    expect(await inspectPdf(pdfBytes(0, most))).toMatchObject({ readable: true, pageCount: most });
    expect(await inspectPdf(pdfBytes(0, most + 1))).toEqual({ readable: false, reason: 'too-complex' });
  }, 60_000);
});
