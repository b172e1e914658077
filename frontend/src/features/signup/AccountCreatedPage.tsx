import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';

/** /account-created (spec §2 Account created). */
export function AccountCreatedPage() {
  return (
    <AuthLayout
      title="Account Created!"
      intro="Welcome to Preseed! Your account is ready. Log in to start turning your idea into a business model, one phase at a time."
    >
      <Link className="btn btn--primary btn--md btn--block" to={PATHS.login}>
        Start Building Your Startup
      </Link>
    </AuthLayout>
  );
}
