import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, type FakeReply, meReply } from '../../test/fake-api';
import { ADMIN, FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { returnPathAfterSignIn } from './guard-rules';

describe('AuthGuard', () => {
  it('shows an accessible spinner while the session loads', async () => {
    const { router } = renderApp('/dashboard', { status: 'loading' });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends signed-out visitors to /login', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends signed-out visitors of admin pages to /login too', async () => {
    const { router } = renderApp('/admin-home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends an admin on a founder page to /admin-home', async () => {
    const { router } = renderApp('/dashboard', { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage your platform')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-home');
  });

  it('sends a founder on an admin page to / (and from there to /dashboard)', async () => {
    const { router } = renderApp('/admin-home', { user: FOUNDER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const visited = router.state.historyAction;
    expect(visited).toBe('REPLACE');
  });

  it("keeps a spinner in the page area while the founder's account loads", async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    const pending = new Promise<FakeReply>((resolve) => (answer = resolve));
    renderApp('/dashboard', { user: FOUNDER }, { api: { 'accounts.me': () => pending } });
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer(meReply());
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a founder who has not paid to /payment', async () => {
    const { router } = renderApp('/dashboard', { user: FOUNDER }, { api: { 'accounts.me': meReply({ paid: false }) } });
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('keeps an unpaid founder signed in on the way to /payment, on every founder page', async () => {
    for (const path of ['/dashboard', '/generate-idea', '/data-room']) {
      const signOut = vi.fn(async () => undefined);
      const { router, unmount } = renderApp(
        path,
        { user: FOUNDER, signOut },
        { api: { 'accounts.me': meReply({ paid: false }) } },
      );
      expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/payment');
      expect(screen.getByText(FOUNDER.email)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
      expect(signOut).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('sends a founder without a profile to /payment', async () => {
    const { router } = renderApp(
      '/dashboard',
      { user: FOUNDER },
      { api: { 'accounts.me': meReply({ profile: null }) } },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
  });

  it('says so, and offers to try again, when the account cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { user } = renderApp(
      '/dashboard',
      { user: FOUNDER },
      { api: { 'accounts.me': () => (fail ? apiError(403, 'Forbidden') : meReply()) } },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to get user information. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('does not ask admins about payment', async () => {
    const { api } = renderApp('/admin-home', { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(api.calls('accounts.me')).toHaveLength(0);
  });

  it('shows the page to the right user', async () => {
    const { router } = renderApp('/dashboard', { user: FOUNDER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('home route', () => {
  it('shows the landing page to signed-out visitors', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('sends admins to /admin-home and founders to /dashboard', async () => {
    const admin = renderApp('/', { user: ADMIN });
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/admin-home'));
    admin.unmount();
    const founder = renderApp('/', { user: FOUNDER });
    await waitFor(() => expect(founder.router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('back to the page after signing in', () => {
  it('brings a founder sent to /login from a page back to it, with its query', async () => {
    const { user, router } = renderApp('/business-model?review=1');
    await screen.findByRole('button', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/business-model?review=1' });
    await user.type(screen.getByLabelText('Email or username'), 'founder@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/business-model'));
    expect(router.state.location.search).toBe('?review=1');
  });

  it('sends a founder who came to /login on their own to the dashboard', async () => {
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email or username'), 'founder@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('returnPathAfterSignIn', () => {
  it('takes a page of this app the user may see', () => {
    expect(returnPathAfterSignIn({ from: '/value-proposition' }, FOUNDER)).toBe('/value-proposition');
    expect(returnPathAfterSignIn({ from: '/tools/swot?x=1#a' }, FOUNDER)).toBe('/tools/swot?x=1#a');
    expect(returnPathAfterSignIn({ from: '/admin-home' }, ADMIN)).toBe('/admin-home');
  });

  it('refuses another origin, a page the user may not see, the public pages, and what is not a path', () => {
    for (const from of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'dashboard', '/', '/login']) {
      expect(returnPathAfterSignIn({ from }, FOUNDER)).toBeNull();
    }
    expect(returnPathAfterSignIn({ from: '/admin-home' }, FOUNDER)).toBeNull();
    expect(returnPathAfterSignIn({ from: '/dashboard' }, ADMIN)).toBeNull();
    for (const state of [null, undefined, 'x', {}, { from: 3 }])
      expect(returnPathAfterSignIn(state, FOUNDER)).toBeNull();
  });
});
