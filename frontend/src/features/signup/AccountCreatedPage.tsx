import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';
import { PageSpinner } from '../../ui/Spinner';

/**
 * /account-created (spec §2 Account created), where a first successful payment leads. Signed in, 'Start
 * Building Your Startup' continues to the setup wizard; signed out (a bookmark, another browser), it leads to /login
 * as the spec says.
 */
export function AccountCreatedPage() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  const signedIn = status === 'signedIn';
  return (
    <AuthLayout
      title="Account Created!"
      intro={
        signedIn
          ? 'Welcome to Preseed! Your account is ready. Tell us about your startup, then turn your idea into a business model, one phase at a time.'
          : 'Welcome to Preseed! Your account is ready. Log in to start turning your idea into a business model, one phase at a time.'
      }
    >
      <Link className="btn btn--primary btn--md btn--block" to={signedIn ? PATHS.onboarding : PATHS.login}>
        Start Building Your Startup
      </Link>
    </AuthLayout>
  );
}
