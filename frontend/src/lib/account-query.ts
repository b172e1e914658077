/**
 * Reads of the signed-in account's own data (answers, tests, links, files): cached under the account's id, so one
 * account's data is never shown to the next one signed in on the same browser, and not asked for while signed out.
 */
import { type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useAuth } from './auth-context';

/** The signed-in account's id, or '' while no one is signed in. */
export function useAccountSub(): string {
  return useAuth().user?.sub ?? '';
}

export interface AccountQueryOptions<TData, TSelected> {
  /** The cache key, built on the account's id. */
  key: (sub: string) => QueryKey;
  fetch: (signal: AbortSignal) => Promise<TData>;
  select?: (data: TData) => TSelected;
  /** Asks only while true (and someone is signed in). */
  enabled?: boolean;
  /** Overrides the app's default (query-client.tsx). */
  staleTime?: number;
}

export function useAccountQuery<TData, TSelected = TData>({
  key,
  fetch,
  select,
  enabled = true,
  staleTime,
}: AccountQueryOptions<TData, TSelected>): UseQueryResult<TSelected> {
  const sub = useAccountSub();
  return useQuery<TData, Error, TSelected>({
    queryKey: key(sub),
    queryFn: ({ signal }) => fetch(signal),
    enabled: enabled && sub !== '',
    // Left out rather than undefined, which would override the defaults.
    ...(select ? { select } : {}),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
