import { describe, expect, it } from 'vitest';
import {
  checkFileType,
  contentTypeForName,
  DATA_ROOM_ACCEPT,
  DATA_ROOM_FILE_TYPES,
  DATA_ROOM_QUOTA,
  FILE_TYPE_NOT_ALLOWED,
  quotaAllows,
  quotaMessage,
} from './data-room';

describe('checkFileType', () => {
  it('accepts each listed type with its own extension, stored under the canonical type', () => {
    for (const type of DATA_ROOM_FILE_TYPES) {
      for (const extension of type.extensions) {
        expect(checkFileType(`file.${extension}`, type.contentType)).toEqual({
          ok: true,
          contentType: type.contentType,
        });
      }
    }
    expect(checkFileType('Deck.PDF', 'Application/PDF; charset=binary')).toEqual({
      ok: true,
      contentType: 'application/pdf',
    });
    expect(checkFileType('archive.zip', 'application/x-zip-compressed')).toEqual({
      ok: true,
      contentType: 'application/zip',
    });
  });

  it('refuses types off the list, naming what is accepted', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/x-msdownload', 'application/octet-stream', '']) {
      expect(checkFileType('report.pdf', type), type).toEqual({
        ok: false,
        reason: 'not-allowed',
        message: FILE_TYPE_NOT_ALLOWED,
      });
    }
    expect(FILE_TYPE_NOT_ALLOWED).toContain('PDF');
    expect(FILE_TYPE_NOT_ALLOWED).toContain('PPTX');
    expect(FILE_TYPE_NOT_ALLOWED).toContain('ZIP');
  });

  it('refuses a name whose extension does not agree with the type', () => {
    const png = checkFileType('deck.png', 'application/pdf');
    expect(png).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(png.ok ? '' : png.message).toContain('.pdf');
    expect(checkFileType('setup.exe', 'application/pdf')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(checkFileType('no-extension', 'application/pdf')).toMatchObject({ ok: false });
    expect(checkFileType('.pdf', 'application/pdf')).toMatchObject({ ok: false });
  });
});

describe('contentTypeForName', () => {
  it('maps accepted extensions to their type and nothing else', () => {
    expect(contentTypeForName('notes.MD')).toBe('text/markdown');
    expect(contentTypeForName('photo.jpeg')).toBe('image/jpeg');
    expect(contentTypeForName('page.html')).toBeNull();
    expect(contentTypeForName('README')).toBeNull();
  });
});

describe('the file picker and the quota', () => {
  it('accepts exactly the listed extensions and types', () => {
    const accept = DATA_ROOM_ACCEPT.split(',');
    expect(accept).toContain('.docx');
    expect(accept).toContain('application/pdf');
    expect(accept).not.toContain('.html');
  });

  it('lets a file in only while both the count and the bytes fit', () => {
    const { maxFiles, maxBytes } = DATA_ROOM_QUOTA;
    expect(quotaAllows({ files: maxFiles - 1, bytes: 0 }, 1)).toBe(true);
    expect(quotaAllows({ files: maxFiles, bytes: 0 }, 1)).toBe(false);
    expect(quotaAllows({ files: 0, bytes: maxBytes - 10 }, 10)).toBe(true);
    expect(quotaAllows({ files: 0, bytes: maxBytes - 10 }, 11)).toBe(false);
    expect(quotaMessage({ files: 3, bytes: 499 * 1024 * 1024 }, 2 * 1024 * 1024)).toMatch(
      /at most 200 files and 500 MB.*499\.0 MB in 3 files.*2\.0 MB\. Delete files/,
    );
  });
});
