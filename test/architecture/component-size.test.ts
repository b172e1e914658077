import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Components stay small enough to read (a large component is split into a `use-*.ts` hook holding its
 * state and a view holding its markup). A component is a top-level PascalCase function of a .tsx file under
 * frontend/src (features, ui, lib, app; test helpers aside); its length runs from `function` (or `const`) to its closing brace, comments above it aside.
 */
const SRC = fileURLToPath(new URL('../../frontend/src/', import.meta.url));
const MAX_LINES = 150;

interface Component {
  /** `<file under frontend/src/> <name>` */
  id: string;
  lines: number;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && dir === SRC ? [] : tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

const isComponentName = (name: string) => /^[A-Z]/.test(name);

/** The top-level components of one file, with their length in lines. */
function componentsOf(fileName: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line -
    source.getLineAndCharacterOfPosition(node.getStart(source)).line +
    1;
  const found: { name: string; lines: number }[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && isComponentName(statement.name.text)) {
      found.push({ name: statement.name.text, lines: lines(statement) });
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (
          ts.isIdentifier(declaration.name) &&
          isComponentName(declaration.name.text) &&
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        ) {
          found.push({ name: declaration.name.text, lines: lines(statement) });
        }
      }
    }
  }
  return found;
}

function allComponents(): Component[] {
  return tsxFiles(SRC).flatMap((path) => {
    const file = relative(SRC, path).split('\\').join('/');
    return componentsOf(file, readFileSync(path, 'utf8')).map(({ name, lines }) => ({ id: `${file} ${name}`, lines }));
  });
}

describe(`components under frontend/src stay within ${MAX_LINES} lines`, () => {
  const components = allComponents();

  it('measures components: declarations and arrow functions, from their first to their last line', () => {
    const text = [
      '/** Not counted. */',
      'export function Page() {',
      '  return null;',
      '}',
      'const Row = () => (',
      '  <li />',
      ');',
      'function helper() {}',
    ].join('\n');
    expect(componentsOf('x.tsx', text)).toEqual([
      { name: 'Page', lines: 3 },
      { name: 'Row', lines: 3 },
    ]);
    expect(components.length).toBeGreaterThan(100);
  });

  it(`has no component over ${MAX_LINES} lines`, () => {
    const tooLong = components.filter((c) => c.lines > MAX_LINES);
    expect(tooLong.map((c) => `${c.id}: ${c.lines} lines`)).toEqual([]);
  });
});
