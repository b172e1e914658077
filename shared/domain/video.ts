/**
 * Question videos (spec §5). A coach's link is shown to founders inside an iframe, so only https links of
 * the hosts below are stored, and only a link that converts to one of their player URLs is ever framed:
 * an iframe pointed anywhere else (a `javascript:` or `data:` URL, a look-alike site) would run whatever
 * the link leads to inside our page. The API and the UI both decide with this module.
 */

/** Hosts a coach's video link may name, by service (hostnames exactly as they appear in a parsed URL). */
export const VIDEO_HOSTS = {
  YouTube: [
    'youtube.com',
    'www.youtube.com',
    'm.youtube.com',
    'youtu.be',
    'youtube-nocookie.com',
    'www.youtube-nocookie.com',
  ],
  Vimeo: ['vimeo.com', 'player.vimeo.com'],
  Loom: ['loom.com', 'www.loom.com'],
} as const;

type Service = keyof typeof VIDEO_HOSTS;

const SERVICE_OF_HOST = new Map<string, Service>(
  (Object.entries(VIDEO_HOSTS) as [Service, readonly string[]][]).flatMap(([service, hosts]) =>
    hosts.map((host) => [host, service] as const),
  ),
);

const HOST_LIST = (Object.entries(VIDEO_HOSTS) as [Service, readonly string[]][])
  .map(([service, hosts]) => `${service} (${hosts.join(', ')})`)
  .join(', ');

export const VIDEO_HOSTS_MESSAGE = `The video URL must be an https link to one of these hosts: ${HOST_LIST}.`;
export const VIDEO_NOT_A_VIDEO_MESSAGE =
  'The video URL must link to one video, e.g. https://www.youtube.com/watch?v=…, https://vimeo.com/123456789 or https://www.loom.com/share/….';

/** Ids end up in a path or query of the player URL, so only these characters ever pass. */
const YOUTUBE_ID = /^[\w-]{6,64}$/;
const VIMEO_ID = /^\d{1,20}$/;
const VIMEO_HASH = /^[0-9a-f]{1,40}$/i;
/** Loom share links end in a 32-hex id, sometimes after a title slug. */
const LOOM_ID = /^(?:[\w-]*-)?([0-9a-f]{32})$/i;

/** The link as a URL we might frame: https, a listed host, the default port, no user name or password. */
function parseAllowed(url: string): { parsed: URL; service: Service } | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const service = SERVICE_OF_HOST.get(parsed.hostname);
  if (parsed.protocol !== 'https:' || !service || parsed.port !== '' || parsed.username || parsed.password) {
    return null;
  }
  return { parsed, service };
}

function youtubeEmbed(parsed: URL): string | null {
  const [first = '', second = ''] = parsed.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (parsed.hostname === 'youtu.be') id = first;
  else if (parsed.pathname === '/watch') id = parsed.searchParams.get('v');
  else if (first === 'embed' || first === 'shorts' || first === 'live') id = second;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = Number.parseInt(parsed.searchParams.get('t') ?? parsed.searchParams.get('start') ?? '', 10);
  return `https://www.youtube.com/embed/${id}${Number.isFinite(start) && start > 0 ? `?start=${start}` : ''}`;
}

function vimeoEmbed(parsed: URL): string | null {
  const segments = parsed.pathname.split('/').filter(Boolean);
  // player.vimeo.com/video/<id>; vimeo.com/<id>[/<hash>] or …/channels/<name>/<id>: the first numeric segment.
  const index =
    parsed.hostname === 'player.vimeo.com'
      ? segments[0] === 'video'
        ? 1
        : -1
      : segments.findIndex((s) => VIMEO_ID.test(s));
  const id = index >= 0 ? segments[index] : undefined;
  if (!id || !VIMEO_ID.test(id)) return null;
  const hash = parsed.searchParams.get('h') ?? segments[index + 1] ?? null;
  return `https://player.vimeo.com/video/${id}${hash && VIMEO_HASH.test(hash) ? `?h=${hash}` : ''}`;
}

function loomEmbed(parsed: URL): string | null {
  const [kind = '', slug = ''] = parsed.pathname.split('/').filter(Boolean);
  const id = kind === 'share' || kind === 'embed' ? LOOM_ID.exec(slug)?.[1] : undefined;
  return id ? `https://www.loom.com/embed/${id.toLowerCase()}` : null;
}

const EMBED: Record<Service, (parsed: URL) => string | null> = {
  YouTube: youtubeEmbed,
  Vimeo: vimeoEmbed,
  Loom: loomEmbed,
};

/**
 * The player URL to frame for a coach's link, or null when the link is not one video of an accepted host
 * (then nothing is framed at all). Watch, short, share and embed forms all convert.
 */
export function toEmbedUrl(url: string): string | null {
  const allowed = parseAllowed(url);
  return allowed ? EMBED[allowed.service](allowed.parsed) : null;
}

/** Why a coach's video link cannot be stored, or null when it can (it converts to a player URL). */
export function videoUrlProblem(url: string): string | null {
  if (!parseAllowed(url)) return VIDEO_HOSTS_MESSAGE;
  return toEmbedUrl(url) ? null : VIDEO_NOT_A_VIDEO_MESSAGE;
}
