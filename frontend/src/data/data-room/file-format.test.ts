import { describe, expect, it } from 'vitest';
import { categoryLabel, fileExtension, fileKind, formatFileSize, formatUploadDate } from './file-format';

describe('file format', () => {
  it('shows sizes in B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2.0 MB');
    expect(formatFileSize(10_485_760)).toBe('10.0 MB');
  });

  it('shows the upload date as a short US date', () => {
    expect(formatUploadDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
    expect(formatUploadDate('not a date')).toBe('');
  });

  it('knows the kinds with a coloured icon', () => {
    expect(fileKind('a.PDF')).toBe('pdf');
    expect(fileKind('a.docx')).toBe('doc');
    expect(fileKind('a.xlsx')).toBe('xls');
    expect(fileKind('a.pptx')).toBe('ppt');
    expect(fileKind('a.jpeg')).toBe('image');
    expect(fileKind('photo', 'image/heic')).toBe('image');
    expect(fileKind('archive.zip')).toBe('other');
    expect(fileExtension('README')).toBe('unknown');
  });

  it('labels the categories', () => {
    expect(categoryLabel('market-research')).toBe('Market Research');
    expect(categoryLabel('other')).toBe('Other');
  });
});
