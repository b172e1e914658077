import { PATHS } from '../../lib/paths';
import './payment.css';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { hasPaid } from '../../data/account/me-api';
import { useMe } from '../../data/account/use-me';
import { useAuth } from '../../lib/auth-context';
import { useConfig } from '../../lib/config-context';
import { errorMessage } from '../../lib/error-message';
import { externalNavigation } from '../../lib/external-navigation';
import { formatPrice } from '../../lib/format-price';
import { QueryProvider } from '../../lib/query-client';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toast-context';
import { useLogOut } from '../../ui/use-log-out';
import { startCheckout } from './payment-api';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/**
 * /payment (spec §2 Payment): a public route that needs a signed-in founder. Pay Now opens a checkout session and
 * leaves for the hosted checkout page, which comes back to /payment-success. Founders who already paid go on.
 */
export function PaymentPage() {
  return (
    <QueryProvider>
      <Payment />
    </QueryProvider>
  );
}

function Payment() {
  const { status, user } = useAuth();
  const me = useMe();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to={PATHS.login} replace />;
  if (user.isAdmin) return <Navigate to={PATHS.adminHome} replace />;
  if (me.isPending) return <PageSpinner />;
  // If /api/me fails the page still offers payment; the server refuses a second one.
  if (me.data && hasPaid(me.data)) return <Navigate to={PATHS.dashboard} replace />;
  return <PayCard email={user.email} />;
}

function PayCard({ email }: { email: string }) {
  const { price } = useConfig();
  const { toast } = useToast();
  const [paying, setPaying] = useState(false);
  const { logOut, signingOut } = useLogOut();

  // Coming back from the checkout page with the browser's Back button may restore this page as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPaying(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function onPay() {
    setPaying(true);
    try {
      const { url } = await startCheckout();
      externalNavigation.assign(url);
    } catch (err) {
      console.error('Starting the checkout failed', err);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, FALLBACK_MESSAGE) });
      setPaying(false);
    }
  }

  return (
    <AuthLayout
      wide
      title="Complete your payment"
      intro="One payment unlocks Preseed for your startup."
      footer={
        <p>
          Signed in as <span className="break-anywhere">{email}</span>.{' '}
          <button type="button" className="link-button" onClick={logOut} disabled={signingOut}>
            Log out
          </button>
        </p>
      }
    >
      <div className="price-box">
        <p className="price-box__amount">{formatPrice(price)}</p>
        <p className="price-box__terms">One-time payment — no subscription</p>
      </div>
      <ul className="check-list">
        <li>Idea generation and the trigger questions about your customers</li>
        <li>The Value Proposition and Business Model canvases</li>
        <li>A coach who reviews your answers and unlocks each next phase</li>
        <li>A data room for your pitch deck and documents</li>
      </ul>
      <Button className="btn--block" onClick={onPay} loading={paying}>
        Pay Now
      </Button>
      <p className="form__note form__note--center">
        You will continue on Stripe's secure checkout page. We never see your card details.
      </p>
    </AuthLayout>
  );
}
