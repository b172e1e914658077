import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  DIRECTORY_PHASES,
  DIRECTORY_SEARCH_MAX,
  type DirectoryPhase,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '#shared/domain/founder-directory';
import type { DirectoryFilters } from './directory-api';

/** Typing pauses this long before the address (and so the directory) follows: one request per word, not per key. */
export const SEARCH_DELAY_MS = 300;

/** The search parameters the directory keeps its filters in: a reload, a shared link, Back and Forward keep them. */
export const FILTER_PARAMS = { q: 'q', phase: 'phase', status: 'status' } as const;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** An address can be typed by hand: a value that is not one of the list's is no filter. */
function oneOf<T extends string>(value: string | null, values: readonly T[]): T | '' {
  return values.find((v) => v === value) ?? '';
}

function withParam(current: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

export interface DirectoryFilterState {
  /** What the directory is asked: the address's filters. */
  filters: DirectoryFilters;
  /** The search field's text, ahead of the address while the coach types. */
  search: string;
  setSearch(text: string): void;
  /** '' clears the filter; the address is read back through the lists of phases and statuses. */
  setChoice(key: 'phase' | 'status', value: DirectoryPhase | ReviewStatus | ''): void;
}

/**
 * The directory's filters, held in the address. A phase or status is a new history entry (Back undoes it); the
 * search settles into the address once typing pauses and replaces the entry, so Back does not replay each word.
 * When the address changes under the page (Back, Forward, a link), the search field follows it.
 */
export function useDirectoryFilters(): DirectoryFilterState {
  const [params, setParams] = useSearchParams();
  const urlQ = (params.get(FILTER_PARAMS.q) ?? '').slice(0, DIRECTORY_SEARCH_MAX);
  const phase = oneOf(params.get(FILTER_PARAMS.phase), DIRECTORY_PHASES);
  const status = oneOf(params.get(FILTER_PARAMS.status), REVIEW_STATUSES);

  const [search, setSearch] = useState(urlQ);
  const debounced = useDebounced(search, SEARCH_DELAY_MS);
  const lastSettled = useRef(debounced);
  const current = useRef(search);
  current.current = search;

  // A newly settled text goes to the address, unless the field has moved on since (Back or Forward set it while its
  // timer ran): a stale text never writes itself back over the address.
  useEffect(() => {
    if (lastSettled.current === debounced) return;
    lastSettled.current = debounced;
    if (debounced === current.current && debounced !== urlQ) {
      setParams((p) => withParam(p, FILTER_PARAMS.q, debounced), { replace: true });
    }
  }, [debounced, urlQ, setParams]);

  // The address changed to a search the field does not show (Back, Forward, a link): the field shows it.
  useEffect(() => {
    if (urlQ !== current.current) setSearch(urlQ);
  }, [urlQ]);

  return {
    filters: { q: urlQ, phase, status },
    search,
    setSearch,
    setChoice: (key, value) => setParams((p) => withParam(p, FILTER_PARAMS[key], value)),
  };
}
