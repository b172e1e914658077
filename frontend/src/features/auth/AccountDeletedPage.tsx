import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';

/**
 * /account-deleted: where a browser still signed in to an account that was deleted elsewhere lands once the API
 * refuses its session (401 AccountDeleted) — instead of the payment page a missing profile would otherwise lead to.
 * It signs the browser out once shown (lib/session-refused.ts says why then).
 */
export function AccountDeletedPage() {
  const { status, signOut } = useAuth();
  useEffect(() => {
    if (status !== 'signedIn') return;
    signOut().catch((err: unknown) => console.error('Signing out the deleted account failed', err));
  }, [status, signOut]);
  return (
    <AuthLayout
      title="This account has been deleted"
      intro={
        <>
          <p>
            It was deleted from another browser or device, so you have been signed out here. Its answers, canvases,
            files and share links were deleted with it.
          </p>
          <p>Deleted by mistake? The account cannot be brought back, but you can sign up again with the same email.</p>
        </>
      }
      footer={
        <p>
          <Link className="text-link" to={PATHS.landing}>
            Back to the home page
          </Link>
        </p>
      }
    >
      <Link className="btn btn--primary btn--md btn--block" to={PATHS.signup}>
        Sign up
      </Link>
    </AuthLayout>
  );
}
