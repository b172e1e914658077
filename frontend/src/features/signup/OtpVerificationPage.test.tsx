import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeRoutes, installFakeApi, meReply } from '../../test/fake-api';
import type { FakeAuthOptions } from '../../test/fake-auth';
import { type RenderAppOptions, renderApp } from '../../test/render-app';
import { cleanOtp, INVALID_OTP_MESSAGE } from './otp-rules';
import type { SignupData } from './signup-state';

const DATA: SignupData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  startupName: 'Analytical Engines',
  email: 'ada@example.com',
  password: 'Str0ngPass',
};
const SENT = { status: 202, body: { email: DATA.email, expiresInSeconds: 300, resendAfterSeconds: 60 } };

const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const codeInput = () => screen.getByLabelText('Verification code');
const verifyButton = () => screen.getByRole('button', { name: 'Verify Email' });
const resendButton = () => screen.getByRole('button', { name: 'Resend Code' });
/** The seconds the countdown shows ("Code expires in 4:59" is 299). */
function expiresIn(): number {
  const [, minutes, seconds] =
    /Code expires in (\d+):(\d\d)/.exec(screen.getByText(/^Code expires in/).textContent ?? '') ?? [];
  if (minutes === undefined || seconds === undefined) throw new Error('no countdown on the page');
  return Number(minutes) * 60 + Number(seconds);
}

function renderOtp(api: FakeRoutes = {}, auth: FakeAuthOptions = {}, options: RenderAppOptions = {}) {
  return renderApp({ pathname: '/otp-verification', state: DATA }, auth, { ...options, api });
}

describe('cleanOtp', () => {
  it('keeps digits only, at most six', () => {
    expect(cleanOtp('12a3-4 5')).toBe('12345');
    expect(cleanOtp('1234567890')).toBe('123456');
    expect(cleanOtp('abc')).toBe('');
  });
});

