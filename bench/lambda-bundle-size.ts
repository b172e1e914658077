/**
 * Bundles every Lambda the stack deploys (infra/constructs/lambda-entries.ts) with the stack's own
 * esbuild options (infra/constructs/bundling.ts), one build per function as the stack does, into a
 * temporary directory, and reports each minified bundle's size (its entry file and every chunk), what
 * of it a cold start loads (the entry and the chunks it imports statically), and what it is made of.
 * Source maps are written too but not counted: nothing loads them unless NODE_OPTIONS asks.
 */
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_ENTRY_FILE, lambdaBuildOptions } from '../infra/constructs/bundling';
import { lambdaEntries } from '../infra/constructs/lambda-entries';
import { repoPath } from '../infra/constructs/paths';

export interface LambdaBundle {
  /** `http/<area>`, `consumers/<name>` or `realtime/connections`. */
  name: string;
  entry: string;
  /** The entry file, what Lambda imports. */
  file: string;
  /** Every file of the bundle: the entry and all its chunks. */
  bytes: number;
  /** The entry and the chunks it imports statically: what Node reads and compiles at a cold start. */
  initBytes: number;
  /** Bytes of the AWS SDK (`@aws-sdk/*`, `@smithy/*`) in the bundle. */
  sdkBytes: number;
  /** Bytes each npm package (or `own code`) adds to the bundle, largest first. */
  contributors: Array<{ source: string; bytes: number }>;
  /**
   * Imports left to the runtime: Node built-ins imported as ESM (one without a shim in
   * infra/bundling/builtins costs its facade at init) and packages; both should be empty.
   */
  unbundled: string[];
}

/** `node_modules/@scope/name/...` → `@scope/name`; the project's files are `own code`. */
function sourceOf(input: string): string {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? 'own code';
}

const isSdk = (source: string) => source.startsWith('@aws-sdk/') || source.startsWith('@smithy/');

type Outputs = Metafile['outputs'];

/** The entry's output file and, transitively, every chunk it imports statically (not with `import()`). */
function loadedAtInit(outputs: Outputs, entryFile: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !outputs[file]) return;
    seen.add(file);
    for (const i of outputs[file].imports) if (!i.external && i.kind === 'import-statement') visit(i.path);
  };
  visit(entryFile);
  return [...seen];
}

function describe(outputs: Outputs, entryFile: string): Omit<LambdaBundle, 'name' | 'entry' | 'file'> {
  const code = Object.entries(outputs).filter(([file]) => !file.endsWith('.map'));
  const bySource = new Map<string, number>();
  for (const [, output] of code) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      bySource.set(sourceOf(input), (bySource.get(sourceOf(input)) ?? 0) + bytesInOutput);
    }
  }
  const contributors = [...bySource].map(([source, bytes]) => ({ source, bytes })).sort((a, b) => b.bytes - a.bytes);
  const unbundled = [...new Set(code.flatMap(([, o]) => o.imports.filter((i) => i.external).map((i) => i.path)))];
  return {
    bytes: code.reduce((n, [, o]) => n + o.bytes, 0),
    initBytes: loadedAtInit(outputs, entryFile).reduce((n, file) => n + (outputs[file]?.bytes ?? 0), 0),
    sdkBytes: contributors.filter((c) => isSdk(c.source)).reduce((n, c) => n + c.bytes, 0),
    contributors,
    unbundled,
  };
}

export async function buildLambdaBundles(outDir: string): Promise<LambdaBundle[]> {
  return Promise.all(
    lambdaEntries().map(async ({ name, entry }) => {
      const dir = join(outDir, name.replace('/', '-'));
      const result = await build({ ...lambdaBuildOptions(entry, dir), metafile: true });
      const file = join(dir, LAMBDA_ENTRY_FILE);
      // The metafile names outputs relative to the working directory (the repository root).
      const entryFile = relative(repoPath(), file);
      return { name, entry, file, ...describe(result.metafile.outputs, entryFile) };
    }),
  );
}

/** The unbundled imports that are Node built-ins (imported as ESM) and those that are packages. */
export function splitUnbundled(bundle: LambdaBundle): { builtins: string[]; packages: string[] } {
  return {
    builtins: bundle.unbundled.filter((i) => isBuiltin(i)),
    packages: bundle.unbundled.filter((i) => !isBuiltin(i)),
  };
}
