/**
 * Bundles every Lambda the stack deploys (infra/constructs/lambda-entries.ts) with the stack's own esbuild options, into a temporary directory,
 * and reports each minified bundle's size (source maps are uploaded too but never loaded
 * by the handler, so they are left out).
 */
import { stat, symlink } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ESBUILD_OPTIONS } from '../infra/constructs/bundling';
import { lambdaEntries } from '../infra/constructs/lambda-entries';
import { repoPath } from '../infra/constructs/paths';

export interface LambdaBundle {
  /** `http/<area>` or `consumers/<name>`. */
  name: string;
  entry: string;
  file: string;
  bytes: number;
  /** Bytes each npm package (or `own code`) adds to the bundle, largest first. */
  contributors: Array<{ source: string; bytes: number }>;
  /** Packages left external (the AWS SDK), which the bundle imports at start-up. */
  externals: string[];
}

/** `node_modules/@scope/name/...` → `@scope/name`; the project's files are `own code`. */
function sourceOf(input: string): string {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? 'own code';
}

export async function buildLambdaBundles(outDir: string): Promise<LambdaBundle[]> {
  // The AWS SDK stays external as on Lambda, where the runtime provides it; the bundles find
  // the project's copy through this link when the init-time runner imports them.
  await symlink(repoPath('node_modules'), join(outDir, 'node_modules'), 'dir');
  return Promise.all(
    lambdaEntries().map(async ({ name, entry }) => {
      // One build per function, as CDK's NodejsFunction does: no code is shared between bundles.
      const dir = join(outDir, name.replace('/', '-'));
      const result = await build({
        ...ESBUILD_OPTIONS,
        mainFields: [...ESBUILD_OPTIONS.mainFields],
        external: [...ESBUILD_OPTIONS.external],
        entryPoints: { index: repoPath(entry) },
        outdir: dir,
        absWorkingDir: repoPath(),
        logLevel: 'error',
        metafile: true,
      });
      const file = join(dir, `index${ESBUILD_OPTIONS.outExtension['.js']}`);
      const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint);
      const bySource = new Map<string, number>();
      for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
        bySource.set(sourceOf(input), (bySource.get(sourceOf(input)) ?? 0) + bytesInOutput);
      }
      const contributors = [...bySource]
        .map(([source, bytes]) => ({ source, bytes }))
        .sort((a, b) => b.bytes - a.bytes);
      const externals = [
        ...new Set((output?.imports ?? []).filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path)),
      ];
      return { name, entry, file, bytes: (await stat(file)).size, contributors, externals };
    }),
  );
}
