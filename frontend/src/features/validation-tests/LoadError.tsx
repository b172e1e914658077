import type { ReactNode } from 'react';
import { lockedReason } from '../../data/validation/validation-api';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { LockedNotice } from '../../ui/LockedNotice';
import { Spinner } from '../../ui/Spinner';

export const LOAD_ERROR = 'Could not load the validation tests.';
export const VALIDATION_LOCKED_TITLE = 'Validation tests are locked';

/**
 * Why the tests did not load, for Validation Tests and Test Evaluation. A locked phase (403) says which unlock it
 * waits for, and offers no retry since none would help; any other failure is an alert that offers to try again.
 */
export function LoadError({ error, retrying, retry }: { error: unknown; retrying: boolean; retry: () => void }) {
  const locked = lockedReason(error);
  // A phase not unlocked yet is no failure: the same neutral notice as a locked canvas or tool, not an alert.
  if (locked) return <TestsLocked reason={locked} />;
  return (
    <div className="notice" role="alert">
      <p className="notice__text">{LOAD_ERROR}</p>
      <Button variant="secondary" loading={retrying} onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/** In place of the tests while the phase is locked, with the server's reason (which unlock it waits for). */
export function TestsLocked({ reason }: { reason: string }) {
  return (
    <LockedNotice title={VALIDATION_LOCKED_TITLE} link={{ to: PATHS.businessModel, label: 'Go to the Business Model' }}>
      {reason}
    </LockedNotice>
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
