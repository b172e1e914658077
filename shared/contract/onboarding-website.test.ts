/** The API's check of the setup wizard's website (POST /api/onboarding): refused with a sentence, stored normalised. */
import { describe, expect, it } from 'vitest';
import { WEBSITE_PROBLEM } from '../domain/website';
import { onboardingBody, storedOnboarding } from './accounts';

const ANSWERS = {
  startupName: 'KitchenLoop',
  businessType: 'saas',
  stage: 'idea',
  industry: 'tech',
  customerType: 'b2c',
  description: 'Meal plans for busy parents.',
  teamSize: 'solo',
  fundingStatus: 'bootstrapped',
} as const;

describe('onboardingBody website', () => {
  it.each([
    ['kitchenloop.com', 'https://kitchenloop.com'],
    ['https://kitchenloop.co.uk/x', 'https://kitchenloop.co.uk/x'],
    ['', null],
    [null, null],
    [undefined, null],
  ])('stores %j as %j', (website, stored) => {
    const parsed = onboardingBody.safeParse({ ...ANSWERS, website });
    expect(parsed.success && parsed.data.website).toBe(stored);
  });

  it.each(['kitchenloop', 'http://', 'a b.com'])('refuses %j with a sentence naming the field', (website) => {
    const parsed = onboardingBody.safeParse({ ...ANSWERS, website });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['website'], message: WEBSITE_PROBLEM })]);
  });

  it('still reads a website stored before the check, so the profile does not fail on it', () => {
    const parsed = storedOnboarding.safeParse({ ...ANSWERS, website: 'kitchenloop' });
    expect(parsed.success && parsed.data.website).toBe('kitchenloop');
  });
});