describe('OtpVerificationPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends visitors without sign-up data back to /signup', async () => {
    installFakeApi();
    const { router } = renderApp('/otp-verification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('has a labelled one-time-code field that takes six digits only', async () => {
    const { user } = renderOtp();
    const input = await screen.findByLabelText('Verification code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
    await user.type(input, 'a1b2-3 4');
    expect(input).toHaveValue('1234');
    await user.clear(input);
    await user.click(input);
    await user.paste('98 76 54 32');
    expect(input).toHaveValue('987654');
    expect(screen.getByRole('link', { name: '← Back to Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('enables Verify Email only with six digits', async () => {
    const { user } = renderOtp();
    await user.type(await screen.findByLabelText('Verification code'), '12345');
    expect(verifyButton()).toBeDisabled();
    await user.type(codeInput(), '6');
    expect(verifyButton()).toBeEnabled();
  });

  it('counts down from 5:00 on the clock and expires at 0, disabling Verify Email', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderOtp({}, {}, { userEvent: { advanceTimers: vi.advanceTimersByTime } });
    await screen.findByLabelText('Verification code');
    expect(screen.getByText('Code expires in 5:00')).toBeInTheDocument();
    await user.type(codeInput(), '123456');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Code expires in 4:59')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(240_000));
    expect(screen.getByText(/Code expires in 0:5\d/)).toBeInTheDocument();
    expect(verifyButton()).toBeEnabled();

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Code has expired')).toBeInTheDocument();
    expect(screen.queryByText(/Code expires in/)).not.toBeInTheDocument();
    expect(verifyButton()).toBeDisabled();
  });

  it('offers Resend Code after 60 s; resending restarts the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api } = renderOtp(
      { 'accounts.signupStart': SENT },
      {},
      { userEvent: { advanceTimers: vi.advanceTimersByTime } },
    );
    await screen.findByLabelText('Verification code');
    // The fake clock also follows real time (shouldAdvanceTime), so a loaded machine may have moved it a second or
    // two by now; between synchronous steps it stands still, so the 60 s are measured from what the page shows.
    const shown = expiresIn();
    expect(shown).toBeGreaterThan(290);
    expect(resendButton()).toBeDisabled();
    act(() => vi.advanceTimersByTime(59_000));
    expect(resendButton()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(expiresIn()).toBe(shown - 60);
    expect(resendButton()).toBeEnabled();

    await user.click(resendButton());
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('OTP Resent');
    expect(toast).toHaveTextContent('A new verification code has been sent to your email.');
    expect(api.calls('accounts.signupStart').map((c) => c.body)).toEqual([DATA]);
    // Restarted: back to five minutes, less whatever real time the click and the toast took.
    expect(expiresIn()).toBeGreaterThan(shown - 60 + 50);
    expect(resendButton()).toBeDisabled();
  });

  it('says why a resend failed, with the wait the server names', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderOtp(
      {
        'accounts.signupStart': apiError(429, 'Please wait 12 seconds before requesting a new code.', {
          retryAfterSeconds: 12,
        }),
      },
      {},
      { userEvent: { advanceTimers: vi.advanceTimersByTime } },
    );
    await screen.findByLabelText('Verification code');
    act(() => vi.advanceTimersByTime(60_000));
    // On a loaded machine the re-render can trail the clock: click only once Resend is really enabled.
    await waitFor(() => expect(resendButton()).toBeEnabled(), { timeout: 3000 });
    await user.click(resendButton());
    // Generous wait: on a loaded CI machine the toast can take over a second to appear.
    const alert = await within(notifications()).findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Failed to resend OTP');
    expect(alert).toHaveTextContent('Please wait 12 seconds before requesting a new code.');
    // The failed resend does not restart the countdown (real time keeps advancing the fake clock a little).
    expect(screen.getByText(/^Code expires in (4:00|3:5\d)$/)).toBeInTheDocument();
  });

  it('shows the invalid-code message inline and as a toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signIn = vi.fn();
    const { user, router } = renderOtp({ 'accounts.signupVerify': apiError(400, INVALID_OTP_MESSAGE) }, { signIn });
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(verifyButton());
    const toast = await within(notifications()).findByRole('alert');
    expect(toast).toHaveTextContent('Invalid OTP');
    expect(toast).toHaveTextContent('Invalid OTP: The verification code you entered is incorrect.');
    const inline = screen.getAllByRole('alert').find((el) => !notifications().contains(el));
    expect(inline).toHaveTextContent('Invalid OTP: The verification code you entered is incorrect.');
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(signIn).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/otp-verification');
  });

  it("dismisses the failed attempt's toast when the next code succeeds, leaving only the success", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signIn = vi.fn(async () => ({ sub: 'new-sub', email: DATA.email, username: 'new', isAdmin: false }));
    let attempts = 0;
    const { user, router } = renderOtp(
      {
        'accounts.signupVerify': () =>
          ++attempts === 1 ? apiError(400, INVALID_OTP_MESSAGE) : { status: 201, body: { userId: 'new-sub' } },
        'accounts.me': meReply({ paid: false }),
      },
      { signIn },
    );
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(verifyButton());
    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Invalid OTP');

    await user.clear(codeInput());
    await user.type(codeInput(), '123456');
    await user.click(verifyButton());
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    expect(within(notifications()).getByRole('status')).toHaveTextContent('Account created successfully!');
    expect(within(notifications()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(notifications()).queryByText(/Invalid OTP/)).not.toBeInTheDocument();
  });

  it("shows 'Registration failed' with the server's message for other refusals", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderOtp({
      'accounts.signupVerify': apiError(410, 'The verification code has expired. Please request a new one.'),
    });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(verifyButton());
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed');
    expect(alert).toHaveTextContent('The verification code has expired. Please request a new one.');
  });

  it('creates the account, signs in with the chosen password and goes to /payment', async () => {
    const signIn = vi.fn(async () => ({ sub: 'new-sub', email: DATA.email, username: 'new', isAdmin: false }));
    const { user, router, api } = renderOtp(
      {
        'accounts.signupVerify': { status: 201, body: { userId: 'new-sub' } },
        'accounts.me': meReply({ paid: false }),
      },
      { signIn },
    );
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(verifyButton());

    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    expect(api.calls('accounts.signupVerify').map((c) => c.body)).toEqual([{ ...DATA, code: '123456' }]);
    expect(signIn).toHaveBeenCalledWith(DATA.email, DATA.password);
    const toast = within(notifications()).getByRole('status');
    expect(toast).toHaveTextContent('Account created successfully!');
    expect(toast).toHaveTextContent('Your email has been verified and account created.');
    // The entry that held the password in its state was replaced.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the founder to /login when the automatic sign-in fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signIn = vi.fn(async () => {
      throw new Error('Network error');
    });
    const { user, router } = renderOtp(
      { 'accounts.signupVerify': { status: 201, body: { userId: 'new-sub' } } },
      { signIn },
    );
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(verifyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(within(notifications()).getByRole('alert')).toHaveTextContent('Login failed');
  });
});
