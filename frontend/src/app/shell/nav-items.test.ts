import { describe, expect, it } from 'vitest';
import { NO_PHASES } from '#shared/domain/phases';
import { VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import { founderGroups, type NavItem } from './nav-items';

function validate(flags: Parameters<typeof founderGroups>[0]): NavItem[] {
  return founderGroups(flags).find((g) => g.id === 'validate')?.items ?? [];
}

const LABELS = ['Validation Tests', 'Test Evaluation', ...VALIDATE_TOOLS.map((tool) => tool.title)];

describe('founder sidebar: Validate group', () => {
  it('opens Validation Tests, Test Evaluation and the ten tools, in order, with bmc_status', () => {
    const items = validate({ ...NO_PHASES, bmc_status: true });
    expect(items.map((item) => [item.label, item.kind, item.kind === 'link' ? item.to : undefined])).toEqual([
      ['Validation Tests', 'link', '/validation-tests'],
      ['Test Evaluation', 'link', '/test-evaluation'],
      ['Branding', 'link', '/tools/branding'],
      ['Industry Insights', 'link', '/tools/industry-insights'],
      ['SWOT Analysis', 'link', '/tools/swot-analysis'],
      ['Pestel Analysis', 'link', '/tools/pestel-analysis'],
      ['Market Research', 'link', '/tools/market-research'],
      ['Business One Pager', 'link', '/tools/business-one-pager'],
      ['Product Requirements', 'link', '/tools/product-requirements'],
      ['Path To MVP', 'link', '/tools/path-to-mvp'],
      ['Market Plan', 'link', '/tools/market-plan'],
      ['Go-to Market Strategy', 'link', '/tools/go-to-market-strategy'],
    ]);
    // Each entry has an icon of its own.
    expect(new Set(items.map((item) => (item.kind === 'loading' ? null : item.icon))).size).toBe(12);
  });

  it('locks all twelve without bmc_status, even with every earlier phase open', () => {
    const items = validate({ ...NO_PHASES, value_proposition_status: true, trigger_questions_status: true });
    expect(items.map((item) => [item.label, item.kind])).toEqual(LABELS.map((label) => [label, 'locked']));
  });

  it('shows one Loading entry while the flags load', () => {
    expect(validate('loading')).toEqual([{ kind: 'loading', label: 'Loading' }]);
  });
});
