/**
 * Bundles every Lambda the stack deploys (infra/constructs/lambda-entries.ts) with the stack's own
 * esbuild options (infra/constructs/bundling.ts), one build per function as CDK's NodejsFunction
 * does, into a temporary directory, and reports each minified bundle's size and what it is made of.
 * Source maps are written too but not counted: nothing loads them unless NODE_OPTIONS asks.
 */
import { stat } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { ESBUILD_OPTIONS } from '../infra/constructs/bundling';
import { lambdaEntries } from '../infra/constructs/lambda-entries';
import { repoPath } from '../infra/constructs/paths';

export interface LambdaBundle {
  /** `http/<area>`, `consumers/<name>` or `realtime/connections`. */
  name: string;
  entry: string;
  file: string;
  bytes: number;
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

function describe(output: Metafile['outputs'][string] | undefined): Omit<LambdaBundle, 'name' | 'entry' | 'file'> {
  const bySource = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    bySource.set(sourceOf(input), (bySource.get(sourceOf(input)) ?? 0) + bytesInOutput);
  }
  const contributors = [...bySource].map(([source, bytes]) => ({ source, bytes })).sort((a, b) => b.bytes - a.bytes);
  const unbundled = [...new Set((output?.imports ?? []).filter((i) => i.external).map((i) => i.path))];
  return {
    bytes: output?.bytes ?? 0,
    sdkBytes: contributors.filter((c) => isSdk(c.source)).reduce((n, c) => n + c.bytes, 0),
    contributors,
    unbundled,
  };
}

export async function buildLambdaBundles(outDir: string): Promise<LambdaBundle[]> {
  return Promise.all(
    lambdaEntries().map(async ({ name, entry }) => {
      const dir = join(outDir, name.replace('/', '-'));
      const result = await build({
        ...ESBUILD_OPTIONS,
        mainFields: [...ESBUILD_OPTIONS.mainFields],
        conditions: [...ESBUILD_OPTIONS.conditions],
        external: [...ESBUILD_OPTIONS.external],
        alias: { ...ESBUILD_OPTIONS.alias },
        entryPoints: { index: repoPath(entry) },
        outdir: dir,
        // The alias paths are relative to the repository root, as under CDK.
        absWorkingDir: repoPath(),
        logLevel: 'error',
        metafile: true,
      });
      const file = join(dir, `index${ESBUILD_OPTIONS.outExtension['.js']}`);
      const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint);
      return { name, entry, file, ...describe(output), bytes: (await stat(file)).size };
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
