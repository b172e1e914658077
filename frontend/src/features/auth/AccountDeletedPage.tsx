import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';

/**
 * /account-deleted: where a browser still signed in to an account that was deleted elsewhere lands once the API
 * refuses its session (401 AccountDeleted) and the app has signed it out — instead of the payment page a missing
 * profile would otherwise lead to.
 */
export function AccountDeletedPage() {
  return (
    <AuthLayout
      title="This account has been deleted"
      intro="It was deleted from another browser or device, so you have been signed out here. Its answers, canvases, files and share links were deleted with it."
    >
      <p className="auth-card__intro">
        Deleted by mistake? The account cannot be brought back, but you can sign up again with the same email.
      </p>
      <Link className="btn btn--primary btn--md btn--block" to={PATHS.signup}>
        Sign up
      </Link>
      <p className="auth-card__intro">
        <Link className="text-link" to={PATHS.landing}>
          Back to the home page
        </Link>
      </p>
    </AuthLayout>
  );
}
