/** The login page's two authenticator-app steps: the code Cognito asks for, and a coach's first setup. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../lib/auth';
import type { TotpCodeRequired } from '../../lib/auth-context';
import { apiError } from '../../test/fake-api';
import { ADMIN, FAKE_TOTP_SETUP, FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { TEST_CONFIG } from '../../test/test-config';
import { TOTP_CODE_MISSING, TOTP_CODE_WRONG } from './TotpCodeField';

const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const MFA_REQUIRED = { config: { ...TEST_CONFIG, adminMfa: 'required' as const } };
const CODE_ASKED: TotpCodeRequired = { totpCodeRequired: true };

async function logIn(user: ReturnType<typeof renderApp>['user'], identifier = 'admin', password = 'admin-pass') {
  await user.type(await screen.findByLabelText('Email or username'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

function wrongCode(): Error {
  return Object.assign(new Error('Invalid code received for user'), { name: 'CodeMismatchException' });
}

describe('login: the authenticator code', () => {
  it('asks for the code after the password, focused, and signs the coach in with it', async () => {
    const signIn = vi.fn(async (): Promise<AuthUser | TotpCodeRequired> => CODE_ASKED);
    const confirmTotpCode = vi.fn(async () => ADMIN);
    const startTotpSetup = vi.fn(async () => FAKE_TOTP_SETUP);
    const { user, router } = renderApp('/login', { signIn, confirmTotpCode, startTotpSetup }, MFA_REQUIRED);
    await logIn(user);

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(code, '123 456');
    expect(code).toHaveValue('123456');
    await user.keyboard('{Enter}');
    expect(confirmTotpCode).toHaveBeenCalledWith('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-home'));
    // A coach who gave a code has an app already: no setup step.
    expect(startTotpSetup).not.toHaveBeenCalled();
  });

  it('says so in the field when the code is wrong, and takes the next try', async () => {
    const confirmTotpCode = vi.fn(async (code: string) => {
      if (code === '000000') throw wrongCode();
      return ADMIN;
    });
    const { user, router } = renderApp('/login', { signIn: async () => CODE_ASKED, confirmTotpCode });
    await logIn(user);
    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_CODE_WRONG);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(code, '654321');
    expect(code).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-home'));
  });

  it('needs all six digits before asking Cognito', async () => {
    const confirmTotpCode = vi.fn(async () => ADMIN);
    const { user } = renderApp('/login', { signIn: async () => CODE_ASKED, confirmTotpCode });
    await logIn(user);
    await user.type(await screen.findByLabelText('Authentication code'), '12a3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(TOTP_CODE_MISSING);
    expect(confirmTotpCode).not.toHaveBeenCalled();
  });

  it("goes back to the password form with 'Back to Login', keeping the identifier", async () => {
    const { user } = renderApp('/login', { signIn: async () => CODE_ASKED });
    await logIn(user, 'coach@example.com');
    await user.click(await screen.findByRole('button', { name: 'Back to Login' }));
    expect(screen.getByLabelText('Email or username')).toHaveValue('coach@example.com');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('starts over with a message when the sign-in cannot go on (e.g. it took too long)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const confirmTotpCode = vi.fn(async (): Promise<AuthUser> => {
      throw Object.assign(new Error('Invalid session for the user, session is expired.'), {
        name: 'NotAuthorizedException',
      });
    });
    const { user, router } = renderApp('/login', { signIn: async () => CODE_ASKED, confirmTotpCode });
    await logIn(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Invalid session for the user, session is expired.');
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("still checks a founder's payment after the code", async () => {
    const { user, router, api } = renderApp('/login', {
      signIn: async () => CODE_ASKED,
      confirmTotpCode: async () => FOUNDER,
    });
    await logIn(user, 'founder@example.com', 'secret-pass');
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls('accounts.me')).toHaveLength(1);
  });
});

describe('login: a coach sets up an authenticator app', () => {
  it('guides a coach without one through the setup when the stage requires it, then has them log in again with a code', async () => {
    const finishTotpSetup = vi.fn(async () => undefined);
    const signOut = vi.fn(async () => undefined);
    const nowOn = apiError(401, 'Two-step verification is now on for your account.');
    const { user, router, api } = renderApp(
      '/login',
      { signIn: async () => ADMIN, finishTotpSetup, signOut },
      { ...MFA_REQUIRED, api: { 'review.stats': nowOn } },
    );
    await logIn(user);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Set up two-step verification' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in an authenticator app on this device' })).toHaveAttribute(
      'href',
      FAKE_TOTP_SETUP.uri,
    );
    // Signed in, but held here until the app is set up.
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Authentication code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(finishTotpSetup).toHaveBeenCalledWith('246810');
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Two-step verification is on');
    expect(toast).toHaveTextContent('Log in again with your password and a code from your authenticator app.');
    // The password-only session is ended on the server (one coach request), then here: the next login asks for a code.
    expect(await screen.findByLabelText('Password')).toHaveFocus();
    expect(api.calls('review.stats')).toHaveLength(1);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps the coach on the step with a wrong first code', async () => {
    const finishTotpSetup = vi.fn(async (code: string) => {
      if (code === '111111') throw wrongCode();
    });
    const { user, router } = renderApp(
      '/login',
      { signIn: async () => ADMIN, finishTotpSetup },
      { ...MFA_REQUIRED, api: { 'review.stats': apiError(401, 'Log in again.') } },
    );
    await logIn(user);
    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText(TOTP_CODE_WRONG)).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/login');
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs the coach out again on cancel', async () => {
    const signOut = vi.fn(async () => undefined);
    const { user, router } = renderApp('/login', { signIn: async () => ADMIN, signOut }, MFA_REQUIRED);
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Cancel and log out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByLabelText('Password')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('offers another try when the setup cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const startTotpSetup = vi
      .fn()
      .mockRejectedValueOnce(new Error('Network error'))
      .mockResolvedValueOnce(FAKE_TOTP_SETUP);
    const { user } = renderApp('/login', { signIn: async () => ADMIN, startTotpSetup }, MFA_REQUIRED);
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.getByRole('button', { name: 'Verify and continue' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(startTotpSetup).toHaveBeenCalledTimes(2);
  });

  it('is skipped where the stage does not require it (offline by default)', async () => {
    const startTotpSetup = vi.fn(async () => FAKE_TOTP_SETUP);
    const { user, router } = renderApp('/login', { signIn: async () => ADMIN, startTotpSetup });
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-home'));
    expect(startTotpSetup).not.toHaveBeenCalled();
  });

  it('is never shown to founders', async () => {
    const startTotpSetup = vi.fn(async () => FAKE_TOTP_SETUP);
    const { user, router } = renderApp('/login', { signIn: async () => FOUNDER, startTotpSetup }, MFA_REQUIRED);
    await logIn(user, 'founder@example.com', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(startTotpSetup).not.toHaveBeenCalled();
  });
});
