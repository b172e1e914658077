import { useEffect, useRef } from 'react';

/**
 * Calls `onError` once for each new failure of a query (TanStack Query stamps each with `errorUpdatedAt`), not for
 * a failure already in the cache when the component mounts.
 */
export function useOnNewError(error: unknown, errorUpdatedAt: number, onError: (error: unknown) => void): void {
  const seen = useRef(error ? errorUpdatedAt : 0);
  const callback = useRef(onError);
  callback.current = onError;
  useEffect(() => {
    if (!error || errorUpdatedAt === seen.current) return;
    seen.current = errorUpdatedAt;
    callback.current(error);
  }, [error, errorUpdatedAt]);
}
