import { useState } from 'react';
import { useEndSession } from '../lib/use-end-session';
import { useToast } from './toast/toast-context';

/** The Log out button's behaviour wherever it shows: end the session, say so, or say it failed and allow a retry. */
export function useLogOut(): { logOut: () => Promise<void>; signingOut: boolean } {
  const endSession = useEndSession();
  const { toast } = useToast();
  const [signingOut, setSigningOut] = useState(false);

  async function logOut() {
    setSigningOut(true);
    try {
      await endSession();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    } catch (err) {
      console.error('Logout failed', err);
      toast({ variant: 'destructive', title: 'Error', description: 'Something went wrong. Please try again.' });
      setSigningOut(false);
    }
  }

  return { logOut, signingOut };
}
