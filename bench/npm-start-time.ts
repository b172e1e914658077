/**
 * `npm start` to first page served, warm install: `npm start` as a child in its own process
 * group (e2e/app-process.ts, as the browser tests run it) on a fresh data directory and free
 * ports, timed until GET / answers 200 with HTML; then Ctrl+C to the group.
 */
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { newDataDir, portsEnv, startApp } from '../e2e/app-process';

export interface StartTiming {
  /** Spawn to the first 200 HTML answer for `/`. */
  firstPageMs: number;
  /** Spawn to the banner (what `npm start` itself reports as ready). */
  bannerMs: number;
}

/** Polls the app port from the moment of the spawn, so the first page is caught as soon as it is served. */
async function firstPage(url: string, signal: AbortSignal): Promise<number> {
  while (!signal.aborted) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const html = (res.headers.get('content-type') ?? '').startsWith('text/html');
      await res.arrayBuffer();
      if (res.status === 200 && html) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error('stopped waiting for the first page');
}

export async function measureNpmStart(): Promise<StartTiming> {
  const env = await portsEnv();
  const dataDir = await newDataDir();
  const stopPolling = new AbortController();
  const started = performance.now();
  // The app listens on 127.0.0.1; `localhost` may resolve to ::1 first.
  const served = firstPage(`http://127.0.0.1:${env.PORT}/`, stopPolling.signal);
  served.catch(() => undefined); // awaited below unless start-up fails first
  try {
    const app = await startApp({ dataDir, env });
    // The app runs in a process group of its own, which Ctrl+C in the terminal does not reach.
    const interrupted = () => void app.stop().finally(() => process.exit(130));
    process.once('SIGINT', interrupted);
    try {
      const firstPageAt = await Promise.race([
        served,
        sleep(60_000, undefined, { ref: false }).then(() =>
          Promise.reject(new Error('npm start served no page within 60 s')),
        ),
      ]);
      return { firstPageMs: firstPageAt - started, bannerMs: app.startupMs };
    } finally {
      process.off('SIGINT', interrupted);
      await app.stop();
    }
  } finally {
    stopPolling.abort();
    await rm(dataDir, { recursive: true, force: true });
  }
}
