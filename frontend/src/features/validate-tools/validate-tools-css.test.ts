/**
 * The tool page's grids keep their column within the screen. happy-dom lays nothing out, so this reads the rules: a
 * grid whose column is left `auto` grows to its widest child's min-content, and the folded "From your earlier
 * answers" summary (one line, never wrapped) then widened a One Pager to 757 px on a 390 px phone.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Read from disk: under Vitest a stylesheet import (even ?raw) is an empty module, and happy-dom's URL is not one
// node:fs takes.
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'validate-tools.css'), 'utf8');

/** Each rule's selector and declarations, media queries flattened (their rules read as any other). */
function rules(source: string): { selector: string; body: string }[] {
  const flat = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@media[^{]*\{([\s\S]*?\})\s*\}/g, '$1');
  return [...flat.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ selector: (m[1] ?? '').trim(), body: m[2] ?? '' }));
}

const columnsOf = (body: string) => /grid-template-columns:\s*([^;]+);/.exec(body)?.[1]?.trim();

describe('validate-tools.css', () => {
  it('gives the field form, which holds the earlier answers, one column that may shrink below its content', () => {
    const form = rules(css).find((r) => r.selector === '.vt-field__form');
    expect(form && columnsOf(form.body)).toBe('minmax(0, 1fr)');
  });

  it('names a shrinkable column on every grid of the page', () => {
    const grids = rules(css).filter((r) => /display:\s*grid/.test(r.body));
    expect(grids.length).toBeGreaterThan(5);
    for (const grid of grids) expect(columnsOf(grid.body), grid.selector).toMatch(/^minmax\(0, 1fr\)$/);
  });
});
