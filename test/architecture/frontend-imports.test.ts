import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, featureOf, type ImportEdge, importGraph } from './frontend-import-graph';

/**
 * The frontend's dependencies run one way (docs/decisions/019-frontend-one-way-dependencies.md):
 * app → features → data → lib, with ui beside data; no import cycles. Biome's noRestrictedImports (biome.json)
 * says the same at each import line; this test also sees `import()` and `vi.mock` targets, and cycles.
 */
const SRC = fileURLToPath(new URL('../../frontend/src/', import.meta.url));
const GRAPH = importGraph(SRC);

type Layer = 'app' | 'features' | 'data' | 'lib' | 'ui' | 'test' | 'entry';

function layerOf(path: string): Layer {
  const top = path.split('/')[0];
  if (top === 'app' || top === 'features' || top === 'data' || top === 'lib' || top === 'ui' || top === 'test') {
    return top;
  }
  return 'entry';
}

/** What each layer's product code may import besides itself; a feature's "itself" is its own folder only. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  entry: ['app', 'features', 'data', 'lib', 'ui', 'test'],
  app: ['features', 'data', 'lib', 'ui'],
  features: ['data', 'lib', 'ui'],
  data: ['lib'],
  ui: ['lib'],
  lib: [],
  test: ['app', 'features', 'data', 'lib', 'ui'],
};

const isTestFile = (path: string) => /\.test\.tsx?$/.test(path);

/** Why an edge breaks the direction, or undefined when it keeps it. */
function violation({ from, to }: ImportEdge): string | undefined {
  const source = layerOf(from);
  const target = layerOf(to);
  if (source === 'features' && target === 'features') {
    return featureOf(from) === featureOf(to) ? undefined : 'a feature imports another feature';
  }
  if (source === target) return undefined;
  // Tests anywhere use the shared test helpers and fixtures.
  if (target === 'test' && isTestFile(from)) return undefined;
  return MAY_IMPORT[source].includes(target) ? undefined : `${source}/ may not import ${target}/`;
}

describe('the import graph of frontend/src', () => {
  it('is read from the source: it sees static, dynamic and mocked imports', () => {
    const from = (file: string) => GRAPH.filter((e) => e.from === file).map((e) => e.to);
    // A static import, the router's lazy page imports, and a test's vi.mock target, each known to exist.
    expect(from('main.tsx')).toContain('app/router.tsx');
    expect(from('app/router.tsx')).toContain('features/dashboard/DashboardPage.tsx');
    expect(from('app/shell/ShellNavigation.test.tsx')).toContain('features/data-room/DataRoomPage.tsx');
    expect(GRAPH.length).toBeGreaterThan(500);
  });

  it('has no import cycle', () => {
    expect(cycles(GRAPH)).toEqual([]);
  });

  it('runs one way: features import only their own folder, data/, lib/ and ui/; only app/ composes features', () => {
    const broken = GRAPH.flatMap((edge) => {
      const why = violation(edge);
      return why ? [`${edge.from}:${edge.line} → ${edge.to} (${why})`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('keeps each feature at most two folders deep (its parts in subfolders of their own), the shape biome.json’s relative-path rule relies on', () => {
    const features = fileURLToPath(new URL('features/', `file://${SRC}`));
    const folders = (path: string) =>
      readdirSync(`${features}${path}`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => (path ? `${path}/${entry.name}` : entry.name));
    const nested = folders('').flatMap(folders).flatMap(folders);
    expect(nested).toEqual([]);
  });

  it('keeps fakes and fixtures with the tests, out of the product folders', () => {
    const fakes = [...new Set(GRAPH.flatMap((e) => [e.from, e.to]))].filter(
      (path) => layerOf(path) !== 'test' && /(^|\/)(fake-[^/]*|[^/]*-fake)\.tsx?$/.test(path),
    );
    expect(fakes).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const edge = (from: string, to: string): ImportEdge => ({ from, to, line: 1 });

  it('find a cycle of two, of three and a file importing itself, and nothing in a chain', () => {
    expect(cycles([edge('a', 'b'), edge('b', 'a')])).toEqual([['a', 'b']]);
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(cycles([edge('a', 'a')])).toEqual([['a']]);
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('a', 'c')])).toEqual([]);
  });

  it('tell a feature importing another feature or app/ from one importing data/, lib/ and ui/', () => {
    expect(violation(edge('features/canvas/A.tsx', 'features/feedback/B.tsx'))).toBe(
      'a feature imports another feature',
    );
    expect(violation(edge('features/auth/A.tsx', 'app/guards/PublicOnly.tsx'))).toBe('features/ may not import app/');
    expect(violation(edge('features/canvas/A.tsx', 'features/canvas/B.tsx'))).toBeUndefined();
    for (const to of ['data/x/y.ts', 'lib/y.ts', 'ui/y.tsx']) {
      expect(violation(edge('features/canvas/A.tsx', to))).toBeUndefined();
    }
  });

  it('keep data/, lib/ and ui/ below the features, and test helpers out of product code', () => {
    expect(violation(edge('data/a/x.ts', 'ui/Button.tsx'))).toBe('data/ may not import ui/');
    expect(violation(edge('lib/x.ts', 'data/a/y.ts'))).toBe('lib/ may not import data/');
    expect(violation(edge('ui/x.tsx', 'features/a/y.tsx'))).toBe('ui/ may not import features/');
    expect(violation(edge('features/a/x.tsx', 'test/fake-api.ts'))).toBe('features/ may not import test/');
    expect(violation(edge('features/a/x.test.tsx', 'test/fake-api.ts'))).toBeUndefined();
    expect(violation(edge('app/router.tsx', 'features/a/x.tsx'))).toBeUndefined();
  });
});
