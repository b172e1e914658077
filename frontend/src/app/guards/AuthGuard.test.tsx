import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

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

  it('shows the page to the right user', async () => {
    const { router } = renderApp('/dashboard', { user: FOUNDER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('home route', () => {
  it('shows the landing placeholder to signed-out visitors', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Preseed' })).toBeInTheDocument();
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
