/**
 * Stands in for the browser's WebSocket in component tests: records every socket the app
 * opens and lets a test open, message or drop it. Installed for every test by setup.ts, so
 * no test reaches a real server.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  /** What the handshake offered (`Sec-WebSocket-Protocol`). */
  readonly protocols: string[];
  readyState = FakeWebSocket.CONNECTING;
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL, protocols: string | string[] = []) {
    this.url = String(url);
    this.protocols = typeof protocols === 'string' ? [protocols] : protocols;
    FakeWebSocket.instances.push(this);
  }

  /** The most recent socket, which tests drive. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('the app opened no WebSocket');
    return socket;
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  serverOpens(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  serverSends(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  /** The connection is lost or refused: the browser reports an abnormal closure. */
  serverDrops(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  send(): void {}

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.closedWith = code;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
