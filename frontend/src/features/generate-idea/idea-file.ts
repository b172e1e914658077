/** Spec §5 idea upload rules: one file, at most 10 MB, text, PDF, JPEG, PNG, GIF or Word. */
export const MAX_IDEA_LENGTH = 2000;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The API takes at most this much file text as context. */
export const MAX_CONTEXT_LENGTH = 100_000;

const ALLOWED_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
const TEXT_EXTENSIONS = ['txt', 'text', 'md', 'csv'];
const OTHER_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'gif', 'doc', 'docx'];

/** For the file input's accept attribute (a hint to the picker; the checks below decide). */
export const ACCEPT = [
  'text/*',
  ...TEXT_EXTENSIONS.map((e) => `.${e}`),
  ...ALLOWED_TYPES,
  ...OTHER_EXTENSIONS.map((e) => `.${e}`),
].join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether the file is plain text, whose content is sent along with the description. */
export function isTextFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type.startsWith('text/');
  return TEXT_EXTENSIONS.includes(extensionOf(file.name));
}

/** What is wrong with a chosen file, or null. Browsers leave the type empty for some files; the extension decides then. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'size' | 'type' | null {
  if (file.size > MAX_FILE_BYTES) return 'size';
  if (isTextFile(file)) return null;
  if (file.type) return ALLOWED_TYPES.has(file.type) ? null : 'type';
  return OTHER_EXTENSIONS.includes(extensionOf(file.name)) ? null : 'type';
}

/** '12 KB', '1.5 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
