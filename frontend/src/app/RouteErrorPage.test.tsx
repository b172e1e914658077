import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './RouteErrorPage';

/** A page whose chunk fails to load, as a lazy route does without a connection. */
function renderBrokenRoute() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteErrorPage />,
      lazy: async () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
    },
  ]);
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.restoreAllMocks());

describe('RouteErrorPage', () => {
  it('says the page could not load offline, rather than that something went wrong', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderBrokenRoute();
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();
    expect(
      screen.getByText(/It will load as soon as you are back online; nothing you typed is lost\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('loads the page by itself once the browser is back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderBrokenRoute();
    await screen.findByRole('heading', { level: 1, name: 'You are offline' });
    expect(reload).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('asks for a reload when it failed online', async () => {
    renderBrokenRoute();
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
