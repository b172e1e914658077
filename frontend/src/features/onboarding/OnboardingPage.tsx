import { PATHS } from '../../lib/paths';
import './onboarding.css';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { OnboardingAnswers } from '#shared/domain/onboarding';
import { useMe } from '../../data/account/use-me';
import { useAuth } from '../../lib/auth-context';
import { apiErrorMessage } from '../../lib/error-message';
import { type ChoiceField, isChoice, optionsFor } from '../../lib/onboarding-labels';
import { QueryProvider } from '../../lib/query-client';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast/toast-context';
import { saveOnboarding } from './onboarding-api';

type Field = keyof OnboardingAnswers;
type Values = Record<Field, string>;

const EMPTY: Values = {
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
const STEPS: readonly { title: string; progress: number; fields: readonly Field[] }[] = [
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

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function missingMessage(field: Field): string {
  return CHOICES.has(field) ? 'Please choose an option.' : 'Please fill in this field.';
}

/** The answers in the API's shape, or null while a required one is missing or a choice is unknown. */
function toAnswers(values: Values): OnboardingAnswers | null {
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

function valuesFrom(answers: OnboardingAnswers): Values {
  return { ...answers, website: answers.website ?? '' };
}

/**
 * /onboarding (spec §2 Startup setup wizard). Signed in, the answers are stored on the profile (the saved answers,
 * or the startup name from sign-up, are prefilled) and finishing goes to the dashboard; a founder reaches it after
 * the first payment (Account Created) and may come back to edit it at any time, leaving through 'Back to
 * Dashboard' without saving. Signed out, finishing only says so and goes to /, as the spec describes.
 */
export function OnboardingPage() {
  return (
    <QueryProvider>
      <Onboarding />
    </QueryProvider>
  );
}

function Onboarding() {
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const me = useMe({ enabled: signedIn });
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [stepIndex, setStepIndex] = useState(0);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  const profile = me.data?.profile;
  // Prefill once the profile arrives, without overwriting anything the founder already typed.
  useEffect(() => {
    if (!profile) return;
    const known: Values = profile.onboarding
      ? valuesFrom(profile.onboarding)
      : { ...EMPTY, startupName: profile.startupName };
    setValues((current) => {
      const next = { ...current };
      for (const field of Object.keys(known) as Field[]) if (!next[field]) next[field] = known[field];
      return next;
    });
  }, [profile]);

  // A new step replaces the form under the user's focus: continue at its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only.
  useEffect(() => {
    if (stepChanged.current) headingRef.current?.focus();
    stepChanged.current = true;
  }, [stepIndex]);

  const step = STEPS[stepIndex] ?? STEPS[0];
  if (!step) return null;
  const last = stepIndex === STEPS.length - 1;

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !step) return;
    const found: Partial<Record<Field, string>> = {};
    for (const field of step.fields) {
      if (!OPTIONAL.has(field) && !values[field].trim()) found[field] = missingMessage(field);
    }
    setErrors(found);
    const first = step.fields.find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!last) {
      setStepIndex(stepIndex + 1);
      return;
    }
    const answers = toAnswers(values);
    if (!answers) {
      // Only reachable if an earlier step was left incomplete; go back there.
      setStepIndex(0);
      return;
    }
    if (signedIn) {
      setSaving(true);
      try {
        await saveOnboarding(answers);
      } catch (err) {
        console.error('Saving the setup failed', err);
        toast({ variant: 'destructive', title: 'Error', description: apiErrorMessage(err, FALLBACK_MESSAGE) });
        setSaving(false);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    }
    toast({ title: 'Setup complete!' });
    navigate(signedIn ? PATHS.dashboard : PATHS.landing);
  }

  function select(field: ChoiceField, label: string) {
    return (
      <SelectField
        key={field}
        label={label}
        name={field}
        options={optionsFor(field)}
        required
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        error={errors[field]}
      />
    );
  }

  function renderField(field: Field) {
    switch (field) {
      case 'startupName':
        return (
          <TextField
            key={field}
            label="Startup name"
            name={field}
            autoComplete="organization"
            required
            value={values.startupName}
            onChange={(event) => set(field, event.target.value)}
            error={errors.startupName}
          />
        );
      case 'businessType':
        return select(field, 'Business type');
      case 'stage':
        return select(field, 'Stage');
      case 'industry':
        return select(field, 'Industry');
      case 'customerType':
        return select(field, 'Customer type');
      case 'description':
        return (
          <TextAreaField
            key={field}
            label="Brief description"
            name={field}
            rows={4}
            required
            hint="What does your startup do, and for whom?"
            value={values.description}
            onChange={(event) => set(field, event.target.value)}
            error={errors.description}
          />
        );
      case 'teamSize':
        return select(field, 'Team size');
      case 'fundingStatus':
        return select(field, 'Funding status');
      case 'website':
        return (
          <TextField
            key={field}
            label="Website (optional)"
            name={field}
            type="text"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="https://"
            value={values.website}
            onChange={(event) => set(field, event.target.value)}
          />
        );
    }
  }

  return (
    <AuthLayout
      wide
      title="Set up your startup"
      footer={
        signedIn ? (
          <p>
            <Link className="text-link" to={PATHS.dashboard}>
              Back to Dashboard
            </Link>
          </p>
        ) : undefined
      }
    >
      <div className="wizard">
        <div className="wizard__progress">
          <p className="wizard__step" aria-hidden="true">
            Step {stepIndex + 1} of {STEPS.length}
          </p>
          <ProgressBar
            label="Setup progress"
            value={step.progress}
            valueText={`Step ${stepIndex + 1} of ${STEPS.length}`}
          />
        </div>
        <h2 ref={headingRef} className="wizard__title" tabIndex={-1}>
          {step.title}
        </h2>
        <form className="form" onSubmit={onSubmit} noValidate aria-busy={saving || undefined}>
          {step.fields.map(renderField)}
          <div className="wizard__actions">
            {stepIndex > 0 ? (
              <Button variant="secondary" onClick={() => setStepIndex(stepIndex - 1)} disabled={saving}>
                Back
              </Button>
            ) : null}
            <Button type="submit" loading={saving}>
              {last ? 'Complete Setup' : 'Next'}
            </Button>
          </div>
        </form>
      </div>
    </AuthLayout>
  );
}
