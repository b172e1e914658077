import { SHARE_GONE_ERRORS } from '#shared/domain/sharing';
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/error-message';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';

/**
 * Why the share page shows no files, in words an investor can act on: what happened and what they can do. Only
 * failures that waiting can mend (too many requests, no connection, a fault on our side) offer Try again; a link
 * that is cut, turned off, expired or whose owner deleted their account says whom to ask instead.
 */
export interface ShareFailure {
  title: string;
  message: string;
  /** Whether trying again can help. */
  retry: boolean;
}

/** The API's codes for a link that no longer opens anything (functions/http/sharing.ts). */
const GONE: Record<string, Omit<ShareFailure, 'retry'>> = {
  [SHARE_GONE_ERRORS.revoked]: {
    title: 'This link has been turned off',
    message:
      'The person who shared these documents has turned this link off. If you still need them, ask them for a new link.',
  },
  [SHARE_GONE_ERRORS.expired]: {
    title: 'This link has expired',
    message:
      'The person who shared these documents set this link to stop working after a date, which has passed. If you still need them, ask them for a new link.',
  },
  [SHARE_GONE_ERRORS.ownerDeleted]: {
    title: 'These documents are no longer shared',
    message:
      'The person who shared these documents has deleted their Preseed account, and their documents were deleted with it. If you still need them, please contact them directly.',
  },
};

export const INCOMPLETE_LINK: ShareFailure = {
  title: 'This link is incomplete',
  message:
    'The address you opened does not match any shared documents; usually a part of it was cut off when it was copied. Copy the whole link from the message you were sent — it ends with a long code after “#” — and open it again. If it still does not work, ask the sender to send the link again.',
  retry: false,
};

const RATE_LIMITED: ShareFailure = {
  title: 'Too many attempts',
  message: 'This link has been opened too often in the last minute. Please wait a minute, then try again.',
  retry: true,
};

const OFFLINE: ShareFailure = {
  title: 'No connection',
  message: 'We could not reach Preseed. Check your internet connection, then try again.',
  retry: true,
};

const OUR_FAULT: ShareFailure = {
  title: 'Something went wrong on our side',
  message: 'The shared documents could not be loaded just now. Please try again in a moment.',
  retry: true,
};

/** The failure a refused or failed viewer call stands for. */
export function shareFailureOf(err: unknown): ShareFailure {
  if (!(err instanceof ApiError)) return OUR_FAULT;
  const gone = GONE[err.error];
  if (gone) return { ...gone, retry: false };
  if (err.status === 404) return INCOMPLETE_LINK;
  // A token the contract refuses is a link cut short (or mistyped): never the schema's wording.
  if (err.status === 400 && (fieldErrorsOf(err).token || err.error === 'BadRequest')) return INCOMPLETE_LINK;
  if (err.status === 429) return RATE_LIMITED;
  if (err.status === 0) return OFFLINE;
  return OUR_FAULT;
}

/**
 * What the access form says for a refused open: the field's own words for a bad email or passcode (never the
 * request-level "The request body is not valid (…)"), the API's message for a wrong passcode or too many tries.
 */
export function accessProblemOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 400) {
    const fields = fieldErrorsOf(err);
    if (fields.token) return null;
    return fields.email ?? fields.passcode ?? err.message;
  }
  if (err.status === 403 || err.status === 429) return err.message;
  return null;
}

/** The share page when it can show no files. */
export function SharePageFailure({ failure, onRetry }: { failure: ShareFailure; onRetry: () => void }) {
  return (
    <AuthLayout title={failure.title}>
      <p className="shared-files__message" role={failure.retry ? 'alert' : undefined}>
        {failure.message}
      </p>
      {failure.retry ? <Button onClick={onRetry}>Try again</Button> : null}
    </AuthLayout>
  );
}
