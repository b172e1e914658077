import { describe, expect, it } from 'vitest';
import { PATHS } from '../../lib/paths';
import { ADMIN_GROUPS, founderGroups } from './nav-items';
import { shellPageTitle } from './page-titles';

describe('shellPageTitle', () => {
  it('names every page the sidebar links to with the words of its entry', () => {
    const open = {
      generate_idea_status: true,
      trigger_questions_status: true,
      value_proposition_status: true,
      bmc_status: true,
    };
    const links = [...ADMIN_GROUPS, ...founderGroups(open)]
      .flatMap((group) => group.items)
      .filter((item) => item.kind === 'link');
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(shellPageTitle(link.to)).toBe(link.label);
  });

  it('treats a trailing slash as the same page and knows no page outside the shell', () => {
    expect(shellPageTitle(`${PATHS.dataRoom}/`)).toBe('Data Room');
    // A page below a titled one, without its own entry yet, is still named (never a blank header).
    expect(shellPageTitle(`${PATHS.dataRoom}/something-new`)).toBe('Data Room');
    expect(shellPageTitle(PATHS.login)).toBeNull();
    expect(shellPageTitle('/nowhere')).toBeNull();
    expect(shellPageTitle('/nowhere/deeper')).toBeNull();
    expect(shellPageTitle('/')).toBeNull();
  });
});
