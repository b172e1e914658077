import type { ReactNode } from 'react';
import { lockedReason } from '../../data/validation/validation-api';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

export const LOAD_ERROR = 'Could not load the validation tests.';

/**
 * Why the tests did not load, for Validation Tests and Test Evaluation. A locked phase (403) says which unlock it
 * waits for, and offers no retry since none would help; any other failure offers to try again.
 */
export function LoadError({ error, retrying, retry }: { error: unknown; retrying: boolean; retry: () => void }) {
  const locked = lockedReason(error);
  return (
    <div className="notice" role="alert">
      <p className="notice__text">{locked ?? LOAD_ERROR}</p>
      {locked ? null : (
        <Button variant="secondary" loading={retrying} onClick={retry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** What a page needs to know of the tests' query (react-query's result has it). */
interface TestsQuery {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * While the tests load, a spinner in the page's own status box; when they could not load (and none are cached), why;
 * once they are here, null — so each page reads `testsNotReady(…) ?? what it shows with them`.
 */
export function testsNotReady(query: TestsQuery, statusClass: string, loadingLabel: string): ReactNode {
  if (query.isPending) {
    return (
      <div className={statusClass}>
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return <LoadError error={query.error} retrying={query.isFetching} retry={() => void query.refetch()} />;
  }
  return null;
}
