import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VIDEO_UNAVAILABLE, VideoDialog } from './VideoDialog';

function show(url: string) {
  const { container } = render(<VideoDialog open onClose={() => undefined} url={url} title="Who is your customer?" />);
  return container.ownerDocument;
}

describe('VideoDialog', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/123456789', 'https://player.vimeo.com/video/123456789'],
    [
      'https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184',
      'https://www.loom.com/embed/0281766fa2d04bb788eaf19e65135184',
    ],
  ])('frames the player of %s', (url, embed) => {
    show(url);
    expect(screen.getByTitle('Video: Who is your customer?')).toHaveAttribute('src', embed);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/channel/UC123',
    'not a url',
  ])('frames nothing and links nowhere for a stored %s', (url) => {
    const doc = show(url);
    expect(screen.getByRole('dialog', { name: 'Video Tutorial' })).toHaveTextContent(VIDEO_UNAVAILABLE);
    expect(doc.querySelector('iframe')).toBeNull();
    expect(doc.querySelector(`[href], [src]`)).toBeNull();
  });
});
