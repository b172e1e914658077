/** The startup setup wizard's choices (spec §2 Startup setup wizard), shared by the API and the UI. */
export const ONBOARDING_OPTIONS = {
  businessType: ['saas', 'marketplace', 'ecommerce', 'hardware', 'consumer', 'other'],
  stage: ['idea', 'prototype', 'mvp', 'market', 'growth'],
  industry: ['tech', 'healthcare', 'finance', 'education', 'retail', 'other'],
  customerType: ['b2b', 'b2c', 'b2b2c', 'other'],
  teamSize: ['solo', '2-5', '6-15', '16+'],
  fundingStatus: ['bootstrapped', 'friends', 'angel', 'seed', 'seriesA'],
} as const;

type Options = typeof ONBOARDING_OPTIONS;

export interface OnboardingAnswers {
  startupName: string;
  businessType: Options['businessType'][number];
  stage: Options['stage'][number];
  industry: Options['industry'][number];
  customerType: Options['customerType'][number];
  description: string;
  teamSize: Options['teamSize'][number];
  fundingStatus: Options['fundingStatus'][number];
  website: string | null;
}
