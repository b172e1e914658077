/**
 * Gzip sizes of the built frontend: the login page's initial JavaScript and every lazily
 * loaded chunk. Builds the frontend first when frontend/dist is missing or older than its
 * sources (the same check `npm start` makes), so a clean clone measures what it would serve.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureFrontendBuilt, FRONTEND_DIST } from '../local/frontend-build';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface FrontendSizes {
  /** The entry script of index.html and the chunks it modulepreloads: what every page loads first. */
  initial: ChunkSize[];
  /** The login route's own chunk and what it imports statically, beyond the initial set. */
  loginRoute: ChunkSize[];
  /** Every other JavaScript chunk, loaded when a page needs it. */
  chunks: ChunkSize[];
}

const ASSET_REF = /<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g;
/** Static imports in Rollup/Rolldown output: `from"./x.js"` and `import"./x.js"` (dynamic imports use parentheses). */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;

/** Chunks are gzipped one by one, as a browser receives them; zlib's default level, as CDNs commonly use. */
async function sizeOf(file: string): Promise<ChunkSize> {
  const content = await readFile(join(FRONTEND_DIST, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

async function staticClosure(start: string[], assetsDir: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const code = await readFile(join(FRONTEND_DIST, assetsDir, name), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) if (m[1]) queue.push(m[1]);
  }
  return seen;
}

export async function measureFrontendSizes(log: (line: string) => void): Promise<FrontendSizes> {
  await ensureFrontendBuilt(log);
  const html = await readFile(join(FRONTEND_DIST, 'index.html'), 'utf8');
  const initialFiles = [...html.matchAll(ASSET_REF)].map((m) => m[1]).filter((f): f is string => Boolean(f));
  if (initialFiles.length === 0) throw new Error('frontend/dist/index.html names no entry script');

  const assetsDir = 'assets';
  const assetName = (file: string) => file.replace(`${assetsDir}/`, '');
  const initialNames = await staticClosure(initialFiles.map(assetName), assetsDir);
  const jsFiles = (await readdir(join(FRONTEND_DIST, assetsDir))).filter((f) => f.endsWith('.js'));
  const loginPage = jsFiles.find((f) => f.startsWith('LoginPage-'));
  const loginNames = loginPage ? await staticClosure([loginPage], assetsDir) : new Set<string>();

  const size = (names: Iterable<string>) => Promise.all([...names].map((n) => sizeOf(`${assetsDir}/${n}`)));
  return {
    initial: await size(initialNames),
    loginRoute: await size([...loginNames].filter((n) => !initialNames.has(n))),
    chunks: (await size(jsFiles.filter((n) => !initialNames.has(n)))).sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}
