import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import line: which file it sits in, where it points, and on which line (for messages a person can follow). */
export interface ImportEdge {
  from: string;
  to: string;
  line: number;
}

const SOURCE = /\.(ts|tsx)$/;
// The order Vite and TypeScript's bundler resolution try for an extensionless specifier.
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listSources(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  return CANDIDATES.map((suffix) => base + suffix).find((path) => existsSync(path) && statSync(path).isFile());
}

/** Every module specifier a file names: static imports and re-exports, `import()` and `vi.mock(...)` targets. */
function specifiersOf(file: string): { specifier: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; line: number }[] = [];
  const add = (node: ts.Node, literal: ts.Expression | undefined) => {
    if (literal && ts.isStringLiteralLike(literal)) {
      found.push({ specifier: literal.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      // A mocked module is a dependency as real as an imported one: moving it breaks the test the same way.
      const isMock =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        (callee.name.text === 'mock' || callee.name.text === 'doMock');
      if (isDynamicImport || isMock) add(node, node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The import graph of a source folder, paths relative to it with forward slashes. Only relative specifiers are
 * followed: packages and `#shared/*` lie outside the folder, and stylesheets are leaves that cannot close a cycle.
 */
export function importGraph(root: string): ImportEdge[] {
  const toKey = (path: string) => relative(root, path).split(sep).join('/');
  return listSources(root).flatMap((file) =>
    specifiersOf(file)
      .filter(({ specifier }) => specifier.startsWith('.'))
      .flatMap(({ specifier, line }) => {
        const target = resolveRelative(file, specifier);
        return target && SOURCE.test(target) ? [{ from: toKey(file), to: toKey(target), line }] : [];
      }),
  );
}

/** Strongly connected components with more than one file (or a file importing itself): each one is a cycle. */
export function cycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  // Tarjan's algorithm; recursion depth is bounded by the longest import chain, a few dozen files.
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfImport = (next.get(node) ?? []).includes(node);
    if (component.length > 1 || selfImport) found.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) connect(node);
  return found;
}

/** `features/<name>/...` → `<name>`; anything else → undefined. */
export function featureOf(path: string): string | undefined {
  const match = /^features\/([^/]+)\//.exec(path);
  return match?.[1];
}
