/**
 * What the data room stores: the file types it accepts (by content type, each with the name extensions that
 * must go with it) and how much one founder may keep. The API checks uploads against these and the upload
 * dialog's file picker and messages are built from them, so both always say the same.
 */

/**
 * What a type's content must look like, checked on its first bytes when the upload is confirmed: the declared
 * type and the name's extension are the browser's word, the bytes are the file's.
 */
export type ContentKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'ole' | 'zip' | 'text';

export interface DataRoomFileType {
  /** The content type stored with the object, in lower case, without parameters. */
  contentType: string;
  /** Name extensions (lower case, no dot) a file of this type may have. */
  extensions: readonly string[];
  /** Other content types browsers report for the same files; stored as `contentType`. */
  aliases?: readonly string[];
  /** What its bytes must be. */
  content: ContentKind;
}

const OPENXML = 'application/vnd.openxmlformats-officedocument';
const OPENDOCUMENT = 'application/vnd.oasis.opendocument';

export const DATA_ROOM_FILE_TYPES: readonly DataRoomFileType[] = [
  { contentType: 'application/pdf', extensions: ['pdf'], content: 'pdf' },
  { contentType: 'image/png', extensions: ['png'], content: 'png' },
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], content: 'jpeg' },
  { contentType: 'image/gif', extensions: ['gif'], content: 'gif' },
  { contentType: 'image/webp', extensions: ['webp'], content: 'webp' },
  // Office 97–2003 files are OLE compound documents; their successors (and OpenDocument) are ZIP archives.
  { contentType: 'application/msword', extensions: ['doc'], content: 'ole' },
  { contentType: `${OPENXML}.wordprocessingml.document`, extensions: ['docx'], content: 'zip' },
  { contentType: 'application/vnd.ms-excel', extensions: ['xls'], content: 'ole' },
  { contentType: `${OPENXML}.spreadsheetml.sheet`, extensions: ['xlsx'], content: 'zip' },
  { contentType: 'application/vnd.ms-powerpoint', extensions: ['ppt'], content: 'ole' },
  { contentType: `${OPENXML}.presentationml.presentation`, extensions: ['pptx'], content: 'zip' },
  { contentType: `${OPENDOCUMENT}.text`, extensions: ['odt'], content: 'zip' },
  { contentType: `${OPENDOCUMENT}.spreadsheet`, extensions: ['ods'], content: 'zip' },
  { contentType: `${OPENDOCUMENT}.presentation`, extensions: ['odp'], content: 'zip' },
  { contentType: 'text/plain', extensions: ['txt'], content: 'text' },
  { contentType: 'text/markdown', extensions: ['md', 'markdown'], aliases: ['text/x-markdown'], content: 'text' },
  { contentType: 'text/csv', extensions: ['csv'], content: 'text' },
  // Windows browsers report zip archives as application/x-zip-compressed.
  {
    contentType: 'application/zip',
    extensions: ['zip'],
    aliases: ['application/x-zip-compressed'],
    content: 'zip',
  },
];

/**
 * How much one founder may keep in the data room: counted atomically when an upload is recorded and given
 * back when a file is deleted (functions/store/files.ts). docs/limits.md states the same numbers.
 */
export const DATA_ROOM_QUOTA = { maxFiles: 200, maxBytes: 500 * 1024 * 1024 } as const;

/** The file picker's `accept` attribute: every extension and content type above. */
export const DATA_ROOM_ACCEPT = DATA_ROOM_FILE_TYPES.flatMap((t) => [
  ...t.extensions.map((e) => `.${e}`),
  t.contentType,
]).join(',');

/** 'PDF, PNG, JPG, … and ZIP': every accepted extension, in the list's order. */
const ACCEPTED_NAMES = (() => {
  const names = DATA_ROOM_FILE_TYPES.flatMap((t) => t.extensions.map((e) => e.toUpperCase()));
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
})();

export const FILE_TYPE_NOT_ALLOWED = `This type of file cannot be uploaded. The data room accepts ${ACCEPTED_NAMES} files.`;

