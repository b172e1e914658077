import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

describe('legal pages', () => {
  it('shows the terms to anyone, with the contact address', async () => {
    renderApp('/terms', { user: FOUNDER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'hello@preseed.app' })[0]).toHaveAttribute(
      'href',
      'mailto:hello@preseed.app',
    );
  });

  it('says what data is stored, that Stripe handles payments, that nothing is sold and how to delete', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/first and last name, your email address and your startup's name/)).toBeInTheDocument();
    expect(screen.getByText(/files you upload/)).toBeInTheDocument();
    expect(screen.getByText(/Payments are handled by Stripe/)).toBeInTheDocument();
    expect(screen.getByText(/We do not sell your data/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Deleting your account' })).toBeInTheDocument();
  });
});
