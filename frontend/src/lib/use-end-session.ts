import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from './auth-context';
import { PATHS } from './paths';

/**
 * Ends the session on this browser: signs out, forgets every cached answer (the next person to sign in on this
 * browser must not see this user's data) and goes to the login page. The one sequence behind Log out (the shell's
 * header, the payment page; see ui/use-log-out.ts) and behind deleting the account.
 */
export function useEndSession(): (options?: { signOutMayFail?: boolean }) => Promise<void> {
  const { signOut } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ signOutMayFail = false } = {}) => {
      // A deleted account's session is gone on the server: a failed sign-out must not keep its data on screen.
      await (signOutMayFail ? signOut().catch(() => undefined) : signOut());
      client.clear();
      // replace: the guard redirects to /login too once the session is gone; one history entry is enough.
      navigate(PATHS.login, { replace: true });
    },
    [signOut, client, navigate],
  );
}