function fileTypeMismatch(extension: string, type: DataRoomFileType): string {
  const expected = type.extensions.map((e) => `.${e}`).join(' or ');
  return `The file name ends in .${extension}, but the file is ${type.contentType}. Name it with ${expected}, or choose the file you meant to upload.`;
}

/** `Text/Plain; charset=UTF-8` → `text/plain`. */
function bareType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function typeOf(contentType: string): DataRoomFileType | undefined {
  const bare = bareType(contentType);
  return DATA_ROOM_FILE_TYPES.find((t) => t.contentType === bare || t.aliases?.includes(bare));
}

/** The name's extension in lower case without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The content type a file of this name is stored as, or null when the data room does not take its extension. */
export function contentTypeForName(name: string): string | null {
  const extension = extensionOf(name);
  return DATA_ROOM_FILE_TYPES.find((t) => t.extensions.includes(extension))?.contentType ?? null;
}

export type FileTypeVerdict =
  | { ok: true; contentType: string }
  | { ok: false; reason: 'not-allowed' | 'mismatch'; message: string };

/**
 * Whether a file of this name and content type may be stored, and under which content type. The type must be
 * on the list and the name's extension one of that type's: a page saved as `report.pdf` with the type
 * text/html, or a PDF named `setup.exe`, is refused.
 */
export function checkFileType(name: string, contentType: string): FileTypeVerdict {
  const type = typeOf(contentType);
  if (!type) return { ok: false, reason: 'not-allowed', message: FILE_TYPE_NOT_ALLOWED };
  const extension = extensionOf(name);
  if (!type.extensions.includes(extension)) {
    const known = contentTypeForName(name) !== null;
    return known
      ? { ok: false, reason: 'mismatch', message: fileTypeMismatch(extension, type) }
      : { ok: false, reason: 'not-allowed', message: FILE_TYPE_NOT_ALLOWED };
  }
  return { ok: true, contentType: type.contentType };
}

const MB = 1024 * 1024;

/** The quota refusal, with what the founder uses now so they know how much to delete. */
export function quotaMessage(used: { files: number; bytes: number }, adding: number): string {
  const limit = `The data room holds at most ${DATA_ROOM_QUOTA.maxFiles} files and ${DATA_ROOM_QUOTA.maxBytes / MB} MB in all`;
  const usage = `you use ${(used.bytes / MB).toFixed(1)} MB in ${used.files} file${used.files === 1 ? '' : 's'}`;
  const size = adding > 0 ? `, and this file has ${(adding / MB).toFixed(1)} MB` : '';
  return `${limit}; ${usage}${size}. Delete files you no longer need, then upload again.`;
}

/** Whether one more file of `size` bytes fits beside what the founder keeps. */
export function quotaAllows(used: { files: number; bytes: number }, size: number): boolean {
  return used.files + 1 <= DATA_ROOM_QUOTA.maxFiles && used.bytes + size <= DATA_ROOM_QUOTA.maxBytes;
}

export const FILE_CATEGORIES = ['pitch-deck', 'market-research', 'financial', 'legal', 'product', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
/** 10 MB (spec §9). */
export const MAX_FILE_BYTES = 10_485_760;

/** How many first bytes of an upload the content check reads (a ranged GET): a PDF's header may sit in the first KB. */
export const CONTENT_CHECK_BYTES = 4096;

const PDF_HEADER_WITHIN = 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** `%PDF-` within the first KB: readers accept (and some producers write) a few bytes before it. */
function isPdf(bytes: Uint8Array): boolean {
  const header = ascii('%PDF-');
  const last = Math.min(bytes.length - header.length, PDF_HEADER_WITHIN - header.length);
  for (let at = 0; at <= last; at++) if (startsWith(bytes, header, at)) return true;
  return false;
}

/**
 * Valid UTF-8 without NUL (a UTF-8 byte-order mark is fine). `truncated`: the bytes are the start of a longer
 * file, so a character cut at the end of the range is not an error.
 */
export function isUtf8Text(bytes: Uint8Array, truncated: boolean): boolean {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b === 0) return false;
    if (b < 0x80) {
      i++;
      continue;
    }
    // The length of the sequence and the smallest value it may encode (no overlong forms, no surrogates, ≤ U+10FFFF).
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return false;
    if (i + length > bytes.length) {
      if (!truncated) return false;
      for (let j = i + 1; j < bytes.length; j++) if (((bytes[j] as number) & 0xc0) !== 0x80) return false;
      return true;
    }
    let codePoint = b & (0xff >> (length + 1));
    for (let j = 1; j < length; j++) {
      const next = bytes[i + j] as number;
      if ((next & 0xc0) !== 0x80) return false;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    const smallest = length === 2 ? 0x80 : length === 3 ? 0x800 : 0x10000;
    if (codePoint < smallest || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return false;
    i += length;
  }
  return true;
}

const CONTENT_CHECKS: Record<ContentKind, (bytes: Uint8Array, truncated: boolean) => boolean> = {
  pdf: isPdf,
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  webp: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  ole: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  // A local file header; an empty archive is only its end record.
  zip: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]),
  text: isUtf8Text,
};

