/** Sign-up with an emailed code, the caller's profile and phase flags, and the setup wizard's answers. */
import * as z from 'zod';
import { normaliseEmail } from '../domain/email';
import { ONBOARDING_OPTIONS, type OnboardingAnswers } from '../domain/onboarding';
import { passwordProblems } from '../domain/password-policy';
import { PHASE_FLAGS, type PhaseFlags } from '../domain/phases';
import { normaliseWebsite, WEBSITE_PROBLEM } from '../domain/website';
import { requiredText } from './fields';
import { type AreaContract, oneOf } from './schema';

const signupFields = {
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  startupName: requiredText('Startup name', 120),
  email: z
    .string({ error: () => 'Email is required.' })
    .trim()
    .max(254, { error: 'Email must be at most 254 characters.' })
    .pipe(z.email({ error: 'Enter a valid email address.' }))
    .transform(normaliseEmail),
  password: z
    .string({ error: () => 'Password is required.' })
    .max(256, { error: 'Password must be at most 256 characters.' })
    .superRefine((password, ctx) => {
      for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
    }),
};

/** The sign-up form; the password is checked against the policy before a code is sent. */
export const signupStartBody = z.strictObject(signupFields);
export const signupStartResponse = z.object({
  email: z.string(),
  /** The code is valid for this long (300 s). */
  expiresInSeconds: z.number(),
  /** A new code can be requested after this long (60 s). */
  resendAfterSeconds: z.number(),
});

/** The same data plus the emailed code. */
export const signupVerifyBody = z.strictObject({
  ...signupFields,
  code: z.string({ error: () => 'Enter the 6-digit code.' }).regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' }),
});
export const signupVerifyResponse = z.object({ userId: z.string() });

export const onboardingBody = z.strictObject({
  startupName: requiredText('Startup name', 120),
  businessType: oneOf('Business type', ONBOARDING_OPTIONS.businessType),
  stage: oneOf('Stage', ONBOARDING_OPTIONS.stage),
  industry: oneOf('Industry', ONBOARDING_OPTIONS.industry),
  customerType: oneOf('Customer type', ONBOARDING_OPTIONS.customerType),
  description: requiredText('Brief description', 2000),
  teamSize: oneOf('Team size', ONBOARDING_OPTIONS.teamSize),
  fundingStatus: oneOf('Funding status', ONBOARDING_OPTIONS.fundingStatus),
  // Stored as its https:// address; "kitchenloop" is refused here, not printed on the founder's brief.
  website: z
    .string({ error: () => 'Website must be text.' })
    .trim()
    .max(300, { error: 'Website must be at most 300 characters.' })
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const url = normaliseWebsite(v);
      if (url === null) {
        ctx.addIssue({ code: 'custom', message: WEBSITE_PROBLEM });
        return z.NEVER;
      }
      return url;
    }),
});

/**
 * The answers as stored and sent back: a website saved before its check was added is shown as it was, rather than
 * failing the founder's whole profile (or dropping their setup from the AI's grounding) on one old field.
 */
export const storedOnboarding: z.ZodType<OnboardingAnswers> = onboardingBody.extend({
  website: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null)),
});
const onboardingAnswers = storedOnboarding;

export const phaseFlags = z.object(
  Object.fromEntries(PHASE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<keyof PhaseFlags, z.ZodBoolean>,
);

export const profileView = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  startupName: z.string(),
  idea: z.string().nullable(),
  paid: z.boolean(),
  onboarding: onboardingAnswers.nullable(),
});

/** Who the caller is, their profile (null for administrators) and their phase flags. */
export const meResponse = z.object({
  userId: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  profile: profileView.nullable(),
  phases: phaseFlags,
});

/** Account settings: the founder's name and startup name (the email is the sign-in and stays). */
export const updateProfileBody = z.strictObject({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  startupName: requiredText('Startup name', 120),
});

export const accountsContract = {
  'accounts.signupStart': { body: signupStartBody, response: signupStartResponse },
  'accounts.signupVerify': { body: signupVerifyBody, response: signupVerifyResponse },
  'accounts.me': { response: meResponse },
  'accounts.updateProfile': { body: updateProfileBody, response: z.object({ profile: profileView }) },
  'accounts.saveOnboarding': { body: onboardingBody, response: z.object({ onboarding: onboardingAnswers }) },
} as const satisfies AreaContract<'accounts'>;
