import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhasesMessage } from '#shared/realtime-messages';
import { FakeWebSocket } from '../../test/fake-websocket';
import { connectPhaseUpdates, RECONNECT_DELAYS_MS, socketUrl } from './phase-updates';

const PHASES: PhasesMessage = {
  type: 'phases',
  phases: {
    generate_idea_status: true,
    trigger_questions_status: true,
    value_proposition_status: false,
    bmc_status: false,
  },
  version: 3,
};

function start(tokens: Array<string | undefined> = ['t1', 't2', 't3', 't4', 't5', 't6', 't7']) {
  const getToken = vi.fn(async () => tokens.shift());
  const onMessage = vi.fn();
  const onOpen = vi.fn();
  const updates = connectPhaseUpdates({
    url: '/ws',
    userId: 'sub-1',
    getToken,
    onMessage,
    onOpen,
    createSocket: (url, protocols) => new FakeWebSocket(url, protocols) as unknown as WebSocket,
    location: { href: 'http://localhost:3000/dashboard' },
  });
  return { updates, getToken, onMessage, onOpen };
}

/** Lets the token promise settle, then the socket exists. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('socketUrl', () => {
  it('turns a same-origin path into ws(s) on this host and keeps an absolute wss URL, with no token in it', () => {
    expect(socketUrl('/ws', 'http://localhost:3000/x', 'me')).toBe('ws://localhost:3000/ws?userId=me');
    expect(socketUrl('/ws', 'https://app.example/x', 'me')).toBe('wss://app.example/ws?userId=me');
    expect(socketUrl('wss://abc.execute-api.eu-central-1.amazonaws.com/live', 'https://app.example/', 'me')).toBe(
      'wss://abc.execute-api.eu-central-1.amazonaws.com/live?userId=me',
    );
  });
});

describe('connectPhaseUpdates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects with the token as a subprotocol (never in the URL) and its own user id, and hands on phases and feedback messages only', async () => {
    const { onMessage, onOpen } = start();
    await settle();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws?userId=sub-1');
    expect(socket.protocols).toEqual(['preseed.v1', 't1']);
    socket.serverOpens();
    expect(onOpen).toHaveBeenCalledTimes(1);
    socket.serverSends(PHASES);
    socket.serverSends({ type: 'other' });
    socket.serverSends({ type: 'feedback' });
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    // A coach's feedback changed; the message names the phase only.
    socket.serverSends({ type: 'feedback', phase: 'trigger' });
    expect(onMessage).toHaveBeenCalledTimes(2);
    expect(onMessage).toHaveBeenNthCalledWith(1, PHASES);
    expect(onMessage).toHaveBeenNthCalledWith(2, { type: 'feedback', phase: 'trigger' });
  });

  it('reconnects after 1, 2, 5, then every 10 seconds, each time with a fresh token', async () => {
    const { getToken } = start();
    await settle();
    FakeWebSocket.latest().serverDrops();
    const expected = [...RECONNECT_DELAYS_MS, 10_000];
    expect(expected).toEqual([1000, 2000, 5000, 10_000, 10_000]);
    for (const [i, delay] of expected.entries()) {
      const before = FakeWebSocket.instances.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeWebSocket.instances.length, `not before ${delay} ms`).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeWebSocket.instances.length, `after ${delay} ms`).toBe(before + 1);
      expect(FakeWebSocket.latest().protocols).toEqual(['preseed.v1', `t${i + 2}`]);
      FakeWebSocket.latest().serverDrops();
    }
    expect(getToken).toHaveBeenCalledTimes(expected.length + 1);
  });

  it('starts again from 1 second after a connection that opened', async () => {
    const { onOpen } = start();
    await settle();
    FakeWebSocket.latest().serverDrops();
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.latest().serverDrops();
    await vi.advanceTimersByTimeAsync(2000);
    FakeWebSocket.latest().serverOpens();
    expect(onOpen).toHaveBeenCalledTimes(1);
    FakeWebSocket.latest().serverDrops();
    const before = FakeWebSocket.instances.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances.length).toBe(before + 1);
  });

  it('waits and tries again when there is no token yet, without opening a socket', async () => {
    start([undefined, 'later']);
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.latest().protocols).toEqual(['preseed.v1', 'later']);
  });

  it('closes the socket and stops reconnecting when closed', async () => {
    const { updates } = start();
    await settle();
    const socket = FakeWebSocket.latest();
    updates.close();
    expect(socket.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
