import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, founderProfile, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

const PAID = {
  payment: { amount: 4900, currency: 'eur', paidAt: '2026-11-20T10:00:00.000Z', receiptUrl: 'https://pay.example/r/1' },
};

function renderSettings(receipt: unknown = PAID) {
  const sent: FakeRequest[] = [];
  const app = renderApp(
    '/account',
    { user: FOUNDER },
    {
      api: {
        'accounts.me': meReply(),
        'payments.receipt': { body: receipt },
        'accounts.updateProfile': (request) => {
          sent.push(request);
          return { body: { profile: founderProfile(request.body as object) } };
        },
        'deletion.deleteAccount': (request) => {
          sent.push(request);
          return { body: { deleted: true, removed: { items: 40, files: 1, user: true } } };
        },
      },
    },
  );
  return { ...app, sent };
}

/** The lazy page and the shell load first; on a busy machine that takes longer than a findBy's second. */
const opened = () => screen.findByRole('heading', { level: 1, name: 'Account Settings' }, { timeout: 10_000 });

describe('Account Settings page', () => {
  it('saves new names', async () => {
    const { user, sent } = renderSettings();
    await opened();
    const first = await screen.findByLabelText(/^First name/);
    await waitFor(() => expect(first).toHaveValue(founderProfile().firstName));
    await user.clear(first);
    await user.type(first, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile saved.');
    expect(sent[0]?.body).toMatchObject({ firstName: 'Ada', lastName: founderProfile().lastName });
  });

  it('shows the payment with its receipt link, or the way to pay when there is none', async () => {
    renderSettings();
    await opened();
    expect(await screen.findByText('€49.00', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View your Stripe receipt/ })).toHaveAttribute(
      'href',
      PAID.payment.receiptUrl,
    );
  });

  it('offers the payment page to a founder who has not paid', async () => {
    renderSettings({ payment: null });
    await opened();
    expect(await screen.findByRole('link', { name: 'Go to payment' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it('deletes the account only once the email is typed', async () => {
    const { user, sent } = renderSettings();
    await opened();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^Type .* to confirm$/), founderProfile().email.toUpperCase());
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await screen.findByText('Your account has been deleted.');
    expect(sent.at(-1)?.body).toEqual({ email: founderProfile().email.toUpperCase() });
  });
});
