/**
 * The store's refusals in the API's words: each error class the store throws for a request it will not carry out,
 * with the HTTP answer it becomes. The error middleware consults this list for every error a route lets through,
 * so a handler calls the store and lets its refusals pass; the facts a message names (the question, the type, the
 * usage) travel on the error. A store error not listed here is a 500, as any unexpected error is.
 */
import { DATA_ROOM_QUOTA, quotaMessage } from '#shared/domain/data-room';
import { lockedMessageOf } from '#shared/domain/phases';
import { QUESTION_TYPE_LABELS } from '#shared/domain/questions';
import { CUSTOM_TEST_LIMIT } from '#shared/domain/validation-tests';
import type { AccountClosedError } from '../store/account-guard';
import type { PhaseLockedError, QuestionMissingError } from '../store/answers';
import type { InvalidCursorError } from '../store/cursor';
import type {
  AnswerMissingError,
  FeedbackMissingError,
  NotAuthorError,
  NotPendingError,
  TooManyRepliesError,
} from '../store/feedback';
import type { QuotaExceededError } from '../store/files';
import type { IdempotencyKeyInUseError } from '../store/idempotency';
import type { ReadingRefusedError } from '../store/share-reading';
import type { CustomTestLimitError, TestNotRemovedError, TestRemovedError } from '../store/test-runs';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
} from './errors';

/** The store errors that refuse a request; each one's `name` is the literal its class writes out (named-error.ts). */
export type StoreRefusalError =
  | InvalidCursorError
  | AccountClosedError
  | QuotaExceededError
  | PhaseLockedError
  | QuestionMissingError
  | AnswerMissingError
  | NotAuthorError
  | FeedbackMissingError
  | TooManyRepliesError
  | NotPendingError
  | TestRemovedError
  | CustomTestLimitError
  | TestNotRemovedError
  | ReadingRefusedError
  | IdempotencyKeyInUseError;

type Answers = { readonly [E in StoreRefusalError as E['name']]: (err: E) => HttpError };

/** Every paged list's bad cursor, in one shape: 400 naming the `cursor` field, the store's message. */
export const invalidCursor = (err: InvalidCursorError): BadRequestError =>
  new BadRequestError(err.message, [{ field: 'cursor', message: err.message }]);

/** 409 when the file count is used up, else 413 (the bytes are). */
export function quotaRefusal(err: QuotaExceededError): HttpError {
  const message = quotaMessage(err.used, err.size);
  return err.used.files + 1 > DATA_ROOM_QUOTA.maxFiles ? new ConflictError(message) : new PayloadTooLargeError(message);
}

export const STORE_REFUSALS: Answers = {
  InvalidCursorError: invalidCursor,
  AccountClosedError: () => new ForbiddenError('This account has been deleted.'),
  QuotaExceededError: quotaRefusal,
  PhaseLockedError: (err) => new ForbiddenError(lockedMessageOf(err.type)),
  QuestionMissingError: (err) => new NotFoundError(`No ${QUESTION_TYPE_LABELS[err.type]} question ${err.questionId}.`),
  AnswerMissingError: (err) =>
    new NotFoundError(`The founder has not answered question ${err.questionId}; there is nothing to rate.`),
  NotAuthorError: (err) =>
    new ForbiddenError(`${err.message}: only its author can change it. Add your view in the phase summary.`),
  FeedbackMissingError: (err) =>
    new NotFoundError(`There is no comment on question ${err.questionId} to answer or resolve.`),
  TooManyRepliesError: (err) =>
    new ConflictError(`${err.message}: this conversation is full. Resolve it and continue in another one.`),
  NotPendingError: (err) => {
    const label = QUESTION_TYPE_LABELS[err.type];
    return new ConflictError(
      err.status === 'unlocked'
        ? `This founder's ${label} is already unlocked: changes can be asked for only before the unlock.`
        : `This founder has not answered every ${label} question yet: there is nothing to send back.`,
    );
  },
  TestRemovedError: () =>
    new ConflictError('This test was removed. Restore it from Removed tests to work on it again.'),
  CustomTestLimitError: () =>
    new ConflictError(
      `You already keep ${CUSTOM_TEST_LIMIT} tests of your own, the most allowed (removed ones count until deleted for good). Delete a removed test of your own for good to add another.`,
      { limit: CUSTOM_TEST_LIMIT },
    ),
  TestNotRemovedError: () => new ConflictError('Remove this test first: only a removed test can be deleted for good.'),
  // Said to the viewer's page, which drops the batch: a person never reads it.
  ReadingRefusedError: (err) => new BadRequestError(err.message),
  // The other request's answer is recorded a moment after its commit: this retry, sent again, is answered with it.
  IdempotencyKeyInUseError: () =>
    new HttpError(
      409,
      'IdempotencyKeyInUse',
      'A request with this Idempotency-Key is being handled right now. Please try again in a moment.',
      undefined,
      { 'retry-after': '1' },
    ),
};

const isRefusalName = (name: string): name is StoreRefusalError['name'] => Object.hasOwn(STORE_REFUSALS, name);

/**
 * The HTTP answer to a store refusal, or null when `err` is none of them. Matched by name, which each class writes
 * out, so this module loads no store code: the types above are all it takes from the store.
 */
export function storeRefusalOf(err: unknown): HttpError | null {
  if (!(err instanceof Error) || !isRefusalName(err.name)) return null;
  // The name picks the entry written for this class; TypeScript cannot tie the two without a cast.
  const answer = STORE_REFUSALS[err.name] as (err: Error) => HttpError;
  return answer(err);
}
