import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('LandingPage', () => {
  it('says what Preseed does, lists the phases in order and shows the one-time price', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Preseed guides pre-seed founders/)).toBeInTheDocument();
    const phases = within(screen.getByRole('list', { name: 'How it works' })).getAllByRole('heading', { level: 3 });
    expect(phases.map((h) => h.textContent)).toEqual([
      'Generate your idea',
      'Trigger questions',
      'Value Proposition canvas',
      'Business Model canvas',
      'Validation & data room',
    ]);
    expect(screen.getByText('One-time payment of €299 — no subscription')).toBeInTheDocument();
  });

  it('leads to sign-up, login, the terms and the privacy policy', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});
