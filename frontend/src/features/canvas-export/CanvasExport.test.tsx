import { screen, waitFor, within } from '@testing-library/react';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, vi } from 'vitest';
import { FOUNDER } from '../../test/fake-auth';
import { canvasFake } from '../../test/fixtures/canvas-fake';
import { renderApp } from '../../test/render-app';
import { serveExportFonts } from './test-fonts';

const OPEN = { trigger_questions_status: true, value_proposition_status: true };

/** The files the page hands to the browser to save, in order. */
function capturedFiles() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:file-${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

async function pdfText(blob: Blob): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(await blob.arrayBuffer()), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const items = (await page.getTextContent()).items;
  return items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('canvas export on the Business Model page', () => {
  // First in the file: the fonts, once loaded, stay loaded for the page (and this module).
  it('says the canvas could not be prepared when the export font cannot be fetched, and offers no download', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('unavailable', { status: 503 }));
    const fake = canvasFake({ type: 'business-model', phases: OPEN, answers: { 'business-model-0-1': ['Farmers'] } });
    const { user } = renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Export the Business Model Canvas as PNG or PDF' },
        { timeout: 10_000 },
      ),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Export your Business Model Canvas' },
      { timeout: 10_000 },
    );
    // The query tries twice more (1 s, 2 s) before it gives up.
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Your canvas could not be loaded for the export. Close this and try again.',
    );
    expect(within(dialog).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  }, 30_000);

  it("opens a labelled dialog from the Export button and saves the founder's answers as a PDF", async () => {
    const files = capturedFiles();
    const fontFetch = serveExportFonts();
    // happy-dom draws nothing; saying so makes the test the same wherever it runs (browsers are in the e2e test).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = canvasFake({
      type: 'business-model',
      phases: OPEN,
      answers: { 'business-model-0-1': ['Farmers - local ones', 'Delivery apps', 'Kurierzy Łódź → Poznań ✓'] },
    });
    const { user } = renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
    const exportButton = await screen.findByRole(
      'button',
      { name: 'Export the Business Model Canvas as PNG or PDF' },
      // The first render loads the page's lazy chunks, slow on a cold run.
      { timeout: 10_000 },
    );
    // The canvas page with its Export button has not asked for the font: only an export does.
    expect(fontFetch).not.toHaveBeenCalled();
    await user.click(exportButton);
    // The dialog is a lazy chunk of its own.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Export your Business Model Canvas' },
      { timeout: 10_000 },
    );
    expect(await within(dialog).findByRole('img', { name: 'Preview of your Business Model Canvas' })).toBeVisible();

    // Without a 2D canvas there is no PNG, and the dialog says so; the PDF needs none.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('the PNG is not available. The PDF still is.');
    expect(within(dialog).getByRole('button', { name: 'Download PNG' })).toBeDisabled();
    expect(logged).toHaveBeenCalledWith('Preview failed', expect.any(Error));

    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(files.blobs).toHaveLength(1));
    const [pdf] = files.blobs;
    expect(pdf?.type).toBe('application/pdf');
    expect(files.names[0]).toMatch(/^acme-rockets-business-model-canvas-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = await pdfText(pdf as Blob);
    expect(text).toContain('Farmers - local ones');
    expect(text).toContain('Delivery apps');
    expect(text).toContain('Kurierzy Łódź → Poznań ✓');
    // The font came as a file of its own, fetched only now that an export was asked for.
    expect(fontFetch.mock.calls.map(([input]) => String(input))).toEqual([
      expect.stringMatching(/DejaVuSansCondensed\.ttf$/),
      expect.stringMatching(/DejaVuSansCondensed-Bold\.ttf$/),
    ]);
    expect(text).toContain('Acme Rockets');
    expect(text).toContain('CC BY-SA 3.0');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Export the Business Model Canvas as PNG or PDF' })).toHaveFocus();
    // Two lazy chunks and PDF.js: more than the default 5 s on a busy machine.
  }, 30_000);

  it('offers no export while the canvas is locked', async () => {
    const fake = canvasFake({ type: 'business-model', phases: { trigger_questions_status: true } });
    renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
    await screen.findByRole('heading', { name: 'The Business Model is not open yet' });
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
  });
});
