import { ONBOARDING_OPTIONS } from '#shared/domain/onboarding';

type Options = typeof ONBOARDING_OPTIONS;
export type ChoiceField = keyof Options;

/** What people read for each stored choice value (the values themselves come from the domain). */
const LABELS: { [K in ChoiceField]: Record<Options[K][number], string> } = {
  businessType: {
    saas: 'SaaS',
    marketplace: 'Marketplace',
    ecommerce: 'E-commerce',
    hardware: 'Hardware',
    consumer: 'Consumer',
    other: 'Other',
  },
  stage: {
    idea: 'Idea',
    prototype: 'Prototype',
    mvp: 'MVP',
    market: 'In market',
    growth: 'Growth',
  },
  industry: {
    tech: 'Technology',
    healthcare: 'Healthcare',
    finance: 'Finance',
    education: 'Education',
    retail: 'Retail',
    other: 'Other',
  },
  customerType: {
    b2b: 'B2B (businesses)',
    b2c: 'B2C (consumers)',
    b2b2c: 'B2B2C (consumers through businesses)',
    other: 'Other',
  },
  teamSize: {
    solo: 'Solo founder',
    '2-5': '2-5 people',
    '6-15': '6-15 people',
    '16+': '16+ people',
  },
  fundingStatus: {
    bootstrapped: 'Bootstrapped',
    friends: 'Friends & family',
    angel: 'Angel',
    seed: 'Seed',
    seriesA: 'Series A',
  },
};

/** The options of one choice, in the domain's order, with their labels. */
/** Shaped as the select field's options, declared here so lib/ needs nothing from ui/. */
export function optionsFor(field: ChoiceField): { value: string; label: string }[] {
  const labels: Record<string, string> = LABELS[field];
  return ONBOARDING_OPTIONS[field].map((value) => ({ value, label: labels[value] ?? value }));
}

export function isChoice<K extends ChoiceField>(field: K, value: string): value is Options[K][number] {
  return (ONBOARDING_OPTIONS[field] as readonly string[]).includes(value);
}
