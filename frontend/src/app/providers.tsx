import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth-context';
import type { RuntimeConfig } from '../lib/config';
import { ConfigProvider } from '../lib/config-context';
import { ToastProvider } from '../ui/toast/toast-context';

/**
 * Everything above the router: the runtime config, the session and toasts (which outlive page changes). The
 * TanStack Query provider sits in the signed-in shell and the few public pages that fetch (see lib/query-client.tsx).
 */
export function AppProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <ConfigProvider config={config}>
      <AuthProvider>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </ConfigProvider>
  );
}
