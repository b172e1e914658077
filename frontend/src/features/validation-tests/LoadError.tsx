import { Button } from '../../ui/Button';
import { lockedReason } from './validation-api';

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
