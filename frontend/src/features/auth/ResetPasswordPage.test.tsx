import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

const notifications = () => screen.getByRole('region', { name: 'Notifications' });

describe('ResetPasswordPage', () => {
  it('prefills the email, shows the password rules and sets the new password', async () => {
    const confirmPasswordReset = vi.fn(async () => undefined);
    const { user, router } = renderApp('/reset-password?email=ada%40example.com', { confirmPasswordReset });
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 8 characters, with a lowercase letter, an uppercase letter and a number.',
    );
    await user.type(screen.getByLabelText('Code from the email'), '123456');
    await user.type(screen.getByLabelText('New password'), 'NewPassw0rd');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(confirmPasswordReset).toHaveBeenCalledWith('ada@example.com', '123456', 'NewPassw0rd');
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Password updated');
    expect(toast).toHaveTextContent('You can now log in with your new password.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('checks the policy and the confirmation before calling the provider', async () => {
    const confirmPasswordReset = vi.fn(async () => undefined);
    const { user } = renderApp('/reset-password?email=ada%40example.com&code=654321', { confirmPasswordReset });
    expect(await screen.findByLabelText('Code from the email')).toHaveValue('654321');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText(/Password must be at least 8 characters long\./)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(confirmPasswordReset).not.toHaveBeenCalled();
  });

  it("shows the provider's message when the reset fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const confirmPasswordReset = vi.fn(async () => {
      throw new Error('Invalid verification code provided, please try again.');
    });
    const { user, router } = renderApp('/reset-password?email=ada%40example.com', { confirmPasswordReset });
    await user.type(await screen.findByLabelText('Code from the email'), '000000');
    await user.type(screen.getByLabelText('New password'), 'NewPassw0rd');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await within(notifications()).findByRole('alert')).toHaveTextContent(
      'Invalid verification code provided, please try again.',
    );
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('sends a new code on request', async () => {
    const requestPasswordReset = vi.fn(async () => undefined);
    const { user } = renderApp('/reset-password?email=ada%40example.com', { requestPasswordReset });
    expect(await screen.findByText(/Didn't get a code\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new one' }));
    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Password reset code sent!');
  });
});
