import { useEffect, useRef } from 'react';
import { SHARE_READING_LIMITS } from '#shared/domain/share-reading';
import { viewerApi } from './sharing-api';

const { beaconEverySeconds, slackSeconds, maxPages, maxPagesPerBeacon } = SHARE_READING_LIMITS;

interface Counter {
  /** Seconds per page not yet sent; a page turned to but not yet timed is there with 0 (reached). */
  pending: Map<number, number>;
  page: number;
  /** When the current page's visible time began (performance.now()), or null while the tab is hidden. */
  since: number | null;
  lastSeq: number;
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/** Adds the current page's visible time so far to what is pending (pages past the recorded ones are not kept). */
function settle(state: Counter, recorded: number): void {
  if (state.since === null) return;
  const now = performance.now();
  if (state.page <= recorded) {
    state.pending.set(state.page, (state.pending.get(state.page) ?? 0) + (now - state.since) / 1000);
  }
  state.since = now;
}

/**
 * Counts the seconds each page of a shared file is on screen (only while the tab is visible) and sends them in
 * batches: every `beaconEverySeconds`, when the tab is hidden, when the page is left (a keepalive request that
 * outlives it) and when the viewer closes. Each batch carries an increasing `seq`, so a batch sent twice counts
 * once. A refused batch is dropped: reading analytics never interrupt the reader.
 */
export function useReadingTime({
  session,
  fileId,
  pageCount,
  page,
}: {
  session: string;
  fileId: string;
  /** Null until the file's pages are known: nothing is counted before the file is shown. */
  pageCount: number | null;
  page: number;
}): void {
  const counter = useRef<Counter>({ pending: new Map(), page, since: null, lastSeq: 0 });

  useEffect(() => {
    if (pageCount === null) return;
    const state = counter.current;
    const recorded = Math.min(pageCount, maxPages);
    const flush = (keepalive: boolean) => {
      settle(state, recorded);
      if (state.pending.size === 0) return;
      // A timer the browser held back can make a batch longer than the API takes: it is cut to what it accepts.
      const pages = [...state.pending.entries()].map(([p, seconds]) => ({
        page: p,
        seconds: Math.min(tenths(seconds), beaconEverySeconds + slackSeconds),
      }));
      state.pending.clear();
      for (let i = 0; i < pages.length; i += maxPagesPerBeacon) {
        state.lastSeq = Math.max(state.lastSeq + 1, Date.now());
        const beacon = {
          session,
          fileId,
          seq: state.lastSeq,
          pageCount: recorded,
          pages: pages.slice(i, i + maxPagesPerBeacon),
        };
        viewerApi.reading(beacon, keepalive).catch(() => undefined);
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        flush(true);
        state.since = null;
      } else {
        state.since = performance.now();
      }
    };
    const onPageHide = () => flush(true);

    state.since = document.visibilityState === 'visible' ? performance.now() : null;
    if (state.page <= recorded) state.pending.set(state.page, state.pending.get(state.page) ?? 0);
    const timer = window.setInterval(() => flush(false), beaconEverySeconds * 1000);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      flush(true);
      state.since = null;
    };
  }, [session, fileId, pageCount]);

  // A page turn closes the previous page's time and marks the new page reached.
  useEffect(() => {
    const state = counter.current;
    if (state.page === page || pageCount === null) return;
    const recorded = Math.min(pageCount, maxPages);
    settle(state, recorded);
    state.page = page;
    if (page <= recorded) state.pending.set(page, state.pending.get(page) ?? 0);
  }, [page, pageCount]);
}
