import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../lib/paths';
import { routes } from '../router';
import { shellPageTitle } from './page-titles';

/** The paths of the pages inside the signed-in shell: the children of the layout route that holds the dashboard. */
function shellPaths(list: RouteObject[]): string[] {
  for (const route of list) {
    const children = route.children ?? [];
    if (children.some((child) => child.path === PATHS.dashboard))
      return children.flatMap((c) => (c.path ? [c.path] : []));
    const found = shellPaths(children);
    if (found.length > 0) return found;
  }
  return [];
}

describe('shellPageTitle', () => {
  it('names every page of the shell, so the header is never blank', () => {
    const paths = shellPaths(routes);
    expect(paths).toContain(PATHS.adminHome);
    for (const path of paths) expect(shellPageTitle(path.replace(/:\w+/g, 'x')), path).toEqual(expect.any(String));
  });

  it('uses the words of the sidebar entry, for coaches and founders', () => {
    expect(shellPageTitle(PATHS.adminHome)).toBe('Admin Dashboard');
    expect(shellPageTitle(PATHS.adminTriggerQuestions)).toBe('Trigger Questions');
    expect(shellPageTitle(PATHS.generateIdea)).toBe('Generate Your Idea');
    // Phase pages are named even though the founder's own sidebar may still show them locked.
    expect(shellPageTitle(PATHS.testEvaluation)).toBe('Test Evaluation');
  });

  it('treats a trailing slash as the same page, names a page below a titled one, and knows no page outside', () => {
    expect(shellPageTitle(`${PATHS.dataRoom}/`)).toBe('Data Room');
    expect(shellPageTitle(`${PATHS.dataRoom}/something-new`)).toBe('Data Room');
    expect(shellPageTitle(PATHS.login)).toBeNull();
    expect(shellPageTitle('/nowhere/deeper')).toBeNull();
    expect(shellPageTitle('/')).toBeNull();
  });
});
