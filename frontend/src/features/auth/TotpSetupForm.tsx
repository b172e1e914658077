import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { TotpSetup } from '../../lib/auth';
import { useAuth } from '../../lib/auth-context';
import { errorMessage } from '../../lib/error-message';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toast-context';
import { QrCode } from './QrCode';
import { TotpCodeField, useTotpCodeEntry } from './TotpCodeField';
import './totp-setup.css';

export interface TotpSetupFormProps {
  /** The app is verified and on: the login page signs the coach out, to log in again with a code. */
  onDone: () => Promise<void>;
  /** The coach gave up: the login page signs them out again. */
  onCancel: () => Promise<void>;
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to copy by hand; apps ignore the spaces. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The login page's step for a coach without an authenticator app on a stage that requires one
 * (functions/lib/admin-mfa.ts): the coach is signed in but the coach pages refuse them until they scan
 * the QR code (or type the key), and prove it with the app's first code. Its own chunk: only coaches'
 * first logins load it, with the QR encoder.
 */
export default function TotpSetupForm({ onDone, onCancel }: TotpSetupFormProps) {
  const { startTotpSetup, finishTotpSetup } = useAuth();
  const { toast } = useToast();
  const [setup, setSetup] = useState<TotpSetup>();
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [cancelling, setCancelling] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { submit, submitting, fieldProps } = useTotpCodeEntry(finishTotpSetup, (err) => {
    console.error('Verifying the authenticator app failed', err);
    toast({
      variant: 'destructive',
      title: 'Could not set up two-step verification',
      description: errorMessage(err, 'Something went wrong. Please try again.'),
    });
  });

  // The password form just disappeared: start reading at this step's heading and instructions.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to ask again.
  useEffect(() => {
    let current = true;
    setLoadError(undefined);
    startTotpSetup().then(
      (value) => {
        if (current) setSetup(value);
      },
      (err: unknown) => {
        console.error('Starting the authenticator app setup failed', err);
        if (current) setLoadError(errorMessage(err, 'Could not start the setup. Please try again.'));
      },
    );
    return () => {
      current = false;
    };
  }, [startTotpSetup, attempt]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!setup || !(await submit())) return;
    toast({
      title: 'Two-step verification is on',
      description:
        'Log in again with your password and a code from your authenticator app. We will ask for a code each time you log in.',
    });
    await onDone();
  }

  async function cancel() {
    setCancelling(true);
    try {
      await onCancel();
    } finally {
      setCancelling(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-busy={submitting || !setup || undefined} noValidate>
      <h2 ref={headingRef} tabIndex={-1} className="totp-setup__title">
        Set up two-step verification
      </h2>
      <p className="form__note">
        Coaches see every founder's answers, so your account needs a second step at login: a 6-digit code from an
        authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.
      </p>
      <ol className="totp-setup__steps">
        <li>In the app, add an account and scan the QR code, or enter the setup key.</li>
        <li>Type the 6-digit code the app then shows.</li>
      </ol>
      {loadError ? (
        <div className="form" role="alert">
          <p className="field__error">{loadError}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : setup ? (
        <>
          <div className="totp-setup__qr">
            <QrCode value={setup.uri} label="QR code for your authenticator app" />
          </div>
          <p className="form__note">
            Setup key: <code className="totp-setup__key">{grouped(setup.secret)}</code>
            <br />
            <a className="text-link" href={setup.uri}>
              Open in an authenticator app on this device
            </a>
          </p>
          <TotpCodeField {...fieldProps} />
        </>
      ) : (
        <p className="form__note" role="status">
          <Spinner size="sm" decorative /> Preparing your setup key…
        </p>
      )}
      <Button type="submit" className="btn--block" loading={submitting} disabled={!setup || cancelling}>
        Verify and continue
      </Button>
      <Button variant="secondary" className="btn--block" onClick={cancel} loading={cancelling} disabled={submitting}>
        Cancel and log out
      </Button>
    </form>
  );
}
