import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../app/router';
import type { RuntimeConfig } from '../lib/config';
import { ConfigProvider } from '../lib/config-context';
import { ToastProvider } from '../ui/toast/toast-context';
import { type FakeRoutes, installFakeApi } from './fake-api';
import { type FakeAuthOptions, FakeAuthProvider } from './fake-auth';
import { TEST_CONFIG } from './test-config';

/** A path, or a history entry with navigation state (e.g. the sign-up data the OTP page needs). */
export type AppEntry = string | { pathname: string; search?: string; state?: unknown };

export interface RenderAppOptions {
  /** Answers of the fake API by route id; GET /api/me defaults to a paid founder (see fake-api.ts). */
  api?: FakeRoutes;
  config?: RuntimeConfig;
  /** Options for userEvent.setup, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userEvent?: Parameters<typeof userEvent.setup>[0];
}

/** Renders the real route table at `entry`, with the auth context and the network faked. */
export function renderApp(entry: AppEntry, auth: FakeAuthOptions = {}, options: RenderAppOptions = {}) {
  const api = installFakeApi(options.api);
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const user = userEvent.setup(options.userEvent);
  const result = render(
    <ConfigProvider config={options.config ?? TEST_CONFIG}>
      <FakeAuthProvider options={auth}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </FakeAuthProvider>
    </ConfigProvider>,
  );
  return { ...result, router, user, api };
}
