import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_READING_LIMITS } from '#shared/domain/share-reading';
import { type FakeApi, installFakeApi } from '../../test/fake-api';
import { useReadingTime } from './use-reading-time';

const SESSION = 'S'.repeat(43);
const FILE = '1700000000000-deckdeck01';
const EVERY_MS = SHARE_READING_LIMITS.beaconEverySeconds * 1000;

type Props = { pageCount: number | null; page: number };
interface SentBeacon {
  seq: number;
  pageCount: number;
  pages: { page: number; seconds: number }[];
}

let api: FakeApi;
let visibility: DocumentVisibilityState = 'visible';

const sent = () => api.calls('sharing.viewerReading').map((r) => r.body as SentBeacon);
const keepalives = () =>
  api.fetch.mock.calls
    .filter(([url]) => String(url).endsWith('/api/shared/reading'))
    .map(([, init]) => init?.keepalive === true);

function render(initial: Props) {
  return renderHook((props: Props) => useReadingTime({ session: SESSION, fileId: FILE, ...props }), {
    initialProps: initial,
  });
}

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date', 'performance'] });
  vi.setSystemTime(new Date('2030-01-01T12:00:00Z'));
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  api = installFakeApi({ 'sharing.viewerReading': { status: 204 } });
});
afterEach(() => vi.useRealTimers());

describe('useReadingTime', () => {
  it('counts nothing before the file is shown, then sends each page’s seconds every 10 s', async () => {
    const { rerender } = render({ pageCount: null, page: 1 });
    await vi.advanceTimersByTimeAsync(EVERY_MS * 2);
    expect(sent()).toEqual([]);

    rerender({ pageCount: 3, page: 1 });
    await vi.advanceTimersByTimeAsync(4000);
    rerender({ pageCount: 3, page: 2 });
    await vi.advanceTimersByTimeAsync(EVERY_MS - 4000);
    expect(sent()).toEqual([
      {
        session: SESSION,
        fileId: FILE,
        seq: Date.parse('2030-01-01T12:00:30Z'),
        pageCount: 3,
        pages: [
          { page: 1, seconds: 4 },
          { page: 2, seconds: 6 },
        ],
      },
    ]);
    // The next batch carries a larger seq, and only what is new.
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(sent()[1]).toMatchObject({ pages: [{ page: 2, seconds: 10 }] });
    expect(sent()[1]?.seq).toBeGreaterThan(sent()[0]?.seq ?? 0);
    expect(keepalives()).toEqual([false, false]);
  });

  it('sends at once when the tab is hidden, counts no hidden time, and sends the rest on unmount to outlive the page', async () => {
    const { rerender, unmount } = render({ pageCount: 3, page: 1 });
    await vi.advanceTimersByTimeAsync(2500);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([expect.objectContaining({ pages: [{ page: 1, seconds: 2.5 }] })]);
    // Thirty seconds hidden: no time and nothing to send.
    await vi.advanceTimersByTimeAsync(EVERY_MS * 3);
    expect(sent()).toHaveLength(1);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(1000);
    rerender({ pageCount: 3, page: 3 });
    await vi.advanceTimersByTimeAsync(1500);
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()[1]).toMatchObject({
      pages: [
        { page: 1, seconds: 1 },
        { page: 3, seconds: 1.5 },
      ],
    });
    expect(keepalives()).toEqual([true, true]);
  });

  it('records a page turned to as reached even at 0 s, and no page past the recorded maximum', async () => {
    const max = SHARE_READING_LIMITS.maxPages;
    const { rerender } = render({ pageCount: max + 5, page: 1 });
    rerender({ pageCount: max + 5, page: max });
    rerender({ pageCount: max + 5, page: max + 1 });
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(sent()).toEqual([
      expect.objectContaining({
        pageCount: max,
        pages: [
          { page: 1, seconds: 0 },
          { page: max, seconds: 0 },
        ],
      }),
    ]);
  });

  it('drops a refused batch without retrying it', async () => {
    api = installFakeApi({
      'sharing.viewerReading': { status: 400, body: { error: 'BadRequest', message: 'The beacon claims too much.' } },
    });
    render({ pageCount: 2, page: 1 });
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(sent()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    // The next batch holds only the next ten seconds.
    expect(sent()[1]).toMatchObject({ pages: [{ page: 1, seconds: 10 }] });
  });
});
