import { describe, expect, it } from 'vitest';
import {
  type ContentKind,
  contentMismatch,
  DATA_ROOM_FILE_TYPES,
  FILE_TYPE_NOT_ALLOWED,
  isUtf8Text,
} from './data-room';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

/** A true start of a file of each kind, and a lie told about it (text, or another kind's signature). */
const SAMPLES: Record<ContentKind, { real: Uint8Array; liars: Uint8Array[] }> = {
  pdf: {
    real: bytes('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj'),
    liars: [bytes('Just some notes, named .pdf'), bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  },
  png: {
    real: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    liars: [bytes('PNG'), bytes([0x89, 0x50, 0x4e, 0x47])],
  },
  jpeg: { real: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]), liars: [bytes([0xff, 0xd8]), bytes('JFIF')] },
  gif: { real: bytes('GIF89a', [1, 0, 1, 0]), liars: [bytes('GIF90a'), bytes('%PDF-1.4')] },
  webp: {
    real: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
    liars: [bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), bytes('WEBP')],
  },
  ole: {
    real: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    liars: [bytes([0xd0, 0xcf, 0x11, 0xe0]), bytes('PK', [3, 4])],
  },
  zip: {
    real: bytes('PK', [3, 4, 20, 0, 6, 0], '[Content_Types].xml'),
    liars: [bytes('PK', [1, 2]), bytes('plain text')],
  },
  text: {
    real: bytes('Name,Amount\nCafé Crème,12\n— ok ✓ 😀\n'),
    liars: [bytes('a\u0000b'), bytes([0x61, 0xff, 0x62])],
  },
};

describe('contentMismatch: each accepted type against its bytes', () => {
  for (const type of DATA_ROOM_FILE_TYPES) {
    const sample = SAMPLES[type.content];
    it(`${type.extensions.join('/')} (${type.contentType}) takes ${type.content} content and refuses a liar`, () => {
      expect(contentMismatch(type.contentType, sample.real, false)).toBeNull();
      for (const liar of sample.liars) {
        const message = contentMismatch(type.contentType, liar, false);
        expect(message).toContain(`.${type.extensions[0]}`);
        expect(message).toMatch(/must be .+, and this one is not\. It was not kept/);
      }
    });
  }

  it('says what a PDF must be', () => {
    expect(contentMismatch('application/pdf', bytes('hello'), false)).toBe(
      `This file's content is not what its type says: a .pdf file must be a PDF document (it starts with "%PDF-"), and this one is not. It was not kept; upload the file as it really is.`,
    );
  });

  it('finds a PDF header within the first KB, not after it', () => {
    const junk = (n: number) => new Uint8Array(n).fill(0x20);
    expect(contentMismatch('application/pdf', bytes([...junk(1019)], '%PDF-1.4'), true)).toBeNull();
    expect(contentMismatch('application/pdf', bytes([...junk(1020)], '%PDF-1.4'), true)).not.toBeNull();
  });

  it('takes a type’s alias and parameters as the type, and refuses a type off the list', () => {
    expect(contentMismatch('application/x-zip-compressed', SAMPLES.zip.real, false)).toBeNull();
    expect(contentMismatch('Text/Plain; charset=UTF-8', SAMPLES.text.real, false)).toBeNull();
    expect(contentMismatch('text/html', SAMPLES.text.real, false)).toBe(FILE_TYPE_NOT_ALLOWED);
  });

  it('takes an empty ZIP archive (only its end record)', () => {
    expect(contentMismatch('application/zip', bytes('PK', [5, 6], new Array(18).fill(0)), false)).toBeNull();
  });
});

describe('isUtf8Text', () => {
  it('takes ASCII, multi-byte characters and a byte-order mark', () => {
    expect(isUtf8Text(bytes('plain'), false)).toBe(true);
    expect(isUtf8Text(bytes([0xef, 0xbb, 0xbf], 'with BOM'), false)).toBe(true);
    expect(isUtf8Text(bytes('é € 𝄞'), false)).toBe(true);
    expect(isUtf8Text(new Uint8Array(), false)).toBe(true);
  });

  it('refuses NUL, stray continuation bytes, overlong forms, surrogates and code points past U+10FFFF', () => {
    expect(isUtf8Text(bytes('a', [0], 'b'), false)).toBe(false);
    expect(isUtf8Text(bytes([0x80]), false)).toBe(false);
    expect(isUtf8Text(bytes([0xc0, 0xaf]), false)).toBe(false);
    expect(isUtf8Text(bytes([0xe0, 0x80, 0xaf]), false)).toBe(false);
    expect(isUtf8Text(bytes([0xed, 0xa0, 0x80]), false)).toBe(false);
    expect(isUtf8Text(bytes([0xf4, 0x90, 0x80, 0x80]), false)).toBe(false);
    // UTF-16 text: every other byte is NUL.
    expect(isUtf8Text(bytes([0xff, 0xfe, 0x61, 0x00]), false)).toBe(false);
  });

  it('takes a character cut by the end of the range only when the range is the start of a longer file', () => {
    const cut = bytes('ab', [0xe2, 0x82]);
    expect(isUtf8Text(cut, true)).toBe(true);
    expect(isUtf8Text(cut, false)).toBe(false);
    expect(isUtf8Text(bytes('ab', [0xe2, 0x41]), true)).toBe(false);
  });
});
