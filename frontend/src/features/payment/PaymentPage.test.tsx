import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { externalNavigation } from '../../lib/external-navigation';
import { apiError, meReply } from '../../test/fake-api';
import { ADMIN, FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

const UNPAID = { 'accounts.me': meReply({ paid: false }) };

describe('PaymentPage', () => {
  it('sends signed-out visitors to /login', async () => {
    const { router } = renderApp('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the one-time price and leaves for the hosted checkout page on Pay Now', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { user, api } = renderApp(
      '/payment',
      { user: FOUNDER },
      {
        api: {
          ...UNPAID,
          'payments.checkout': { body: { sessionId: 'cs_1', url: 'https://checkout.example/cs_1' } },
        },
      },
    );
    expect(await screen.findByText('€299')).toBeInTheDocument();
    expect(screen.getByText('One-time payment — no subscription')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay Now' });
    await user.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(api.calls('payments.checkout')).toHaveLength(1);
    // It stays busy while the browser leaves.
    expect(pay).toBeDisabled();
  });

  it('formats the price from the runtime config', async () => {
    renderApp(
      '/payment',
      { user: FOUNDER },
      {
        api: UNPAID,
        config: {
          stage: 'test',
          region: 'eu-west-1',
          userPoolId: 'p',
          userPoolClientId: 'c',
          authFlowType: 'USER_PASSWORD_AUTH',
          apiBase: '/api',
          realtimeUrl: '/ws',
          price: { amount: 14950, currency: 'USD' },
        },
      },
    );
    expect(await screen.findByText('$149.50')).toBeInTheDocument();
  });

  it("shows 'Error' with the server's message when the checkout cannot start", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp(
      '/payment',
      { user: FOUNDER },
      { api: { ...UNPAID, 'payments.checkout': apiError(409, 'You have already paid.') } },
    );
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const alert = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('You have already paid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends founders who already paid to /dashboard, and admins to /admin-home', async () => {
    const founder = renderApp('/payment', { user: FOUNDER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(founder.router.state.location.pathname).toBe('/dashboard');
    founder.unmount();
    const admin = renderApp('/payment', { user: ADMIN });
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/admin-home'));
  });

  it('lets the founder log out from here', async () => {
    const signOut = vi.fn(async () => undefined);
    const { user, router } = renderApp('/payment', { user: FOUNDER, signOut }, { api: UNPAID });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(signOut).toHaveBeenCalled();
  });
});
