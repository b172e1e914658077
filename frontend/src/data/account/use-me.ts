import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-context';
import { getQueryClient } from '../../lib/query-client';
import { fetchMe, type MeResponse, meQueryKey } from './me-api';

/**
 * The signed-in user's /api/me (profile with the paid flag, phase flags), cached under ['me', sub].
 * Disabled while nobody is signed in, or when `enabled` is false (e.g. admins, who have no phases).
 * Refetched when the window regains focus, so a coach's unlock shows up when the founder comes back.
 */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  const { status, user } = useAuth();
  const sub = user?.sub ?? '';
  return useQuery({
    queryKey: meQueryKey(sub),
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: enabled && status === 'signedIn' && sub !== '',
    refetchOnWindowFocus: true,
  });
}

/** Stores a /api/me answer fetched elsewhere (the login page's payment check), so the shell does not fetch it again. */
export function primeMe(sub: string, me: MeResponse): void {
  getQueryClient().setQueryData(meQueryKey(sub), me);
}

/**
 * Fetches /api/me again now (after a payment) so the founder pages see the new paid flag. If that fails the cached
 * answer is dropped instead, and the next page that needs it fetches it.
 */
export async function refreshMe(client: QueryClient, sub: string): Promise<void> {
  try {
    await client.fetchQuery({ queryKey: meQueryKey(sub), queryFn: ({ signal }) => fetchMe(signal), staleTime: 0 });
  } catch (err) {
    console.error('Could not refresh /api/me', err);
    client.removeQueries({ queryKey: meQueryKey(sub) });
  }
}
