/**
 * The founder's realtime connection (spec §2, §9): opens the WebSocket with a fresh access
 * token — offered as a subprotocol beside `preseed.v1`, never in the URL, which access logs
 * keep — hands each phases message on, and after any loss reconnects after 1, 2, 5, then every
 * 10 seconds until it is open again. No React here, so the timing can be tested on its own.
 */
import type { RealtimeMessage } from '#shared/realtime-messages';
import { REALTIME_PROTOCOL, REALTIME_QUERY } from '#shared/realtime-messages';

/** Spec §9: realtime reconnect delays. The last one repeats. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export interface PhaseUpdatesOptions {
  /** config.json's realtimeUrl: an absolute `wss://` URL, or a path on this origin. */
  url: string;
  userId: string;
  /** Resolves to a current access token (refreshing it when needed), or undefined when signed out. */
  getToken: () => Promise<string | undefined>;
  onMessage: (message: RealtimeMessage) => void;
  /** Called on every successful (re)connection: what changed while disconnected must be fetched. */
  onOpen: () => void;
  /** Injected by tests. */
  createSocket?: (url: string, protocols: string[]) => WebSocket;
  location?: Pick<Location, 'href'>;
}

export interface PhaseUpdates {
  close(): void;
}

/** `/ws` on http://host becomes ws://host/ws; an absolute ws(s) URL stays as it is. */
export function socketUrl(base: string, href: string, userId: string): string {
  const url = new URL(base, href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set(REALTIME_QUERY.userId, userId);
  return url.toString();
}

/** What the handshake offers (`Sec-WebSocket-Protocol`); `$connect` selects `preseed.v1`. */
export const socketProtocols = (token: string): string[] => [REALTIME_PROTOCOL, token];

function isRealtimeMessage(value: unknown): value is RealtimeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (m.type === 'feedback') return typeof m.phase === 'string';
  return m.type === 'phases' && typeof m.phases === 'object' && m.phases !== null && typeof m.version === 'number';
}

export function connectPhaseUpdates(options: PhaseUpdatesOptions): PhaseUpdates {
  const createSocket = options.createSocket ?? ((url: string, protocols: string[]) => new WebSocket(url, protocols));
  const href = () => (options.location ?? window.location).href;
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures++;
    timer = setTimeout(() => {
      timer = undefined;
      void open();
    }, delay);
  };

  const open = async () => {
    if (closed) return;
    let token: string | undefined;
    try {
      token = await options.getToken();
    } catch {
      token = undefined;
    }
    if (closed) return;
    if (!token) return scheduleReconnect();
    const current = createSocket(socketUrl(options.url, href(), options.userId), socketProtocols(token));
    socket = current;
    current.onopen = () => {
      failures = 0;
      options.onOpen();
    };
    current.onmessage = (event: MessageEvent) => {
      try {
        const data: unknown = JSON.parse(String(event.data));
        if (isRealtimeMessage(data)) options.onMessage(data);
      } catch {
        // Not ours to handle: the server only sends JSON phases and feedback messages.
      }
    };
    // A refused handshake, a dropped network and a closed server all end here (error is followed by close).
    current.onclose = () => {
      if (socket === current) socket = undefined;
      scheduleReconnect();
    };
  };

  void open();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = socket;
      socket = undefined;
      if (current) {
        current.onclose = null;
        current.onmessage = null;
        current.close(1000);
      }
    },
  };
}
