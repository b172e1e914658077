/**
 * The commands the deploy job runs where AWS credentials exist (the release snapshot, the smoke checks, the
 * rollback), bundled by the build job, which has none: the deploy job installs nothing of the project, so no
 * install script ever runs beside its credentials (decision 035). Each command is one self-contained ESM file that
 * runs with plain `node` and cdk.json beside it, as `npm run <command>` runs it from the repository.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CREATE_REQUIRE_BANNER, LAMBDA_NODE_MAJOR } from '../../infra/constructs/bundling';
import { repoPath } from '../../infra/constructs/paths';

const FILENAME_BANNER =
  "import { fileURLToPath as __fileURLToPath } from 'url'; import { dirname as __pathDirname } from 'path'; " +
  'const __filename = __fileURLToPath(import.meta.url); const __dirname = __pathDirname(__filename);';

/** Output file → the entry point `npm run` runs for it (package.json). */
export const DEPLOY_JOB_COMMANDS = {
  'release-snapshot.mjs': 'ops/releases/snapshot-main.ts',
  'smoke.mjs': 'ops/smoke/main.ts',
  'release-rollback.mjs': 'ops/releases/rollback-main.ts',
} as const;

/** Writes every command, the chunks they share, and cdk.json (each reads the stage from it) into `outDir`. */
export async function bundleDeployJobCommands(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  // One build with the shared code in chunks beside the commands: they share nearly all of it (the SDK, the stages).
  await build({
    entryPoints: Object.entries(DEPLOY_JOB_COMMANDS).map(([file, entry]) => ({
      in: repoPath(entry),
      out: file.replace(/\.mjs$/, ''),
    })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    absWorkingDir: repoPath('.'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${LAMBDA_NODE_MAJOR}`,
    // CommonJS dependencies also read __filename and __dirname, which ESM does not define.
    banner: { js: `${CREATE_REQUIRE_BANNER} ${FILENAME_BANNER}` },
    logLevel: 'warning',
    legalComments: 'none',
  });
  await copyFile(repoPath('cdk.json'), join(outDir, 'cdk.json'));
  return [...Object.keys(DEPLOY_JOB_COMMANDS), 'chunks/', 'cdk.json'];
}
