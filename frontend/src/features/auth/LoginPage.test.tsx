import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../lib/auth';
import { apiError, meReply } from '../../test/fake-api';
import { ADMIN, FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

const notifications = () => screen.getByRole('region', { name: 'Notifications' });

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

  it('checks the founder has paid, and hands that answer to the shell instead of asking twice', async () => {
    const { user, router, api } = renderApp('/login', { signIn: vi.fn(async () => FOUNDER) });
    await fillAndSubmit(user, 'founder@example.com', 'secret-pass');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls('accounts.me')).toHaveLength(1);
  });

  it("keeps an unpaid founder signed in and sends them to /payment with 'Payment Required'", async () => {
    const signOut = vi.fn(async () => undefined);
    const { user, router, api } = renderApp(
      '/login',
      { signIn: vi.fn(async () => FOUNDER), signOut },
      { api: { 'accounts.me': meReply({ paid: false }) } },
    );
    await fillAndSubmit(user, 'founder@example.com', 'secret-pass');
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    const status = within(notifications()).getByRole('status');
    expect(status).toHaveTextContent('Payment Required');
    expect(status).toHaveTextContent('Please complete your payment to access the platform.');
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByText('founder@example.com')).toBeInTheDocument();
    // The payment page uses the login's answer instead of asking again.
    expect(api.calls('accounts.me')).toHaveLength(1);
  });

  it('never shows an unpaid founder the dashboard on the way to /payment', async () => {
    const { user, router } = renderApp(
      '/login',
      { signIn: vi.fn(async () => FOUNDER) },
      { api: { 'accounts.me': meReply({ paid: false }) } },
    );
    const visited: string[] = [];
    const stop = router.subscribe((state) => visited.push(state.location.pathname));
    await fillAndSubmit(user, 'founder@example.com', 'secret-pass');
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    stop();
    expect(visited).not.toContain('/dashboard');
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('treats a founder without a profile as unpaid', async () => {
    const signOut = vi.fn(async () => undefined);
    const { user, router } = renderApp(
      '/login',
      { signIn: vi.fn(async () => FOUNDER), signOut },
      { api: { 'accounts.me': meReply({ profile: null }) } },
    );
    await fillAndSubmit(user, 'founder@example.com', 'secret-pass');
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(within(notifications()).getByRole('status')).toHaveTextContent('Payment Required');
    expect(signOut).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('signs out with an error when the payment status cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signOut = vi.fn(async () => undefined);
    const { user, router } = renderApp(
      '/login',
      { signIn: vi.fn(async () => FOUNDER), signOut },
      { api: { 'accounts.me': apiError(500, 'Internal error') } },
    );
    await fillAndSubmit(user, 'founder@example.com', 'secret-pass');
    const alert = await within(notifications()).findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('Unable to verify payment status. Please try again.')).toBeInTheDocument();
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs the admin in with the identifier "admin" and goes to /admin-home, skipping the payment check', async () => {
    const signIn = vi.fn(async () => ADMIN);
    const { user, router, api } = renderApp('/login', { signIn });
    await fillAndSubmit(user, 'admin', 'admin-pass');
    expect(signIn).toHaveBeenCalledWith('admin', 'admin-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-home'));
    expect(api.calls('accounts.me')).toHaveLength(0);
  });

  it('links to sign-up', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
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

  it.each([
    ['NotAuthorizedException', 'User not authorized'],
    ['UserNotFoundException', 'User does not exist.'],
    ['InvalidPasswordException', 'Invalid password'],
  ])('says the same for an unknown account and a wrong password (%s)', async (name, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signIn = vi.fn(async (): Promise<AuthUser> => {
      throw Object.assign(new Error(message), { name });
    });
    const { user } = renderApp('/login', { signIn });
    await fillAndSubmit(user, 'someone@example.com', 'wrong');
    const alert = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('alert');
    expect(within(alert).getByText('Incorrect email or password')).toBeInTheDocument();
    expect(within(alert).queryByText(message)).toBeNull();
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

describe('forgot password', () => {
  async function openResetForm(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    return screen.getByLabelText('Email');
  }

  it('switches the card to the reset form and back', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email or username'), 'ada@example.com');
    const email = await openResetForm(user);
    expect(email).toHaveFocus();
    expect(email).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Send Reset Code' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByLabelText('Email or username')).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
  });

  it('calls it a code, never a link, on the form, in the toast and on the reset page', async () => {
    const { user } = renderApp('/login');
    await user.type(await openResetForm(user), 'ada@example.com');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(/6-digit code/);
    expect(main).not.toHaveTextContent(/link/i);
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent(/code/);
    expect(toast).not.toHaveTextContent(/link/i);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(/6-digit code/);
    expect(screen.getByRole('main')).not.toHaveTextContent(/link/i);
    expect(screen.getByLabelText('Code from the email')).toBeInTheDocument();
  });

  it('needs an email address', async () => {
    const requestPasswordReset = vi.fn(async () => undefined);
    const { user } = renderApp('/login', { requestPasswordReset });
    await user.type(await openResetForm(user), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(requestPasswordReset).not.toHaveBeenCalled();
  });

  it('sends the code, says so and opens /reset-password for that email', async () => {
    const requestPasswordReset = vi.fn(async () => undefined);
    const { user, router } = renderApp('/login', { requestPasswordReset });
    await user.type(await openResetForm(user), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Password reset code sent!');
    expect(toast).toHaveTextContent('Check your email for the 6-digit code, then choose a new password.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it("shows the provider's message when sending fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requestPasswordReset = vi.fn(async () => {
      throw new Error('Attempt limit exceeded, please try after some time.');
    });
    const { user, router } = renderApp('/login', { requestPasswordReset });
    await user.type(await openResetForm(user), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await within(notifications()).findByRole('alert')).toHaveTextContent(
      'Attempt limit exceeded, please try after some time.',
    );
    expect(router.state.location.pathname).toBe('/login');
  });
});
