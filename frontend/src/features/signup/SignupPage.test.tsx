import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

const notifications = () => screen.getByRole('region', { name: 'Notifications' });

const SENT = { status: 202, body: { email: 'ada@example.com', expiresInSeconds: 300, resendAfterSeconds: 60 } };

async function fillForm(user: ReturnType<typeof renderApp>['user'], password = 'Str0ngPass') {
  await user.type(await screen.findByLabelText('First name'), ' Ada ');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Startup name'), 'Analytical Engines');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('SignupPage', () => {
  it('has five required, labelled fields, the password rules and links to the terms, privacy and login', async () => {
    renderApp('/signup');
    for (const label of ['First name', 'Last name', 'Startup name', 'Email', 'Password']) {
      expect(await screen.findByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters, with a lowercase letter, an uppercase letter and a number.',
    );
    expect(screen.getByText(/By signing up you agree to the/)).toHaveTextContent(
      'By signing up you agree to the Terms and the Privacy Policy',
    );
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('sends the code and moves to /otp-verification with the sign-up data (and no code)', async () => {
    const { user, router, api } = renderApp('/signup', {}, { api: { 'accounts.signupStart': SENT } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/otp-verification'));
    const data = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      startupName: 'Analytical Engines',
      email: 'ada@example.com',
      password: 'Str0ngPass',
    };
    expect(api.calls('accounts.signupStart').map((c) => c.body)).toEqual([data]);
    expect(router.state.location.state).toEqual(data);
    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Verification code sent');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  });

  it('checks the fields and the password policy before asking the server', async () => {
    const { user, api } = renderApp('/signup');
    await fillForm(user, 'weakpass');
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Please enter your first name.')).toBeInTheDocument();
    expect(screen.getByText(/Password must contain an uppercase letter\./)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(api.calls('accounts.signupStart')).toHaveLength(0);
  });

  it("shows the server's message when the email is already registered", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = renderApp(
      '/signup',
      {},
      { api: { 'accounts.signupStart': apiError(409, 'This email is already registered. Please log in.') } },
    );
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send verification code');
    expect(alert).toHaveTextContent('This email is already registered. Please log in.');
    expect(router.state.location.pathname).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  it("says 'Please try again later.' when the server fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/signup', {}, { api: { 'accounts.signupStart': apiError(500, 'Internal error') } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send verification code');
    expect(alert).toHaveTextContent('Please try again later.');
  });

  it('sends signed-in users to their home', async () => {
    const { router } = renderApp('/signup', { user: FOUNDER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
