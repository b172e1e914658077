import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../lib/auth';
import { ADMIN, FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], identifier: string, password: string) {
  await user.type(await screen.findByLabelText('Email or username'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('has two required, labelled fields and a submit button', async () => {
    renderApp('/login');
    const identifier = await screen.findByLabelText('Email or username');
    expect(identifier).toBeRequired();
    expect(identifier).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
  });

  it('signs a founder in and goes to /dashboard', async () => {
    const signIn = vi.fn(async () => FOUNDER);
    const { user, router } = renderApp('/login', { signIn });
    await fillAndSubmit(user, '  founder@example.com ', 'secret-pass');
    expect(signIn).toHaveBeenCalledWith('founder@example.com', 'secret-pass');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signs the admin in with the identifier "admin" and goes to /admin-home', async () => {
    const signIn = vi.fn(async () => ADMIN);
    const { user, router } = renderApp('/login', { signIn });
    await fillAndSubmit(user, 'admin', 'admin-pass');
    expect(signIn).toHaveBeenCalledWith('admin', 'admin-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-home'));
  });

  it('disables the button and marks it busy while signing in', async () => {
    let finish: (u: AuthUser) => void = () => undefined;
    const signIn = vi.fn(() => new Promise<AuthUser>((resolve) => (finish = resolve)));
    const { user } = renderApp('/login', { signIn });
    await fillAndSubmit(user, 'founder@example.com', 'secret-pass');
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    finish(FOUNDER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it("shows 'Login failed' with the provider's message and stays on the page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signIn = vi.fn(async (): Promise<AuthUser> => {
      throw new Error('Incorrect username or password.');
    });
    const { user, router } = renderApp('/login', { signIn });
    await fillAndSubmit(user, 'founder@example.com', 'wrong');
    const alert = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('alert');
    expect(within(alert).getByText('Login failed')).toBeInTheDocument();
    expect(within(alert).getByText('Incorrect username or password.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('does not submit with empty fields', async () => {
    const signIn = vi.fn(async () => FOUNDER);
    const { user } = renderApp('/login', { signIn });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('starts loading the sign-in code when the user starts on the form', async () => {
    const prepareSignIn = vi.fn();
    const { user } = renderApp('/login', { prepareSignIn });
    await user.click(await screen.findByLabelText('Email or username'));
    expect(prepareSignIn).toHaveBeenCalled();
  });

  it('sends already signed-in users to their home', async () => {
    const admin = renderApp('/login', { user: ADMIN });
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/admin-home'));
    admin.unmount();
    const founder = renderApp('/login', { user: FOUNDER });
    await waitFor(() => expect(founder.router.state.location.pathname).toBe('/dashboard'));
  });
});
