import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMe } from '../../data/account/use-me';
import { apiErrorMessage } from '../../lib/error-message';
import { PATHS } from '../../lib/paths';
import { useToast } from '../../ui/toast/toast-context';
import { EMPTY, type Field, problemsIn, STEPS, toAnswers, type Values, valuesFrom } from './onboarding-answers';
import { saveOnboarding } from './onboarding-api';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/**
 * The signed-in setup wizard's state: the step, the values (prefilled from the profile), the field errors and the
 * save. Only a signed-in founder reaches it, so finishing always stores the answers before it says so.
 */
export function useOnboardingWizard() {
  const me = useMe();
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
  const last = stepIndex === STEPS.length - 1;

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function save() {
    const answers = toAnswers(values);
    if (!answers) {
      // Only reachable if an earlier step was left incomplete; go back there.
      setStepIndex(0);
      return;
    }
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
    toast({ title: 'Setup complete!' });
    navigate(PATHS.dashboard);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !step) return;
    const found = problemsIn(step.fields, values);
    setErrors(found);
    const first = step.fields.find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (last) await save();
    else setStepIndex(stepIndex + 1);
  }

  return {
    step,
    stepIndex,
    stepCount: STEPS.length,
    last,
    values,
    errors,
    saving,
    headingRef,
    set,
    back: () => setStepIndex(stepIndex - 1),
    onSubmit,
  };
}
