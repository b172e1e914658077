// A Stryker ignorer (the `ignorers` option): the words of the product's data tables — the emails' texts, the
// validation-test library, the question bank — are not mutated. Their tests pin their shape (every test has steps,
// every email names its link), not each sentence; a mutant that empties a sentence says nothing about the code.
// What is ignored is listed in test/mutation/modules.json under "dataTables", by configuration, not by leaving tests
// out: "file" for a file that is all text, "file#NAME" for the one top-level declaration NAME in it.
// Plain JavaScript: Stryker loads its plugins with import(), before any TypeScript loader.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

export const DATA_TABLE_IGNORER = 'data-table-text';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Operators whose string operand is a value the code decides on, not text it shows. */
const COMPARISONS = new Set(['===', '!==', '==', '!=', 'in', 'instanceof', '<', '<=', '>', '>=']);

/**
 * @typedef {{ wholeFile: boolean, declarations: Set<string> }} TableScope
 * @param {readonly string[]} entries "file" or "file#NAME"
 * @returns {Map<string, TableScope>} per repository-relative file
 */
export function parseDataTables(entries) {
  const scopes = new Map();
  for (const entry of entries) {
    const [file, name, extra] = entry.split('#');
    if (!file || extra !== undefined || name === '')
      throw new Error(`dataTables: "${entry}" is not "file" or "file#NAME"`);
    const scope = scopes.get(file) ?? { wholeFile: false, declarations: new Set() };
    if (name === undefined) scope.wholeFile = true;
    else scope.declarations.add(name);
    scopes.set(file, scope);
  }
  return scopes;
}

/** A literal that is compared, switched on or used as a key decides what the code does: it stays mutated. */
function isDecision(path) {
  const parent = path.parentPath;
  if (!parent) return false;
  if (parent.isBinaryExpression() && COMPARISONS.has(parent.node.operator)) return true;
  if (parent.isSwitchCase() && parent.node.test === path.node) return true;
  if (parent.isMemberExpression() && parent.node.property === path.node) return true;
  return false;
}

/**
 * An interpolation that only reads values (names, properties, calls of them) adds no logic to the text around it.
 * One with a decision in it (`${name || 'there'}`, `${n > 1 ? 's' : ''}`) keeps its template mutated, so the
 * decision's own mutants are not swept away with the words.
 */
function onlyReads(node) {
  switch (node.type) {
    case 'Identifier':
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'ThisExpression':
      return true;
    case 'MemberExpression':
      return onlyReads(node.object) && (!node.computed || onlyReads(node.property));
    case 'CallExpression':
      return onlyReads(node.callee) && node.arguments.every(onlyReads);
    case 'TemplateLiteral':
      return node.expressions.every(onlyReads);
    default:
      return false;
  }
}

/** The name of the top-level declaration (exported or not) `path` sits in, or null. */
function topLevelDeclaration(path) {
  const declarator = path.findParent((p) => {
    if (!p.isVariableDeclarator()) return false;
    const statement = p.parentPath?.parentPath;
    return Boolean(
      statement?.isProgram() || (statement?.isExportNamedDeclaration() && statement.parentPath?.isProgram()),
    );
  });
  return declarator?.node.id.type === 'Identifier' ? declarator.node.id.name : null;
}

/**
 * The ignorer for the given "dataTables" entries. `fileOf` names the file a node path belongs to (Babel keeps it on
 * the path's hub; tests pass it in).
 */
export function dataTableIgnorer(entries, root = ROOT) {
  const scopes = parseDataTables(entries);
  const fileOf = (path) => {
    const name = path.hub?.file?.opts?.filename;
    if (typeof name !== 'string') return null;
    return (isAbsolute(name) ? relative(root, name) : name).split('\\').join('/');
  };
  return {
    /** @returns {string | undefined} why the node is ignored */
    shouldIgnore(path) {
      const literal = path.isStringLiteral() || (path.isTemplateLiteral() && path.node.expressions.every(onlyReads));
      if (!literal || isDecision(path)) return undefined;
      const file = fileOf(path);
      const scope = file === null ? undefined : scopes.get(file);
      if (!scope) return undefined;
      if (scope.wholeFile) return `Text of a data table (${file}, test/mutation/modules.json "dataTables")`;
      const name = topLevelDeclaration(path);
      if (name !== null && scope.declarations.has(name)) {
        return `Text of the data table ${name} (test/mutation/modules.json "dataTables")`;
      }
      return undefined;
    },
  };
}

const scope = JSON.parse(readFileSync(new URL('./modules.json', import.meta.url), 'utf8'));

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, DATA_TABLE_IGNORER, dataTableIgnorer(scope.dataTables ?? [])),
];
