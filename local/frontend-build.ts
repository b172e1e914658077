/** Builds the frontend when its output is missing or older than its sources ("built on first start"). */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const FRONTEND_ROOT = new URL('../frontend/', import.meta.url).pathname;
export const FRONTEND_DIST = join(FRONTEND_ROOT, 'dist');
const VITE_CONFIG = join(FRONTEND_ROOT, 'vite.config.ts');

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((e) => newestMtime(join(path, e))));
  return Math.max(info.mtimeMs, ...times);
}

async function mtimeOrZero(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return 0;
  }
}

/** The sources of the app include the shared contracts the frontend imports. */
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'public'].map((p) => join(FRONTEND_ROOT, p));

export async function frontendIsStale(): Promise<boolean> {
  const built = await mtimeOrZero(join(FRONTEND_DIST, 'index.html'));
  if (built === 0) return true;
  const times = await Promise.all(SOURCES.map((s) => newestMtime(s).catch(() => 0)));
  return Math.max(...times) > built;
}

export async function buildFrontend(): Promise<void> {
  const { build } = await import('vite');
  // Vite keeps an inherited NODE_ENV: under a test runner (vitest sets `test`) it would bundle React's
  // development build, 60 KB gzip more on the login page. What `npm start` serves is always production.
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: VITE_CONFIG, mode: 'production', logLevel: 'warn' });
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
}

export async function ensureFrontendBuilt(log: (line: string) => void): Promise<void> {
  if (!(await frontendIsStale())) return;
  log('Building the frontend (first start or changed sources)…');
  const started = Date.now();
  await buildFrontend();
  log(`Frontend built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
