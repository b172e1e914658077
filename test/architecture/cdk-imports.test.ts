/**
 * The CDK app loads no Lambda runtime module: what a deploy needs to know about the functions (names, timeouts,
 * key attributes) comes from shared/deploy-names.ts (decision 020). The walk follows every static and dynamic
 * import of the app's own files, `#shared/*` included, the way tsx resolves them.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders of the repository the CDK app may load: itself and the code both sides share. */
const ALLOWED = ['infra/', 'shared/'];

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('#shared/')) base = join(ROOT, 'shared', specifier.slice('#shared/'.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null; // a package: node_modules, not our code
  const stripped = base.replace(/\.(ts|tsx|js)$/, '');
  for (const candidate of [`${stripped}.ts`, `${stripped}.tsx`, join(stripped, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${relative(ROOT, from)} imports ${specifier}, which resolves to no file`);
}

/** Every repository file reachable from `entries`, each with the file that first imported it. */
function reachableFiles(entries: readonly string[]): Map<string, string | null> {
  const seen = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      const target = resolveImport(file, fileName);
      if (target === null || seen.has(target)) continue;
      seen.set(target, file);
      queue.push(target);
    }
  }
  return seen;
}

/** Files outside ALLOWED, as `path (imported by path)`. */
function forbiddenImports(entries: readonly string[]): string[] {
  return [...reachableFiles(entries)]
    .map(([file, by]) => [relative(ROOT, file), by === null ? null : relative(ROOT, by)] as const)
    .filter(([file]) => !ALLOWED.some((folder) => file.startsWith(folder)))
    .map(([file, by]) => (by === null ? `${file} (an entry)` : `${file} (imported by ${by})`));
}

/** The CDK app's own files: infra/, without its tests. */
function cdkAppFiles(dir = join(ROOT, 'infra')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : cdkAppFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the CDK app', () => {
  it('starts from its entry point and every construct', () => {
    const files = cdkAppFiles().map((file) => relative(ROOT, file));
    expect(files).toContain('infra/app.ts');
    expect(files).toContain('infra/constructs/api.ts');
  });

  it('imports no Lambda runtime module and nothing of the offline stack, directly or through shared code', () => {
    expect(forbiddenImports(cdkAppFiles())).toEqual([]);
  });

  it('reaches the deploy-time names, which import nothing at all', () => {
    const reached = reachableFiles(cdkAppFiles());
    const names = join(ROOT, 'shared/deploy-names.ts');
    expect(reached.has(names)).toBe(true);
    expect(reachableFiles([names]).size).toBe(1);
  });
});

describe('the import walk', () => {
  it('finds a runtime module behind a shared one, and names who imported it', () => {
    // functions/lib/env.ts re-exports the deploy names; a construct that imported it would load runtime code.
    expect(forbiddenImports([join(ROOT, 'functions/lib/env.ts')])).toEqual(['functions/lib/env.ts (an entry)']);
    expect(forbiddenImports([join(ROOT, 'functions/lib/admin-mfa.ts')])).toContain(
      'functions/lib/errors.ts (imported by functions/lib/admin-mfa.ts)',
    );
  });

  it('follows type-only and dynamic imports, and tells a missing file from a package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdk-imports-'));
    try {
      writeFileSync(
        join(dir, 'app.ts'),
        "import type { T } from './types';\nexport const load = () => import('./lazy');\n",
      );
      writeFileSync(join(dir, 'types.ts'), 'export type T = string;\n');
      writeFileSync(join(dir, 'lazy.ts'), "import { z } from 'zod';\nexport const s = z.string();\n");
      const reached = [...reachableFiles([join(dir, 'app.ts')]).keys()].map((file) => relative(dir, file));
      expect(reached.sort()).toEqual(['app.ts', 'lazy.ts', 'types.ts']);
      writeFileSync(join(dir, 'broken.ts'), "import { x } from './no-such-module';\n");
      expect(() => reachableFiles([join(dir, 'broken.ts')])).toThrow(/no-such-module, which resolves to no file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
