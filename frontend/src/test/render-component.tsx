import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { AuthUser } from '../lib/auth';
import { ConfigProvider } from '../lib/config-context';
import { createQueryClient, QueryProvider } from '../lib/query-client';
import { ToastProvider } from '../ui/toast/toast-context';
import { type FakeRoutes, installFakeApi } from './fake-api';
import { FakeAuthProvider, FOUNDER } from './fake-auth';
import { TEST_CONFIG } from './test-config';

/**
 * Renders one component outside the route table — a part another feature's page mounts (app/router.tsx wires it)
 * — with what the signed-in shell gives it: the account, a fresh query cache, toasts and the faked network.
 */
export function renderComponent(ui: ReactElement, options: { user?: AuthUser; api?: FakeRoutes } = {}) {
  const api = installFakeApi(options.api);
  const client = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <ConfigProvider config={TEST_CONFIG}>
      <FakeAuthProvider options={{ user: options.user ?? FOUNDER }}>
        <QueryProvider client={client}>
          <ToastProvider>{ui}</ToastProvider>
        </QueryProvider>
      </FakeAuthProvider>
    </ConfigProvider>,
  );
  return { ...result, user, api, client };
}
