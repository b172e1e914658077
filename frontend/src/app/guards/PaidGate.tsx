import { Navigate, Outlet } from 'react-router-dom';
import { hasPaid } from '../../data/account/me-api';
import { useMe } from '../../data/account/use-me';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';

/**
 * Founder pages are for paid founders (spec §4 Account): the shell puts this around its page area for non-admins.
 * While /api/me loads a spinner shows (the header and sidebar are already there); an unpaid founder goes to /payment.
 */
export function PaidGate() {
  const me = useMe();
  if (me.data) return hasPaid(me.data) ? <Outlet /> : <Navigate to={PATHS.payment} replace />;
  if (!me.isError) return <PageSpinner />;
  // Only without any answer yet: a failed background refresh keeps the page on the answer it has.
  return (
    <div className="notice" role="alert">
      <h1 className="notice__title">Could not load your account</h1>
      <p className="notice__text">Unable to get user information. Please try again.</p>
      <Button variant="secondary" onClick={() => void me.refetch()} loading={me.isFetching}>
        Try again
      </Button>
    </div>
  );
}
