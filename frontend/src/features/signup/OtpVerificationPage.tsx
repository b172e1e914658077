import { plural } from '#shared/plural';
import './signup.css';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { cleanOtp, OTP_LENGTH } from './otp-rules';
import { type SignupData, signupDataFrom } from './signup-state';
import { formatMinutesSeconds } from './use-countdown';
import { useOtpVerification } from './use-otp-verification';

/** /otp-verification (spec §2, §4 OTP). Needs the sign-up data in navigation state; without it, back to /signup. */
export function OtpVerificationPage() {
  const location = useLocation();
  const data = signupDataFrom(location.state);
  if (!data) return <Navigate to={PATHS.signup} replace />;
  return <OtpVerification data={data} />;
}

function OtpVerification({ data }: { data: SignupData }) {
  const otp = useOtpVerification(data);
  const { code, setCode, error, setError, verifying, resending, remaining, expired, resendIn, canVerify } = otp;
  return (
    <AuthLayout
      title="Verify your email"
      intro={
        <p>
          We sent a 6-digit code to <strong className="break-anywhere">{data.email}</strong>. Enter it below to verify
          your email.
        </p>
      }
      footer={
        <p>
          <Link className="text-link" to={PATHS.signup}>
            ← Back to Sign Up
          </Link>
        </p>
      }
    >
      <form className="form" onSubmit={otp.onVerify} aria-busy={verifying || undefined}>
        <TextField
          label="Verification code"
          name="code"
          className="otp-field"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          spellCheck={false}
          required
          value={code}
          onChange={(event) => {
            setCode(cleanOtp(event.target.value));
            setError(undefined);
          }}
          // maxLength would cut a pasted "123 456" to "123 45" before onChange sees it; a pasted code replaces
          // the field's content, cleaned.
          onPaste={(event) => {
            const pasted = cleanOtp(event.clipboardData.getData('text'));
            if (!pasted) return;
            event.preventDefault();
            setCode(pasted);
            setError(undefined);
          }}
          error={error}
          announceError
        />
        {expired ? (
          <p className="otp-countdown otp-countdown--expired" role="status">
            Code has expired
          </p>
        ) : (
          <p className="otp-countdown">Code expires in {formatMinutesSeconds(remaining)}</p>
        )}
        <Button type="submit" className="btn--block" loading={verifying} disabled={!canVerify}>
          Verify Email
        </Button>
        <Button
          variant="secondary"
          className="btn--block"
          onClick={otp.onResend}
          loading={resending}
          disabled={resendIn > 0 || verifying}
          aria-describedby={resendIn > 0 ? 'otp-resend-hint' : undefined}
        >
          Resend Code
        </Button>
        {resendIn > 0 ? (
          <p id="otp-resend-hint" className="form__note">
            You can request a new code in {plural(resendIn, 'second')}.
          </p>
        ) : null}
      </form>
    </AuthLayout>
  );
}
