import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api';

const MAX_RETRIES = 2;

/** Retrying cannot fix a refused request (4xx); it can fix a flaky network or a 5xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/** The app's one cache, shared by every QueryProvider so data survives moving between layouts. */
export function getQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}

/**
 * Mounted by the layouts that fetch data (the signed-in shell), not at the root: TanStack Query then stays out of
 * the entry chunk the login page loads. A public page that needs queries wraps itself in one too.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client ?? getQueryClient()}>{children}</QueryClientProvider>;
}
