/** How the data room shows a file: category labels, size, date and the kind of file (for its icon). */
import { FILE_CATEGORIES, type FileCategory } from '#shared/api-types';

export { FILE_CATEGORIES, type FileCategory };

export const CATEGORY_LABELS: Record<FileCategory, string> = {
  'pitch-deck': 'Pitch Deck',
  'market-research': 'Market Research',
  financial: 'Financial',
  legal: 'Legal',
  product: 'Product',
  other: 'Other',
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as FileCategory] ?? category;
}

/** '512 B', '12.3 KB', '2.0 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Spec §9 file date format: short month, day, year, US English ('Jan 5, 2025'). */
export function formatUploadDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE.format(date);
}

/** The file's extension in lower case, or 'unknown' (spec §3 data room file: type). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return 'unknown';
  return name.slice(dot + 1).toLowerCase();
}

/** The icon colours of spec §2: pdf, doc, xls, ppt and images; anything else is neutral. */
export type FileKind = 'pdf' | 'doc' | 'xls' | 'ppt' | 'image' | 'other';

const KIND_BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'doc',
  odt: 'doc',
  rtf: 'doc',
  xls: 'xls',
  xlsx: 'xls',
  ods: 'xls',
  csv: 'xls',
  ppt: 'ppt',
  pptx: 'ppt',
  odp: 'ppt',
  key: 'ppt',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
  bmp: 'image',
  heic: 'image',
};

export function fileKind(name: string, contentType = ''): FileKind {
  const byExtension = KIND_BY_EXTENSION[fileExtension(name)];
  if (byExtension) return byExtension;
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  return 'other';
}
