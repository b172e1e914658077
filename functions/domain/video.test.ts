import { describe, expect, it } from 'vitest';
import { toEmbedUrl } from './video';

describe('toEmbedUrl', () => {
  it('converts watch, short and embed forms', () => {
    expect(toEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedUrl('https://youtube.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=42',
    );
  });

  it('passes other values through unchanged', () => {
    expect(toEmbedUrl('https://vimeo.com/123456')).toBe('https://vimeo.com/123456');
    expect(toEmbedUrl('not a url')).toBe('not a url');
    expect(toEmbedUrl('https://www.youtube.com/watch')).toBe('https://www.youtube.com/watch');
  });
});
