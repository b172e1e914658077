/**
 * How every Lambda is bundled. Kept free of CDK imports so the benchmark can build
 * bundles with exactly these esbuild options and compare them with the size budget.
 */

/** Lambda's Node.js major version; the runtime in function.ts and the esbuild target must agree. */
export const LAMBDA_NODE_MAJOR = 22;

/**
 * ESM bundles still meet CommonJS dependencies that call `require` (for Node built-ins);
 * esbuild's ESM output has no `require`, so the banner provides one.
 */
export const CREATE_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);";

/**
 * Options in esbuild's own vocabulary (`esbuild.build(...)`).
 *
 * The AWS SDK v3 stays external: the Lambda runtime ships it, and bundling the clients we use
 * adds about 350 KB minified, which alone would break the 300 KB per-bundle budget.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: `node${LAMBDA_NODE_MAJOR}`,
  format: 'esm',
  minify: true,
  sourcemap: true,
  // Stack traces only need the mappings; embedding the sources would double the upload.
  sourcesContent: false,
  // Prefer packages' ESM builds so esbuild can tree-shake them.
  mainFields: ['module', 'main'],
  banner: { js: CREATE_REQUIRE_BANNER },
  external: ['@aws-sdk/*'],
  outExtension: { '.js': '.mjs' },
} as const;
