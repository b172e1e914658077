import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

describe('NotFoundPage', () => {
  it('says the page is missing, links home and logs the path', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // The path is logged by an effect, which may run just after the heading is painted.
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), '/no/such/page'),
    );
  });

  it('is shown to signed-in users as well', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/nowhere', { user: FOUNDER });
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
  });
});
