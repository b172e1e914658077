import { describe, expect, it } from 'vitest';
import { NO_PHASES } from '#shared/domain/phases';
import { founderGroups, type NavItem } from './nav-items';

function validate(flags: Parameters<typeof founderGroups>[0]): NavItem[] {
  return founderGroups(flags).find((g) => g.id === 'validate')?.items ?? [];
}

const summary = (items: NavItem[]) =>
  items.slice(0, 2).map((item) => [item.label, item.kind, item.kind === 'link' ? item.to : undefined]);

describe('founder sidebar: Validate group', () => {
  it('opens Validation Tests and Test Evaluation with bmc_status', () => {
    const items = validate({ ...NO_PHASES, bmc_status: true });
    expect(summary(items)).toEqual([
      ['Validation Tests', 'link', '/validation-tests'],
      ['Test Evaluation', 'link', '/test-evaluation'],
    ]);
    expect(items.slice(2).every((item) => item.kind === 'soon')).toBe(true);
    expect(items).toHaveLength(12);
  });

  it('keeps them Coming Soon without bmc_status and while the flags load', () => {
    for (const flags of [{ ...NO_PHASES, value_proposition_status: true }, 'loading' as const]) {
      const items = validate(flags);
      expect(items).toHaveLength(12);
      expect(items.every((item) => item.kind === 'soon')).toBe(true);
      expect(items.slice(0, 2).map((i) => i.label)).toEqual(['Validation Tests', 'Test Evaluation']);
    }
  });
});
