import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

describe('AccountCreatedPage', () => {
  it('welcomes a signed-in founder and leads on to the setup wizard', async () => {
    const { user, router } = renderApp('/account-created', { user: FOUNDER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Created!' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome to Preseed!/)).toBeInTheDocument();
    const start = screen.getByRole('link', { name: 'Start Building Your Startup' });
    expect(start).toHaveAttribute('href', '/onboarding');
    await user.click(start);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your startup' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('leads a signed-out visitor to /login', async () => {
    renderApp('/account-created');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Created!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Building Your Startup' })).toHaveAttribute('href', '/login');
  });
});
