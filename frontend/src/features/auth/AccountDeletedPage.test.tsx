import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../lib/paths';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

describe('the account-deleted page', () => {
  it('says the account was deleted elsewhere, signs this browser out, and offers to sign up again', async () => {
    const signOut = vi.fn(() => Promise.resolve());
    renderApp(PATHS.accountDeleted, { user: FOUNDER, signOut });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This account has been deleted' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/deleted from another browser or device, so you have been signed out/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', PATHS.signup);
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    // Signed out, it stays: no detour by the login or payment page.
    expect(screen.getByRole('heading', { level: 1, name: 'This account has been deleted' })).toBeInTheDocument();
  });
});
