import type { ComponentType } from 'react';
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
} from '../../ui/icons';

/** The phase_status flags (spec §3). */
export type PhaseFlag = 'generate_idea_status' | 'trigger_questions_status' | 'value_proposition_status' | 'bmc_status';
export type PhaseFlags = Partial<Record<PhaseFlag, boolean | null>>;

export type NavItem =
  | { kind: 'link'; label: string; to: string; icon: ComponentType<IconProps> }
  /** Phase page whose flag is not true yet: shown disabled with a lock. */
  | { kind: 'locked'; label: string; icon: ComponentType<IconProps> }
  | { kind: 'soon'; label: string; icon: ComponentType<IconProps> };

export interface NavGroup {
  id: string;
  label: string;
  items: NavItem[];
}

export const ADMIN_GROUPS: NavGroup[] = [
  {
    id: 'admin',
    label: 'Admin',
    items: [
      { kind: 'link', label: 'Admin Dashboard', to: '/admin-home', icon: IconShield },
      { kind: 'link', label: 'Trigger Questions', to: '/admin-trigger-questions', icon: IconQuestion },
      { kind: 'link', label: 'Value Proposition', to: '/admin-value-proposition', icon: IconTarget },
      { kind: 'link', label: 'Business Model', to: '/admin-business-model', icon: IconGrid },
    ],
  },
];

function phaseItem(
  label: string,
  to: string,
  icon: ComponentType<IconProps>,
  flags: PhaseFlags,
  flag: PhaseFlag,
): NavItem {
  return flags[flag] === true ? { kind: 'link', label, to, icon } : { kind: 'locked', label, icon };
}

const VALIDATE_ITEMS: NavItem[] = [
  { kind: 'soon', label: 'Validation Tests', icon: IconFlask },
  { kind: 'soon', label: 'Test Evaluation', icon: IconClipboardCheck },
  { kind: 'soon', label: 'Branding', icon: IconPalette },
  { kind: 'soon', label: 'Industry Insights', icon: IconTrendingUp },
  { kind: 'soon', label: 'SWOT Analysis', icon: IconScale },
  { kind: 'soon', label: 'Pestel Analysis', icon: IconGlobe },
  { kind: 'soon', label: 'Market Research', icon: IconSearch },
  { kind: 'soon', label: 'Business One Pager', icon: IconFileText },
  { kind: 'soon', label: 'Product Requirements', icon: IconListChecks },
  { kind: 'soon', label: 'Path To MVP', icon: IconRoute },
  { kind: 'soon', label: 'Market Plan', icon: IconMegaphone },
  { kind: 'soon', label: 'Go-to Market Strategy', icon: IconRocket },
];

/**
 * Spec §2 founder sidebar. Dashboard points at /dashboard (where `/` sends founders anyway) so it shows as current.
 * Each phase page opens with the flag of the step before it: saving an idea opens Trigger Questions, and an admin
 * unlock of trigger questions (trigger_questions_status) opens Value Proposition (spec §4, ARCHITECTURE §3).
 * Until phase flags are loaded (a later issue), every phase page is locked.
 */
export function founderGroups(flags: PhaseFlags = {}): NavGroup[] {
  return [
    {
      id: 'build',
      label: 'Build',
      items: [
        { kind: 'link', label: 'Dashboard', to: '/dashboard', icon: IconDashboard },
        { kind: 'link', label: 'Generate Your Idea', to: '/generate-idea', icon: IconLightbulb },
        phaseItem('Trigger Questions', '/trigger-questions', IconQuestion, flags, 'generate_idea_status'),
        phaseItem('Value Proposition', '/value-proposition', IconTarget, flags, 'trigger_questions_status'),
        phaseItem('Business Model', '/business-model', IconGrid, flags, 'value_proposition_status'),
        { kind: 'link', label: 'Data Room', to: '/data-room', icon: IconFolder },
      ],
    },
    { id: 'validate', label: 'Validate', items: VALIDATE_ITEMS },
  ];
}
