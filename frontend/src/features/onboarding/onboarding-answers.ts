import type { OnboardingAnswers } from '#shared/domain/onboarding';
import { normaliseWebsite, WEBSITE_PROBLEM } from '#shared/domain/website';
import { isChoice } from '../../lib/onboarding-labels';

export type Field = keyof OnboardingAnswers;
export type Values = Record<Field, string>;

export const EMPTY: Values = {
  startupName: '',
  businessType: '',
  stage: '',
  industry: '',
  customerType: '',
  description: '',
  teamSize: '',
  fundingStatus: '',
  website: '',
};

/** Spec §2 Startup setup wizard: three steps at 33, 66 and 99 percent. */
export const STEPS: readonly { title: string; progress: number; fields: readonly Field[] }[] = [
  { title: 'Your startup', progress: 33, fields: ['startupName', 'businessType', 'stage'] },
  { title: 'Your market', progress: 66, fields: ['industry', 'customerType', 'description'] },
  { title: 'Your team', progress: 99, fields: ['teamSize', 'fundingStatus', 'website'] },
];

const OPTIONAL: ReadonlySet<Field> = new Set<Field>(['website']);
const CHOICES: ReadonlySet<Field> = new Set<Field>([
  'businessType',
  'stage',
  'industry',
  'customerType',
  'teamSize',
  'fundingStatus',
]);

/** What each empty required field of a step says, and a website that is no web address; nothing for a complete step. */
export function problemsIn(fields: readonly Field[], values: Values): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = values[field].trim();
    // The API refuses the same addresses (shared/domain/website.ts); saying so here keeps the founder on the step.
    if (field === 'website' && value && normaliseWebsite(value) === null) found[field] = WEBSITE_PROBLEM;
    if (OPTIONAL.has(field) || value) continue;
    found[field] = CHOICES.has(field) ? 'Please choose an option.' : 'Please fill in this field.';
  }
  return found;
}

/** The answers in the API's shape, or null while a required one is missing or a choice is unknown. */
export function toAnswers(values: Values): OnboardingAnswers | null {
  const v = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as Values;
  if (
    !v.startupName ||
    !v.description ||
    !isChoice('businessType', v.businessType) ||
    !isChoice('stage', v.stage) ||
    !isChoice('industry', v.industry) ||
    !isChoice('customerType', v.customerType) ||
    !isChoice('teamSize', v.teamSize) ||
    !isChoice('fundingStatus', v.fundingStatus)
  ) {
    return null;
  }
  return {
    startupName: v.startupName,
    businessType: v.businessType,
    stage: v.stage,
    industry: v.industry,
    customerType: v.customerType,
    description: v.description,
    teamSize: v.teamSize,
    fundingStatus: v.fundingStatus,
    // Sent as the API stores it; an address it refuses is sent as typed, so its sentence comes back.
    website: v.website ? (normaliseWebsite(v.website) ?? v.website) : null,
  };
}

export function valuesFrom(answers: OnboardingAnswers): Values {
  return { ...answers, website: answers.website ?? '' };
}
