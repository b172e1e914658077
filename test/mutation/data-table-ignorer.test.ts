/**
 * The data-table ignorer through Stryker's own instrumenter: which mutants of a file it marks Ignored, and which it
 * leaves to the tests.
 */
import { readFileSync } from 'node:fs';
import type { Logger } from '@stryker-mutator/api/logging';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { describe, expect, it } from 'vitest';
import { dataTableIgnorer, parseDataTables } from './data-table-ignorer.mjs';

const quiet = new Proxy(
  {},
  { get: (_, key) => (key === 'isDebugEnabled' || key === 'isTraceEnabled' ? () => false : () => undefined) },
);

/** The mutants of `content` (as file `name` in the repository) as "mutator replacement: status". */
async function mutants(name: string, content: string, entries: string[]): Promise<string[]> {
  const instrumenter = new Instrumenter(quiet as Logger);
  const result = await instrumenter.instrument([{ name: `/repo/${name}`, content, mutate: true }], {
    ignorers: [dataTableIgnorer(entries, '/repo')],
    plugins: null,
    excludedMutations: [],
  });
  return result.mutants.map(
    (m) => `${m.mutatorName} ${m.replacement}: ${m.status === 'Ignored' ? 'ignored' : 'mutated'}`,
  );
}

const EMAILS = `
export function hello(name: string, n: number) {
  const greeting = \`Hi \${name.trim() || 'there'},\`;
  return { subject: 'Welcome', text: \`\${greeting} you have \${plural(n, 'question')}.\` };
}
export const kind = (code: string) => (code === 'trigger' ? 'Trigger' : 'Other');
`;

describe('the data-table ignorer', () => {
  it('ignores the words of a file listed whole, keeps comparisons and the logic inside interpolations mutated', async () => {
    const found = await mutants('functions/lib/emails.ts', EMAILS, ['functions/lib/emails.ts']);
    expect(found).toEqual(
      expect.arrayContaining([
        'StringLiteral "": ignored', // 'there', 'Welcome', 'question', 'Trigger', 'Other'
        "LogicalOperator name.trim() && 'there': mutated",
        'StringLiteral "": mutated', // 'trigger', compared
        "EqualityOperator code !== 'trigger': mutated",
        'StringLiteral ``: mutated', // the template with a decision in it
        'StringLiteral ``: ignored', // the template that only reads values
      ]),
    );
    expect(found.filter((m) => m === 'StringLiteral "": mutated')).toHaveLength(1);
    expect(found.filter((m) => m === 'StringLiteral "": ignored')).toHaveLength(5);
  });

  it('mutates everything in a file that is not listed', async () => {
    const found = await mutants('functions/lib/other.ts', EMAILS, ['functions/lib/emails.ts']);
    expect(found.every((m) => m.endsWith('mutated'))).toBe(true);
  });

  it('for "file#NAME", ignores only the words in that top-level declaration, exported or not', async () => {
    const source = `
const ROWS = [{ id: 'a', name: 'First' }];
export const TABLE = [...ROWS, { id: 'b', name: 'Second' }];
export function label(id: string) { return id === 'a' ? 'A' : 'other'; }
`;
    const found = await mutants('shared/domain/t.ts', source, ['shared/domain/t.ts#TABLE', 'shared/domain/t.ts#ROWS']);
    const strings = found.filter((m) => m.startsWith('StringLiteral'));
    expect(strings.filter((m) => m.endsWith('ignored'))).toHaveLength(4);
    expect(strings.filter((m) => m.endsWith('mutated'))).toHaveLength(3);
    const onlyTable = await mutants('shared/domain/t.ts', source, ['shared/domain/t.ts#TABLE']);
    expect(onlyTable.filter((m) => m.startsWith('StringLiteral') && m.endsWith('ignored'))).toHaveLength(2);
  });

  it('refuses an entry it cannot read', () => {
    expect(() => parseDataTables(['a.ts#'])).toThrow(/not "file" or "file#NAME"/);
    expect(() => parseDataTables(['a.ts#X#Y'])).toThrow(/not "file" or "file#NAME"/);
    expect(() => parseDataTables(['#X'])).toThrow(/not "file" or "file#NAME"/);
    expect(parseDataTables(['a.ts', 'b.ts#X', 'b.ts#Y'])).toEqual(
      new Map([
        ['a.ts', { wholeFile: true, declarations: new Set() }],
        ['b.ts', { wholeFile: false, declarations: new Set(['X', 'Y']) }],
      ]),
    );
  });
});

describe('the "dataTables" of modules.json', () => {
  it('name files mutation testing covers and top-level declarations that exist in them', () => {
    const scope = JSON.parse(readFileSync(new URL('./modules.json', import.meta.url), 'utf8')) as {
      modules: Record<string, string[]>;
      dataTables: string[];
    };
    const covered = Object.values(scope.modules).flat();
    expect(scope.dataTables.length).toBeGreaterThan(0);
    for (const [file, { declarations }] of parseDataTables(scope.dataTables)) {
      expect(covered, file).toContain(file);
      const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      for (const name of declarations) {
        expect(source, `${file}#${name}`).toMatch(new RegExp(`^(export )?const ${name}\\b`, 'm'));
      }
    }
  });
});
