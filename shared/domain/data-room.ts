/**
 * What the data room stores: the file types it accepts (by content type, each with the name extensions that
 * must go with it) and how much one founder may keep. The API checks uploads against these and the upload
 * dialog's file picker and messages are built from them, so both always say the same.
 */

export interface DataRoomFileType {
  /** The content type stored with the object, in lower case, without parameters. */
  contentType: string;
  /** Name extensions (lower case, no dot) a file of this type may have. */
  extensions: readonly string[];
  /** Other content types browsers report for the same files; stored as `contentType`. */
  aliases?: readonly string[];
}

const OPENXML = 'application/vnd.openxmlformats-officedocument';
const OPENDOCUMENT = 'application/vnd.oasis.opendocument';

export const DATA_ROOM_FILE_TYPES: readonly DataRoomFileType[] = [
  { contentType: 'application/pdf', extensions: ['pdf'] },
  { contentType: 'image/png', extensions: ['png'] },
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { contentType: 'image/gif', extensions: ['gif'] },
  { contentType: 'image/webp', extensions: ['webp'] },
  { contentType: 'application/msword', extensions: ['doc'] },
  { contentType: `${OPENXML}.wordprocessingml.document`, extensions: ['docx'] },
  { contentType: 'application/vnd.ms-excel', extensions: ['xls'] },
  { contentType: `${OPENXML}.spreadsheetml.sheet`, extensions: ['xlsx'] },
  { contentType: 'application/vnd.ms-powerpoint', extensions: ['ppt'] },
  { contentType: `${OPENXML}.presentationml.presentation`, extensions: ['pptx'] },
  { contentType: `${OPENDOCUMENT}.text`, extensions: ['odt'] },
  { contentType: `${OPENDOCUMENT}.spreadsheet`, extensions: ['ods'] },
  { contentType: `${OPENDOCUMENT}.presentation`, extensions: ['odp'] },
  { contentType: 'text/plain', extensions: ['txt'] },
  { contentType: 'text/markdown', extensions: ['md', 'markdown'], aliases: ['text/x-markdown'] },
  { contentType: 'text/csv', extensions: ['csv'] },
  // Windows browsers report zip archives as application/x-zip-compressed.
  { contentType: 'application/zip', extensions: ['zip'], aliases: ['application/x-zip-compressed'] },
];

/**
 * How much one founder may keep in the data room: counted atomically when an upload is recorded and given
 * back when a file is deleted (functions/store/files.ts). The README states the same numbers.
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
