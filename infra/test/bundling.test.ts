/**
 * How the stack bundles a function (AppFunction's LambdaBundling, the path `cdk synth` takes): code
 * split, so a cold start reads the entry and what it imports statically, and an SDK client the function
 * loads with `import()` (functions/integrations/load-once.ts) lives in its own chunk, read on first use.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_ENTRY_FILE, LAMBDA_HANDLER } from '../constructs/bundling';
import { LambdaBundling } from '../constructs/function';
import { areaEntry } from '../constructs/lambda-entries';

const run = promisify(execFile);

describe("the data room's function, bundled as the stack bundles it", () => {
  let dir = '';
  let chunks: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'preseed-bundling-'));
    const bundling = new LambdaBundling(areaEntry('dataroom'));
    expect(bundling.local.tryBundle(dir, bundling)).toBe(true);
    chunks = (await readdir(join(dir, 'chunks'))).filter((f) => f.endsWith('.mjs'));
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is an entry file exporting the handler Lambda calls, beside its chunks', async () => {
    expect(LAMBDA_HANDLER).toBe('index.handler');
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      'const m = await import(process.argv[1]); process.stdout.write(typeof m.handler); process.exit(0);',
      pathToFileURL(join(dir, LAMBDA_ENTRY_FILE)).href,
    ]);
    expect(stdout).toBe('function');
  });

  it('keeps the S3 client out of what a cold start loads, in a chunk that loads on its own', async () => {
    const s3Chunk = chunks.find((f) => /^s3-\w+\.mjs$/.test(f));
    expect(s3Chunk, chunks.join(', ')).toBeDefined();
    // Static imports of the entry (`import … from "./chunks/…"`); the S3 chunk is only reached by `import()`.
    const entry = await readFile(join(dir, LAMBDA_ENTRY_FILE), 'utf8');
    const staticImports = [...entry.matchAll(/from\s*"\.\/chunks\/([^"]+)"/g)].map((m) => m[1]);
    expect(staticImports).not.toContain(s3Chunk);
    expect(entry).toContain(`import("./chunks/${s3Chunk}")`);
    // Loaded alone in a fresh process, as the first upload of a cold function loads it.
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      'const m = await import(process.argv[1]); process.stdout.write(typeof new m.S3Client({ region: "eu-central-1" }).send); process.exit(0);',
      pathToFileURL(join(dir, 'chunks', s3Chunk ?? '')).href,
    ]);
    expect(stdout).toBe('function');
  });
});