const CONTENT_NAMES: Record<ContentKind, string> = {
  pdf: 'a PDF document (it starts with "%PDF-")',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  ole: 'a Microsoft Office 97–2003 document',
  zip: 'a ZIP archive (as DOCX, XLSX, PPTX and OpenDocument files are)',
  text: 'plain text in UTF-8',
};

/**
 * Whether the first bytes of a stored upload are what its content type says; null when they are, else the
 * message for the founder. `truncated`: the bytes are only the start of the file.
 */
export function contentMismatch(contentType: string, bytes: Uint8Array, truncated: boolean): string | null {
  const type = typeOf(contentType);
  if (!type) return FILE_TYPE_NOT_ALLOWED;
  if (CONTENT_CHECKS[type.content](bytes, truncated)) return null;
  const extensions = type.extensions.map((e) => `.${e}`).join(' or ');
  return `This file's content is not what its type says: a ${extensions} file must be ${CONTENT_NAMES[type.content]}, and this one is not. It was not kept; upload the file as it really is.`;
}

/**
 * What makes a PDF active: entries its reader acts on by itself — a script, a program started, a form's contents
 * sent, a file carried inside. The API reads every uploaded PDF for them (functions/lib/pdf-inspection.ts).
 */
export type ActivePdfContent = 'JavaScript' | 'Launch' | 'SubmitForm' | 'EmbeddedFile';

const ACTIVE_PDF_WORDS: Record<ActivePdfContent, string> = {
  JavaScript: 'JavaScript',
  Launch: 'an action that starts a program',
  SubmitForm: 'a form that sends what is typed into it',
  EmbeddedFile: 'other files embedded in it',
};

/** 'A', 'A and B', 'A, B and C'. */
function listed(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The refusal of a PDF with active content, naming what it holds so the founder knows what to remove. */
export function activePdfMessage(found: readonly ActivePdfContent[]): string {
  return `This PDF contains ${listed(found.map((kind) => ACTIVE_PDF_WORDS[kind]))}, which a PDF reader would act on by itself, so the data room does not keep it. Save or print it as a new PDF without these, then upload that.`;
}

/** Why a PDF could not be read, so neither its pages nor its content could be checked. */
export type UnreadablePdf = 'encrypted' | 'malformed' | 'no-pages' | 'too-complex';

/**
 * The most objects a PDF may have: reading a 10 MB file of 100,000 tiny objects takes longer than the upload's
 * confirm may; a long deck has a few thousand.
 */
export const MAX_PDF_OBJECTS = 20_000;

const UNREADABLE_PDF: Record<UnreadablePdf, string> = {
  encrypted:
    'This PDF is password-protected or encrypted, so the data room cannot check what it contains and did not keep it. Save a copy without the password, then upload that.',
  malformed:
    'This PDF could not be read: it may be damaged or cut short. It was not kept; open it in a PDF reader, save or print it as a new PDF, then upload that.',
  'no-pages': 'This PDF has no pages. It was not kept; upload the document with its pages.',
  'too-complex': `This PDF is made of more parts than the data room can check (over ${MAX_PDF_OBJECTS.toLocaleString('en-US')} objects). It was not kept; save or print it as a new PDF, then upload that.`,
};

export function unreadablePdfMessage(reason: UnreadablePdf): string {
  return UNREADABLE_PDF[reason];
}
