import { PATHS } from '../../lib/paths';
import './payment.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { refreshMe } from '../../data/account/use-me';
import { useAuth } from '../../lib/auth-context';
import { QueryProvider } from '../../lib/query-client';
import { AuthLayout } from '../../ui/AuthLayout';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import { verifyPayment } from './payment-api';

/** Spec §9: redirect after a successful payment. */
export const PAYMENT_REDIRECT_MS = 2000;

/**
 * /payment-success?session_id=… (spec §4 Payment verification page): verifying, then success or failed (Try Again
 * goes to /payment). Without a session id it goes to /payment; signed out, to /login. Success leads on after 2 s to
 * /account-created, then the setup wizard and the dashboard (the first payment is where the account
 * starts, so the welcome and the setup come here rather than nowhere).
 */
export function PaymentSuccessPage() {
  return (
    <QueryProvider>
      <PaymentSuccess />
    </QueryProvider>
  );
}

function PaymentSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { status, user } = useAuth();
  if (!sessionId) return <Navigate to={PATHS.payment} replace />;
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to={PATHS.login} replace />;
  return <Verification sessionId={sessionId} sub={user.sub} />;
}

function Verification({ sessionId, sub }: { sessionId: string; sub: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const verification = useQuery({
    queryKey: ['payments', 'verify', sessionId],
    queryFn: async () => {
      const result = await verifyPayment(sessionId);
      // The founder pages check the cached /api/me; it must say paid before we send the founder there.
      if (result.paid) await refreshMe(queryClient, sub);
      return result;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const paid = verification.data?.paid === true;

  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => navigate(PATHS.accountCreated, { replace: true }), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [paid, navigate]);

  useEffect(() => {
    if (verification.isError) console.error('Payment verification failed', verification.error);
  }, [verification.isError, verification.error]);

  if (verification.isPending) {
    return (
      <AuthLayout title="Verifying your payment">
        <div className="status-block" role="status">
          <Spinner size="lg" decorative />
          <p>Please wait while we confirm your payment…</p>
        </div>
      </AuthLayout>
    );
  }
  if (paid) {
    return (
      <AuthLayout title="Payment successful!">
        <div className="status-block" role="status">
          <p>Thank you! Your account is ready…</p>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Payment Verification Failed">
      <div className="status-block">
        <p role="alert">We couldn't verify your payment. Please contact support if you believe this is an error.</p>
        <Link className="btn btn--primary btn--md btn--block" to={PATHS.payment}>
          Try Again
        </Link>
      </div>
    </AuthLayout>
  );
}
