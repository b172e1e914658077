/**
 * How every Lambda is bundled. Kept free of CDK imports so the benchmark can build bundles with
 * exactly these esbuild options and hold them to ARCHITECTURE.md §9's budgets: module init
 * ≤ 80 ms and ≤ 1 MB per bundle (`npm run bench -- lambdas`).
 *
 * The AWS SDK v3 is bundled, not left to the copy the Lambda runtime ships: tree-shaken ESM of
 * the clients we use parses and initialises faster than the runtime's CommonJS packages (whole
 * clients, resolved and read file by file from /var/runtime), and the version we test is the one
 * that runs. What a cold start still pays for is measured by the bench; the figures behind each
 * choice below are from it (Node 22, a fresh process importing the bundle).
 */

import type { BuildOptions } from 'esbuild';
import { repoPath } from './paths';

/** Lambda's Node.js major version; the runtime in function.ts and the esbuild target must agree. */
export const LAMBDA_NODE_MAJOR = 22;

/**
 * NODE_OPTIONS for every function (for function.ts to set), and what the bench measures init with:
 * none. `--enable-source-maps` makes Node read and parse a bundle's source map when it loads the
 * bundle, 10–18 ms of every cold start; the maps are still shipped (`sourcemap` below), so setting
 * NODE_OPTIONS=--enable-source-maps on one function in the console gives readable stack traces
 * while chasing a bug. The bench's "+maps" column shows what that costs.
 */
export const LAMBDA_NODE_OPTIONS = '';

/**
 * ESM bundles still meet CommonJS code that calls `require` with a computed name; esbuild's ESM
 * output has no `require`, so the banner provides one (static requires of Node built-ins go
 * through BUILTIN_ALIASES instead).
 */
export const CREATE_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);";

/** The Node built-ins our bundles (the SDK, mostly) import, each with a file in infra/bundling/builtins. */
export const SHIMMED_BUILTINS = [
  'async_hooks',
  'buffer',
  'child_process',
  'console',
  'crypto',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'querystring',
  'stream',
  'stream/promises',
  'stream/web',
  'string_decoder',
  'timers',
  'timers/promises',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
] as const;

/**
 * Every `import … from 'node:http'` (or 'http') is bundled as a one-line CommonJS module,
 * `module.exports = process.getBuiltinModule('node:http')`, instead of being left as an ESM import.
 * Node answers an ESM import of a built-in with a facade that reads every export of the module
 * once, and on Node 22 reading `http`'s exports loads undici (its lazy WebSocket getters): 20–25 ms
 * of every cold start for an HTTP client that never uses it. Paths are relative to the repository
 * root, which is esbuild's working directory both in the bench and under CDK.
 */
const BUILTIN_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  SHIMMED_BUILTINS.flatMap((name) => {
    const shim = `./infra/bundling/builtins/${name}.cjs`;
    return [
      [name, shim],
      [`node:${name}`, shim],
    ];
  }),
);

/**
 * Modules replaced when bundling: the built-ins above, and the SDK's default credential chain by
 * the one link that answers on Lambda (see infra/bundling/lambda-credentials.ts).
 */
export const LAMBDA_ALIASES: Readonly<Record<string, string>> = {
  ...BUILTIN_ALIASES,
  '@aws-sdk/credential-provider-node': './infra/bundling/lambda-credentials.ts',
};

/** Options in esbuild's own vocabulary (`esbuild.build(...)`), the same for the stack and the bench. */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: `node${LAMBDA_NODE_MAJOR}`,
  format: 'esm',
  minify: true,
  treeShaking: true,
  // Code splitting: what a function loads with `import()` on first use (the SDK clients behind
  // functions/integrations/load-once.ts) goes to its own file under chunks/, which Node reads and
  // compiles only when a request needs it. In one file, V8 still compiled those clients at every
  // cold start although their modules were evaluated lazily: deletion's 766 KB bundle took 82–87 ms
  // to import, its entry with the chunks it imports statically (about 400 KB) takes about 60.
  splitting: true,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  // Original names would keep stack traces readable without a source map, at the price of
  // bytes and a `__name(…)` call per function and class; the source maps are there instead.
  keepNames: false,
  // Licence headers are kept in node_modules and the lock file, not parsed on every cold start.
  legalComments: 'none',
  // Written beside the bundle and linked from it, but loaded only with --enable-source-maps
  // (see LAMBDA_NODE_OPTIONS). Stack traces only need the mappings; the sources would double the size.
  sourcemap: true,
  sourcesContent: false,
  // Prefer packages' ESM builds (`module` before `main`, and the `module`/`import` export
  // conditions, which the SDK lists before `node`): esbuild tree-shakes ESM only.
  mainFields: ['module', 'main'],
  conditions: ['module', 'import'],
  banner: { js: CREATE_REQUIRE_BANNER },
  // Nothing is left to the runtime: see the top of this file.
  external: [],
  alias: LAMBDA_ALIASES,
  outExtension: { '.js': '.mjs' },
} as const;

/** The name of a function's entry file in its output directory, without the extension. */
const ENTRY_NAME = 'index';
/** The file Lambda loads, and what it calls: `handler` exported by that file. */
export const LAMBDA_ENTRY_FILE = `${ENTRY_NAME}${ESBUILD_OPTIONS.outExtension['.js']}`;
export const LAMBDA_HANDLER = `${ENTRY_NAME}.handler`;

/**
 * The complete esbuild options that bundle one function: its entry (a path from the repository
 * root) into `outdir` as LAMBDA_ENTRY_FILE plus its chunks. The working directory is the repository
 * root, which the alias paths above are relative to.
 */
export function lambdaBuildOptions(entry: string, outdir: string) {
  return {
    ...ESBUILD_OPTIONS,
    mainFields: [...ESBUILD_OPTIONS.mainFields],
    conditions: [...ESBUILD_OPTIONS.conditions],
    external: [...ESBUILD_OPTIONS.external],
    alias: { ...ESBUILD_OPTIONS.alias },
    entryPoints: { [ENTRY_NAME]: repoPath(entry) },
    outdir,
    absWorkingDir: repoPath(),
    logLevel: 'error',
  } satisfies BuildOptions;
}
