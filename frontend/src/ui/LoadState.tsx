import type { ReactNode } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';

/** A spinner centred where a list, table or section will show once it has loaded. */
export function LoadingArea({ label }: { label: string }) {
  return (
    <div className="loading-area">
      <Spinner label={label} />
    </div>
  );
}

export interface LoadErrorProps {
  /** What could not load, with the API's reason when it gave one. */
  children: ReactNode;
  onRetry: () => void;
  /** The retry is under way: Try again shows it is busy. */
  retrying?: boolean;
  /** Announce it at once (role=alert): for an error that replaces content the coach is looking at. */
  alert?: boolean;
}

/** In place of data that could not load: what failed, then Try again. */
export function LoadError({ children, onRetry, retrying, alert = false }: LoadErrorProps) {
  return (
    <div className="load-error" role={alert ? 'alert' : undefined}>
      <p>{children}</p>
      <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
