import { PATHS } from '../../lib/paths';
import './onboarding.css';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { type ChoiceField, optionsFor } from '../../lib/onboarding-labels';
import { QueryProvider } from '../../lib/query-client';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { SelectField } from '../../ui/SelectField';
import { PageSpinner } from '../../ui/Spinner';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import type { Field } from './onboarding-answers';
import { useOnboardingWizard } from './use-onboarding-wizard';

/**
 * /onboarding (spec §2 Startup setup wizard). Signed in, the answers are stored on the profile (the saved answers,
 * or the startup name from sign-up, are prefilled) and finishing goes to the dashboard; a founder reaches it after
 * the first payment (Account Created) and may come back to edit it at any time, leaving through 'Back to
 * Dashboard' without saving. Signed out there is no account to store the answers on, so the page asks to log in
 * first rather than letting a visitor fill three steps that would be thrown away.
 */
export function OnboardingPage() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status !== 'signedIn') return <LogInFirst />;
  return (
    <QueryProvider>
      <Onboarding />
    </QueryProvider>
  );
}

function LogInFirst() {
  return (
    <AuthLayout
      title="Set up your startup"
      intro="Your startup's setup is saved to your account, so log in first. Once logged in, you find it under Account Settings."
      footer={
        <p>
          No account yet?{' '}
          <Link className="text-link" to={PATHS.signup}>
            Sign up
          </Link>
        </p>
      }
    >
      <Link className="btn btn--primary btn--md btn--block" to={PATHS.login}>
        Log in
      </Link>
    </AuthLayout>
  );
}

function Onboarding() {
  const wizard = useOnboardingWizard();
  const { step, stepIndex, stepCount, last, values, errors, saving, set } = wizard;
  if (!step) return null;

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
            error={errors.website}
          />
        );
      default:
        return select(field, CHOICE_LABELS[field]);
    }
  }

  return (
    <AuthLayout
      wide
      title="Set up your startup"
      footer={
        <p>
          <Link className="text-link" to={PATHS.dashboard}>
            Back to Dashboard
          </Link>
        </p>
      }
    >
      <div className="wizard">
        <div className="wizard__progress">
          <p className="wizard__step" aria-hidden="true">
            Step {stepIndex + 1} of {stepCount}
          </p>
          <ProgressBar
            label="Setup progress"
            value={step.progress}
            valueText={`Step ${stepIndex + 1} of ${stepCount}`}
          />
        </div>
        <h2 ref={wizard.headingRef} className="wizard__title" tabIndex={-1}>
          {step.title}
        </h2>
        <form className="form" onSubmit={wizard.onSubmit} noValidate aria-busy={saving || undefined}>
          {step.fields.map(renderField)}
          <div className="wizard__actions">
            {stepIndex > 0 ? (
              <Button variant="secondary" onClick={wizard.back} disabled={saving}>
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

const CHOICE_LABELS: Record<ChoiceField, string> = {
  businessType: 'Business type',
  stage: 'Stage',
  industry: 'Industry',
  customerType: 'Customer type',
  teamSize: 'Team size',
  fundingStatus: 'Funding status',
};
