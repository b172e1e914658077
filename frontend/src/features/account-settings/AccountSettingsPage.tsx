import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { refreshMe, useMe } from '../../data/account/use-me';
import { changePassword } from '../../lib/auth';
import { useAuth } from '../../lib/auth-context';
import { apiErrorMessage, errorMessage, fieldErrorsOf, TRY_AGAIN } from '../../lib/error-message';
import { passwordHint, passwordProblems } from '../../lib/form-rules';
import { formatDateTime } from '../../lib/format-date-time';
import { PATHS } from '../../lib/paths';
import { useEndSession } from '../../lib/use-end-session';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { DialogButtons } from '../../ui/DialogButtons';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast/toast-context';
import { deleteAccount, updateProfile, useReceipt } from './account-settings-api';
import './account-settings.css';

export function AccountSettingsPage() {
  return (
    <div className="account-settings">
      <PageHeader title="Account Settings" subtitle="Your name, password, payment and account." />
      <ProfileSection />
      <PasswordSection />
      <SetupSection />
      <PaymentSection />
      <DeleteSection />
    </div>
  );
}

type ProfileField = 'firstName' | 'lastName' | 'startupName';

const PROFILE_FIELDS: [ProfileField, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['startupName', 'Startup name'],
];

function ProfileSection() {
  const me = useMe();
  const { user } = useAuth();
  const client = useQueryClient();
  const { toast } = useToast();
  const profile = me.data?.profile;
  const [draft, setDraft] = useState<Record<ProfileField, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const values = draft ?? {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    startupName: profile?.startupName ?? '',
  };
  const set = (field: ProfileField) => (e: { target: { value: string } }) =>
    setDraft({ ...values, [field]: e.target.value });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await updateProfile(values);
      if (user) await refreshMe(client, user.sub);
      setDraft(null);
      toast({ title: 'Profile saved.', description: 'Your name and startup name are updated.' });
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast({
        variant: 'destructive',
        title: 'Could not save',
        description: apiErrorMessage(err, TRY_AGAIN),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="account-settings__card">
      <h2>Profile</h2>
      {me.isPending ? (
        <Spinner label="Loading your profile" />
      ) : (
        <form onSubmit={onSubmit} noValidate className="account-settings__form">
          <TextField label="Email" value={profile?.email ?? user?.email ?? ''} readOnly hint="You sign in with it." />
          {PROFILE_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              value={values[field]}
              onChange={set(field)}
              error={errors[field]}
              required
            />
          ))}
          <div>
            <Button type="submit" loading={saving}>
              Save profile
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

type PasswordField = 'current' | 'next' | 'repeat';

/** The three password boxes, each with what a password manager should fill in. */
const PASSWORD_FIELDS: { field: PasswordField; label: string; autoComplete: string }[] = [
  { field: 'current', label: 'Current password', autoComplete: 'current-password' },
  { field: 'next', label: 'New password', autoComplete: 'new-password' },
  { field: 'repeat', label: 'Repeat the new password', autoComplete: 'new-password' },
];

const NO_PASSWORDS: Record<PasswordField, string> = { current: '', next: '', repeat: '' };

function PasswordSection() {
  const { toast } = useToast();
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const [error, setError] = useState<Partial<Record<PasswordField, string>>>({});
  const [saving, setSaving] = useState(false);
  const { current, next, repeat } = passwords;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = passwordProblems(next);
    const found = {
      ...(current ? {} : { current: 'Enter your current password.' }),
      ...(problems[0] ? { next: problems[0] } : {}),
      ...(next !== repeat ? { repeat: 'The two new passwords are not the same.' } : {}),
    };
    setError(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await changePassword(current, next);
      setPasswords(NO_PASSWORDS);
      toast({ title: 'Password changed.', description: 'Use your new password the next time you log in.' });
    } catch (err) {
      // Cognito says NotAuthorizedException for a wrong current password; cognito-local InvalidPasswordException
      // (docs/local-emulators.md). The new one already passed the same policy here, so both mean the current one.
      const wrong =
        err instanceof Error && (err.name === 'NotAuthorizedException' || err.name === 'InvalidPasswordException');
      setError(wrong ? { current: 'Your current password is not right.' } : {});
      if (!wrong) {
        toast({
          variant: 'destructive',
          title: 'Could not change the password',
          description: errorMessage(err, TRY_AGAIN),
        });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="account-settings__card">
      <h2>Password</h2>
      <form onSubmit={onSubmit} noValidate className="account-settings__form">
        {PASSWORD_FIELDS.map(({ field, label, autoComplete }) => (
          <TextField
            key={field}
            label={label}
            type="password"
            autoComplete={autoComplete}
            value={passwords[field]}
            onChange={(e) => setPasswords((typed) => ({ ...typed, [field]: e.target.value }))}
            hint={field === 'next' ? passwordHint() : undefined}
            error={error[field]}
          />
        ))}
        <div>
          <Button type="submit" loading={saving}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SetupSection() {
  return (
    <Card className="account-settings__card">
      <h2>Startup setup</h2>
      <p>Your answers from the setup wizard: business type, stage, industry, customers, team and funding.</p>
      <Link className="btn btn--secondary btn--md" to={PATHS.onboarding}>
        Edit your setup answers
      </Link>
    </Card>
  );
}

function formatAmount(amount: number | null, currency: string | null): string {
  if (amount === null || !currency) return 'Paid';
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

function PaymentSection() {
  const receipt = useReceipt();
  const payment = receipt.data?.payment;
  return (
    <Card className="account-settings__card">
      <h2>Payment</h2>
      {receipt.isPending ? (
        <Spinner label="Loading your payment" />
      ) : receipt.isError ? (
        <p role="alert">Your payment could not be loaded. Please try again later.</p>
      ) : payment ? (
        <dl className="account-settings__facts">
          <dt>Amount</dt>
          <dd>{formatAmount(payment.amount, payment.currency)}</dd>
          <dt>Paid on</dt>
          <dd>{formatDateTime(payment.paidAt)}</dd>
          <dt>Receipt</dt>
          <dd>
            {payment.receiptUrl ? (
              <a href={payment.receiptUrl} target="_blank" rel="noreferrer">
                View your Stripe receipt<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              'Stripe has no receipt page for this payment yet.'
            )}
          </dd>
        </dl>
      ) : (
        <p>
          No payment yet. <Link to={PATHS.payment}>Go to payment</Link>
        </p>
      )}
    </Card>
  );
}

function DeleteSection() {
  const { user } = useAuth();
  const endSession = useEndSession();
  const me = useMe();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const email = me.data?.profile?.email ?? user?.email ?? '';
  const matches = typed.trim().toLowerCase() === email.toLowerCase() && email !== '';

  async function onDelete(event: FormEvent) {
    event.preventDefault();
    if (!matches) {
      setError('Type the email you sign in with to confirm.');
      return;
    }
    setBusy(true);
    try {
      await deleteAccount(typed);
      // Where Log out leads too: the signed-out guard would send the page there anyway.
      await endSession({ signOutMayFail: true });
      toast({ title: 'Your account has been deleted.', description: 'We sent a confirmation to your email.' });
    } catch (err) {
      setError(apiErrorMessage(err, 'Your account could not be deleted. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Card className="account-settings__card account-settings__danger">
      <h2>Delete account</h2>
      <p>
        Deleting your account removes your idea, answers, canvases and their history, validation tests, data-room files
        and share links, and your sign-in. It cannot be undone.
      </p>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={() => {
          if (!busy) setOpen(false);
        }}
        title="Are you sure?"
        description="This action cannot be undone. This will permanently delete your account and everything in it."
        size="sm"
      >
        <form onSubmit={onDelete} noValidate className="account-settings__form">
          <TextField
            label={`Type ${email} to confirm`}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(undefined);
            }}
            autoComplete="off"
            error={error}
            announceError
          />
          <div className="account-settings__actions">
            <DialogButtons onCancel={() => setOpen(false)} busy={busy}>
              <Button type="submit" variant="destructive" loading={busy} disabled={!matches}>
                Delete my account
              </Button>
            </DialogButtons>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
