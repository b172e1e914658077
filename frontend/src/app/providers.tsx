import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth-context';
import { ToastProvider } from '../ui/toast/toast-context';

/**
 * Everything above the router: the session and toasts (which outlive page changes). The TanStack Query provider
 * sits in the signed-in shell instead (see lib/query-client.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ToastProvider>{children}</ToastProvider>
    </AuthProvider>
  );
}
