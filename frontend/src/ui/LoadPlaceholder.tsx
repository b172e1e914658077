import type { ReactNode } from 'react';
import { LoadError, LoadingArea } from './LoadState';

export interface LoadStates<T> {
  /** What has loaded so far. */
  data: T | undefined;
  /** The first load is under way. */
  loading: boolean;
  /** Names the spinner shown while loading. */
  loadingLabel: string;
  /** The load failed; left out, a load that is over with nothing to show for it counts as failed. */
  failed?: boolean;
  /** What could not load, shown above Try again. */
  failedText: ReactNode;
  onRetry: () => void;
  /** The retry is under way: Try again shows it is busy. */
  retrying?: boolean;
  /** Announce the failure at once (role=alert): the dialog was opened to show this content. */
  alert?: boolean;
  /** Loaded, yet nothing to show: what says so, and how to tell. */
  empty: { when: (data: T) => boolean; show: ReactNode };
}

/** Either what stands in for the content (loading, failed with Try again, empty), or the loaded data to show. */
export type LoadedOrPlaceholder<T> = { placeholder: ReactNode } | { loaded: T };

/**
 * What a view shows until it has something to show, in one order for every view: loading first, then a failed
 * load with Try again, then the empty note; else the data, for the caller to lay out.
 */
export function loadedOrPlaceholder<T>(states: LoadStates<T>): LoadedOrPlaceholder<T> {
  const { data, loading, loadingLabel, failedText, onRetry, retrying, alert, empty } = states;
  if (loading) return { placeholder: <LoadingArea label={loadingLabel} /> };
  if (states.failed === true || data === undefined) {
    return {
      placeholder: (
        <LoadError onRetry={onRetry} retrying={retrying} alert={alert}>
          {failedText}
        </LoadError>
      ),
    };
  }
  if (empty.when(data)) return { placeholder: empty.show };
  return { loaded: data };
}
