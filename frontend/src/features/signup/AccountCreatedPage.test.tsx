import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('AccountCreatedPage', () => {
  it('welcomes the founder and leads to /login', async () => {
    renderApp('/account-created');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Created!' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome to Preseed!/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Building Your Startup' })).toHaveAttribute('href', '/login');
  });
});
