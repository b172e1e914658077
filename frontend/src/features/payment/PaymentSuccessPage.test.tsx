import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeReply, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { PAYMENT_REDIRECT_MS } from './PaymentSuccessPage';

describe('PaymentSuccessPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes to /payment without a session id', async () => {
    const { router, api } = renderApp(
      '/payment-success',
      { user: FOUNDER },
      { api: { 'accounts.me': meReply({ paid: false }) } },
    );
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    expect(api.calls('payments.verify')).toHaveLength(0);
  });

  it('goes to /login when nobody is signed in', async () => {
    const { router, api } = renderApp('/payment-success?session_id=cs_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls('payments.verify')).toHaveLength(0);
  });

  it('verifies, refreshes the account, says so and goes to /account-created after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paid = false;
    let answerVerify: (reply: FakeReply) => void = () => undefined;
    const verify = new Promise<FakeReply>((resolve) => (answerVerify = resolve));
    const { router, api } = renderApp(
      '/payment-success?session_id=cs_1',
      { user: FOUNDER },
      {
        api: {
          'payments.verify': () => verify,
          'accounts.me': () => meReply({ paid }),
        },
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying your payment' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Please wait while we confirm your payment…');

    paid = true;
    answerVerify({ body: { paid: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful!' })).toBeInTheDocument();
    expect(api.calls('payments.verify').map((c) => c.body)).toEqual([{ sessionId: 'cs_1' }]);
    expect(api.calls('accounts.me')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(PAYMENT_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe('/payment-success');
    expect(router.state.navigation.state).toBe('idle');
    act(() => vi.advanceTimersByTime(100));
    // Navigation is under way (the next page's code loads); the location changes when it is there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-created'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Created!' })).toBeInTheDocument();
    // The next step is the setup wizard, which uses the refreshed answer: no second fetch.
    expect(screen.getByRole('link', { name: 'Start Building Your Startup' })).toHaveAttribute('href', '/onboarding');
    expect(api.calls('accounts.me')).toHaveLength(1);
  });

  it("fails when the session was not paid, with 'Try Again' to /payment", async () => {
    const { router } = renderApp(
      '/payment-success?session_id=cs_1',
      { user: FOUNDER },
      { api: { 'payments.verify': { body: { paid: false } } } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "We couldn't verify your payment. Please contact support if you believe this is an error.",
    );
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/payment');
    expect(router.state.location.pathname).toBe('/payment-success');
  });

  it('fails when the verification call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(
      '/payment-success?session_id=cs_1',
      { user: FOUNDER },
      { api: { 'payments.verify': apiError(404, 'Unknown checkout session.') } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toBeInTheDocument();
  });
});
