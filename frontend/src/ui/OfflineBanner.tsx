import { useMutationState } from '@tanstack/react-query';
import { plural } from '#shared/plural';
import { useOnline } from '../lib/use-online';
import './offline-banner.css';

/**
 * Said across the top of the app while the browser is offline: saves made now wait (the query client pauses them and
 * sends them in order on reconnect) and what is typed is kept on this device, so nothing is lost.
 */
export function OfflineBanner() {
  const online = useOnline();
  const waiting = useMutationState({ filters: { status: 'pending', predicate: (m) => m.state.isPaused } }).length;
  if (online) return null;
  const saves = waiting > 0 ? ` ${plural(waiting, 'save waits', 'saves wait')} to be sent.` : '';
  return (
    <p className="offline-banner" role="status">
      <strong>You are offline.</strong> What you type is kept on this device and saved when you are back online.
      {saves}
    </p>
  );
}
