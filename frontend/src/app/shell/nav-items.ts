import type { ComponentType } from 'react';
import { type GatedPage, isPageOpen, type PhaseFlags } from '#shared/domain/phases';
import { TOOL_INDEX, type ToolId } from '#shared/domain/tool-index';
import { ADMIN_TOOL_PAGES, type AppPath, PATHS, TOOL_PAGES } from '../../lib/paths';
import {
  IconClipboardCheck,
  IconDashboard,
  IconFileText,
  IconFlask,
  IconFolder,
  IconGlobe,
  IconGrid,
  IconLightbulb,
  IconListChecks,
  IconMegaphone,
  IconPalette,
  type IconProps,
  IconQuestion,
  IconRocket,
  IconRoute,
  IconScale,
  IconSearch,
  IconShield,
  IconTarget,
  IconTrendingUp,
  IconUser,
  IconUsers,
} from '../../ui/icons';

export type NavItem =
  | { kind: 'link'; label: string; to: string; icon: ComponentType<IconProps> }
  /** Phase page whose flag is not true yet: shown disabled with a lock. */
  | { kind: 'locked'; label: string; icon: ComponentType<IconProps> }
  /** Stands in for the phase pages while their flags load. */
  | { kind: 'loading'; label: string };

export interface NavGroup {
  id: string;
  label: string;
  items: NavItem[];
}

/** Each Validate tool's icon, in the founders' and the coaches' sidebars alike; its label and page come from its name (shared/domain/tool-index.ts). */
const TOOL_ICONS: Record<ToolId, ComponentType<IconProps>> = {
  branding: IconPalette,
  'industry-insights': IconTrendingUp,
  swot: IconScale,
  pestel: IconGlobe,
  'market-research': IconSearch,
  'one-pager': IconFileText,
  'product-requirements': IconListChecks,
  'path-to-mvp': IconRoute,
  'market-plan': IconMegaphone,
  'go-to-market': IconRocket,
};

export const ADMIN_GROUPS: NavGroup[] = [
  {
    id: 'admin',
    label: 'Admin',
    items: [
      { kind: 'link', label: 'Admin Dashboard', to: PATHS.adminHome, icon: IconShield },
      { kind: 'link', label: 'Trigger Questions', to: PATHS.adminTriggerQuestions, icon: IconQuestion },
      { kind: 'link', label: 'Value Proposition', to: PATHS.adminValueProposition, icon: IconTarget },
      { kind: 'link', label: 'Business Model', to: PATHS.adminBusinessModel, icon: IconGrid },
      { kind: 'link', label: 'Founders', to: PATHS.adminFounders, icon: IconUsers },
    ],
  },
  {
    // One entry per tool, as founders see them: a coach reaches every tool's page in one click, and the sidebar
    // scrolls as the founders' Validate group does at 390 px.
    id: 'admin-validate-tools',
    label: 'Validate tools',
    items: TOOL_INDEX.map((tool) => ({
      kind: 'link',
      label: tool.title,
      to: ADMIN_TOOL_PAGES[tool.id],
      icon: TOOL_ICONS[tool.id],
    })),
  },
];

/** Founder phase pages in the Build group, each following its flag in PAGE_GATES. */
type BuildPage = Exclude<GatedPage, 'validation'>;

const BUILD_PATHS: Record<BuildPage, AppPath> = {
  'trigger-questions': PATHS.triggerQuestions,
  'value-proposition': PATHS.valueProposition,
  'business-model': PATHS.businessModel,
};

function phaseItem(label: string, page: BuildPage, icon: ComponentType<IconProps>, flags: PhaseFlags): NavItem {
  return isPageOpen(page, flags)
    ? { kind: 'link', label, to: BUILD_PATHS[page], icon }
    : { kind: 'locked', label, icon };
}

/**
 * The Validate group: Validation Tests, Test Evaluation and the ten tools in TOOL_INDEX order. All twelve open
 * with isPageOpen('validation') (bmc_status, set by the coach's business model unlock), the rule the API enforces on
 * every validation route and every tool save; until then each is locked. While the flags load, one Loading entry
 * stands in for them, as in the Build group.
 */
function validateItems(flags: PhaseFlags | 'loading'): NavItem[] {
  if (flags === 'loading') return [{ kind: 'loading', label: 'Loading' }];
  const pages: { label: string; to: string; icon: ComponentType<IconProps> }[] = [
    { label: 'Validation Tests', to: PATHS.validationTests, icon: IconFlask },
    { label: 'Test Evaluation', to: PATHS.testEvaluation, icon: IconClipboardCheck },
    ...TOOL_INDEX.map((tool) => ({ label: tool.title, to: TOOL_PAGES[tool.id], icon: TOOL_ICONS[tool.id] })),
  ];
  const open = isPageOpen('validation', flags);
  return pages.map(({ label, to, icon }) =>
    open ? { kind: 'link', label, to, icon } : { kind: 'locked', label, icon },
  );
}

/**
 * Spec §2 founder sidebar. Dashboard points at /dashboard (where `/` sends founders anyway) so it shows as current.
 * Each phase page opens with its flag in PAGE_GATES (shared/domain/phases.ts), the same table the API locks with.
 * While the flags load (`'loading'`), one disabled Loading entry stands in for the three phase pages.
 * The Validate group's twelve entries become links once bmc_status is true (see validateItems).
 */
export function founderGroups(flags: PhaseFlags | 'loading'): NavGroup[] {
  const phaseItems: NavItem[] =
    flags === 'loading'
      ? [{ kind: 'loading', label: 'Loading' }]
      : [
          phaseItem('Trigger Questions', 'trigger-questions', IconQuestion, flags),
          phaseItem('Value Proposition', 'value-proposition', IconTarget, flags),
          phaseItem('Business Model', 'business-model', IconGrid, flags),
        ];
  return [
    {
      id: 'build',
      label: 'Build',
      items: [
        { kind: 'link', label: 'Dashboard', to: PATHS.dashboard, icon: IconDashboard },
        { kind: 'link', label: 'Generate Your Idea', to: PATHS.generateIdea, icon: IconLightbulb },
        ...phaseItems,
        { kind: 'link', label: 'Data Room', to: PATHS.dataRoom, icon: IconFolder },
      ],
    },
    { id: 'validate', label: 'Validate', items: validateItems(flags) },
    {
      id: 'account',
      label: 'Account',
      items: [{ kind: 'link', label: 'Account Settings', to: PATHS.account, icon: IconUser }],
    },
  ];
}
