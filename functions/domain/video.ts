/**
 * Video links (spec §5): YouTube watch, short and embed URLs become the embed form;
 * anything else passes through unchanged.
 */
const YOUTUBE_ID = /^[\w-]{6,}$/;

export function toEmbedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return url;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parsed.pathname === '/watch') id = parsed.searchParams.get('v');
    else if (parsed.pathname.startsWith('/embed/')) id = parsed.pathname.split('/')[2] ?? null;
    else if (parsed.pathname.startsWith('/shorts/')) id = parsed.pathname.split('/')[2] ?? null;
  } else if (host === 'youtu.be') {
    id = parsed.pathname.slice(1).split('/')[0] ?? null;
  }
  if (!id || !YOUTUBE_ID.test(id)) return url;
  const start = parsed.searchParams.get('t') ?? parsed.searchParams.get('start');
  const seconds = start ? Number.parseInt(start, 10) : Number.NaN;
  return `https://www.youtube.com/embed/${id}${Number.isFinite(seconds) && seconds > 0 ? `?start=${seconds}` : ''}`;
}
