import { describe, expect, it } from 'vitest';
import { toEmbedUrl, VIDEO_HOSTS_MESSAGE, VIDEO_NOT_A_VIDEO_MESSAGE, videoUrlProblem } from './video';

describe('toEmbedUrl', () => {
  it('converts YouTube watch, short, shorts and embed forms', () => {
    expect(toEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedUrl('https://youtube.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBeTruthy();
    expect(toEmbedUrl('https://youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(toEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=42',
    );
  });

  it('converts Vimeo pages, unlisted links and player URLs', () => {
    expect(toEmbedUrl('https://vimeo.com/123456789')).toBe('https://player.vimeo.com/video/123456789');
    expect(toEmbedUrl('https://vimeo.com/123456789/abc123def0')).toBe(
      'https://player.vimeo.com/video/123456789?h=abc123def0',
    );
    expect(toEmbedUrl('https://vimeo.com/channels/staffpicks/123456789')).toBe(
      'https://player.vimeo.com/video/123456789',
    );
    expect(toEmbedUrl('https://player.vimeo.com/video/123456789?h=abc123')).toBe(
      'https://player.vimeo.com/video/123456789?h=abc123',
    );
  });

  it('converts Loom share and embed links', () => {
    const id = '0281766fa2d04bb788eaf19e65135184';
    expect(toEmbedUrl(`https://www.loom.com/share/${id}`)).toBe(`https://www.loom.com/embed/${id}`);
    expect(toEmbedUrl(`https://loom.com/embed/${id}?sid=x`)).toBe(`https://www.loom.com/embed/${id}`);
    expect(toEmbedUrl(`https://www.loom.com/share/Pitch-practice-${id}`)).toBe(`https://www.loom.com/embed/${id}`);
  });

  it('gives nothing to frame for scripts, data, other hosts and look-alikes', () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)//https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'data:text/html,<script>alert(1)</script>',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
      'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://youtube.com./watch?v=dQw4w9WgXcQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'not a url',
      '',
    ]) {
      expect(toEmbedUrl(url), url).toBeNull();
    }
  });

  it('gives nothing to frame for an accepted host that is not one video', () => {
    expect(toEmbedUrl('https://www.youtube.com/watch')).toBeNull();
    expect(toEmbedUrl('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(toEmbedUrl('https://www.youtube.com/channel/UC123')).toBeNull();
    expect(toEmbedUrl('https://vimeo.com/about')).toBeNull();
    expect(toEmbedUrl('https://player.vimeo.com/api/player.js')).toBeNull();
    expect(toEmbedUrl('https://www.loom.com/pricing')).toBeNull();
  });
});

describe('videoUrlProblem', () => {
  it('accepts a link that converts to a player URL', () => {
    expect(videoUrlProblem('https://youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(videoUrlProblem('https://vimeo.com/123456789')).toBeNull();
    expect(videoUrlProblem('https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184')).toBeNull();
  });

  it('names the accepted hosts for a script, data, plain-http or foreign link', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'http://youtu.be/x', 'https://evil.example/v']) {
      expect(videoUrlProblem(url), url).toBe(VIDEO_HOSTS_MESSAGE);
    }
    for (const host of [
      'youtube.com',
      'youtu.be',
      'youtube-nocookie.com',
      'vimeo.com',
      'player.vimeo.com',
      'loom.com',
    ]) {
      expect(VIDEO_HOSTS_MESSAGE).toContain(host);
    }
  });

  it('asks for one video when an accepted host links to something else', () => {
    expect(videoUrlProblem('https://www.youtube.com/channel/UC123')).toBe(VIDEO_NOT_A_VIDEO_MESSAGE);
  });
});
