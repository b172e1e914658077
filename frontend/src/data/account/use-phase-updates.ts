import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentAccessToken } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { useConfig } from '../../lib/config-context';
import { feedbackKeys } from '../feedback/feedback-api';
import { journeyKeys } from '../journey/journey-api';
import { type MeResponse, meQueryKey } from './me-api';
import { connectPhaseUpdates } from './phase-updates';

/**
 * Keeps a signed-in founder's phase flags live: one WebSocket per founder while `enabled`
 * (a paid founder; administrators open none). A push replaces the flags in the cached /api/me;
 * every (re)connection refetches it, since pushes sent while disconnected are lost.
 */
export function usePhaseUpdates({ enabled }: { enabled: boolean }): void {
  const { user } = useAuth();
  const { realtimeUrl } = useConfig();
  const queryClient = useQueryClient();
  const sub = user && !user.isAdmin ? user.sub : undefined;

  useEffect(() => {
    if (!enabled || !sub) return;
    let shownVersion = -1;
    const updates = connectPhaseUpdates({
      url: realtimeUrl,
      userId: sub,
      getToken: currentAccessToken,
      onOpen: () => {
        void queryClient.invalidateQueries({ queryKey: meQueryKey(sub) });
        void queryClient.invalidateQueries({ queryKey: feedbackKeys.all(sub) });
      },
      onMessage: (message) => {
        // A coach's feedback changed: the badges, the open phase page and the dashboard's next step (a request for
        // changes turns "your coach is reviewing" into "your coach asked for changes") fetch it again.
        if (message.type === 'feedback') {
          void queryClient.invalidateQueries({ queryKey: feedbackKeys.all(sub) });
          void queryClient.invalidateQueries({ queryKey: journeyKeys.dashboard(sub) });
          return;
        }
        // Pushes can overtake each other; an older version never replaces a newer one.
        if (message.version < shownVersion) return;
        shownVersion = message.version;
        // An unlock ends what the phase's comments asked of the founder: its badge clears with this push, not after
        // the overview's stale time.
        void queryClient.invalidateQueries({ queryKey: feedbackKeys.overview(sub) });
        // A refetch still in flight (started on open) may have read the record before this change.
        void queryClient.cancelQueries({ queryKey: meQueryKey(sub) }).then(() => {
          queryClient.setQueryData<MeResponse>(meQueryKey(sub), (me) => (me ? { ...me, phases: message.phases } : me));
        });
      },
    });
    return () => updates.close();
  }, [enabled, sub, realtimeUrl, queryClient]);
}
