import type { OnboardingAnswers } from '#shared/domain/onboarding';
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

/** What each empty required field of a step says, or nothing for a complete step. */
export function missingIn(fields: readonly Field[], values: Values): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    if (OPTIONAL.has(field) || values[field].trim()) continue;
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
    website: v.website || null,
  };
}

export function valuesFrom(answers: OnboardingAnswers): Values {
  return { ...answers, website: answers.website ?? '' };
}
