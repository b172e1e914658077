import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AccountClosedError } from '../store/account-guard';
import { PhaseLockedError, QuestionMissingError } from '../store/answers';
import { InvalidCursorError } from '../store/cursor';
import {
  AnswerMissingError,
  FeedbackMissingError,
  NotAuthorError,
  NotPendingError,
  TooManyRepliesError,
} from '../store/feedback';
import { QuotaExceededError } from '../store/files';
import { IdempotencyKeyInUseError } from '../store/idempotency';
import { ContentionError } from '../store/retry';
import { ReadingRefusedError } from '../store/share-reading';
import { CustomTestLimitError, TestNotRemovedError, TestRemovedError } from '../store/test-runs';
import { HttpError } from './errors';
import { rootLogger } from './logger';
import { errorResponse, httpErrorOf } from './middleware';
import { STORE_REFUSALS, storeRefusalOf } from './store-refusals';

const MB = 1024 * 1024;

interface Case {
  readonly error: Error;
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly details?: unknown;
}

const CURSOR_MESSAGE = 'The cursor is not valid for this list. Start again from the first page.';

/** One case per registered class (two where the answer has two branches), with the answer the API gives. */
const CASES: readonly Case[] = [
  {
    error: new InvalidCursorError(CURSOR_MESSAGE),
    status: 400,
    code: 'BadRequest',
    message: CURSOR_MESSAGE,
    details: [{ field: 'cursor', message: CURSOR_MESSAGE }],
  },
  {
    error: new AccountClosedError('No profile for ada'),
    status: 403,
    code: 'Forbidden',
    message: 'This account has been deleted.',
  },
  {
    error: new QuotaExceededError({ files: 200, bytes: 10 * MB }, MB),
    status: 409,
    code: 'Conflict',
    message:
      'The data room holds at most 200 files and 500 MB in all; you use 10.0 MB in 200 files, and this file has 1.0 MB. Delete files you no longer need, then upload again.',
  },
  {
    error: new QuotaExceededError({ files: 1, bytes: 499 * MB }, 2 * MB),
    status: 413,
    code: 'PayloadTooLarge',
    message:
      'The data room holds at most 200 files and 500 MB in all; you use 499.0 MB in 1 file, and this file has 2.0 MB. Delete files you no longer need, then upload again.',
  },
  {
    error: new PhaseLockedError('value-proposition', 'trigger'),
    status: 403,
    code: 'Forbidden',
    message: 'The Value Proposition opens once a coach has reviewed your trigger questions.',
  },
  {
    error: new PhaseLockedError('swot', 'business_model_status'),
    status: 403,
    code: 'Forbidden',
    message:
      'The Validate tools open once a coach has reviewed your Business Model canvas: answer its questions first, then wait for the unlock.',
  },
  {
    error: new QuestionMissingError('business-model', 'q-7'),
    status: 404,
    code: 'NotFound',
    message: 'No Business Model question q-7.',
  },
  {
    error: new AnswerMissingError('q-3'),
    status: 404,
    code: 'NotFound',
    message: 'The founder has not answered question q-3; there is nothing to rate.',
  },
  {
    error: new NotAuthorError('Another coach wrote this summary'),
    status: 403,
    code: 'Forbidden',
    message: 'Another coach wrote this summary: only its author can change it. Add your view in the phase summary.',
  },
  {
    error: new FeedbackMissingError('q-4'),
    status: 404,
    code: 'NotFound',
    message: 'There is no comment on question q-4 to answer or resolve.',
  },
  {
    error: new TooManyRepliesError('At most 50 replies per comment'),
    status: 409,
    code: 'Conflict',
    message: 'At most 50 replies per comment: this conversation is full. Resolve it and continue in another one.',
  },
  {
    error: new NotPendingError('unlocked', 'trigger'),
    status: 409,
    code: 'Conflict',
    message: "This founder's Trigger Questions is already unlocked: changes can be asked for only before the unlock.",
  },
  {
    error: new NotPendingError('in-progress', 'value-proposition'),
    status: 409,
    code: 'Conflict',
    message: 'This founder has not answered every Value Proposition question yet: there is nothing to send back.',
  },
  {
    error: new TestRemovedError(),
    status: 409,
    code: 'Conflict',
    message: 'This test was removed. Restore it from Removed tests to work on it again.',
  },
  {
    error: new CustomTestLimitError(),
    status: 409,
    code: 'Conflict',
    message:
      'You already keep 50 tests of your own, the most allowed (removed ones count until deleted for good). Delete a removed test of your own for good to add another.',
    details: { limit: 50 },
  },
  {
    error: new TestNotRemovedError(),
    status: 409,
    code: 'Conflict',
    message: 'Remove this test first: only a removed test can be deleted for good.',
  },
  {
    error: new ReadingRefusedError("Page 9 is past the file's last page (4)."),
    status: 400,
    code: 'BadRequest',
    message: "Page 9 is past the file's last page (4).",
  },
  {
    error: new IdempotencyKeyInUseError('Another request with this Idempotency-Key stored its save first'),
    status: 409,
    code: 'IdempotencyKeyInUse',
    message: 'A request with this Idempotency-Key is being handled right now. Please try again in a moment.',
  },
];

describe('store refusals', () => {
  it.each(CASES)('answer $error.name with $status', ({ error, status, code, message, details }) => {
    const http = storeRefusalOf(error);
    expect(http).toBeInstanceOf(HttpError);
    expect({ status: http?.statusCode, code: http?.code, message: http?.message, details: http?.details }).toEqual({
      status,
      code,
      message,
      details,
    });
  });

  it('cover every registered class, and each class is registered under the name it carries', () => {
    const names = new Set(CASES.map((c) => c.error.name));
    expect([...names].sort()).toEqual(Object.keys(STORE_REFUSALS).sort());
    expect(names.size).toBe(15);
  });

  it('register every error class the store exports, each a named error (ContentionError alone answers by another rule)', async () => {
    // Read from the loaded modules, not their text: the mutation run instruments the sources it imports.
    const storeDir = new URL('../store/', import.meta.url);
    const declared: { exported: string; name: string }[] = [];
    for (const file of readdirSync(storeDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module: Record<string, unknown> = await import(new URL(file, storeDir).href);
      for (const [exported, value] of Object.entries(module)) {
        if (typeof value !== 'function' || !(value.prototype instanceof Error)) continue;
        // Every store error's constructor only words its message, so one built without arguments says its name.
        const instance = Reflect.construct(value, []) as Error;
        declared.push({ exported, name: instance.name });
      }
    }
    expect(declared.length).toBeGreaterThanOrEqual(15);
    for (const { exported, name } of declared) expect(name, `${exported} writes out its own name`).toBe(exported);
    const unregistered = declared.map((d) => d.name).filter((name) => !Object.hasOwn(STORE_REFUSALS, name));
    expect(unregistered).toEqual(['ContentionError']);
  });

  it('leave other errors alone: an unregistered store error, a plain error, a value that is not an error', () => {
    expect(storeRefusalOf(new ContentionError('busy'))).toBeNull();
    expect(storeRefusalOf(new Error('No question q-1'))).toBeNull();
    // A name inherited from Object.prototype is not an entry.
    expect(storeRefusalOf(Object.assign(new Error('x'), { name: 'toString' }))).toBeNull();
    expect(storeRefusalOf({ name: 'InvalidCursorError', message: 'not an Error' })).toBeNull();
  });
});

describe('the error middleware', () => {
  it('answers a store refusal a route let through with its registered status and body', () => {
    const res = errorResponse(new QuestionMissingError('trigger', 'q-9'), rootLogger, 'req-1');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(String(res.body))).toEqual({ error: 'NotFound', message: 'No Trigger Questions question q-9.' });
    expect(res.headers?.['x-request-id']).toBe('req-1');
  });

  it('answers every bad cursor in the one shape, whichever list it came from', () => {
    const res = errorResponse(new InvalidCursorError(CURSOR_MESSAGE), rootLogger, 'req-2');
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(String(res.body))).toEqual({
      error: 'BadRequest',
      message: CURSOR_MESSAGE,
      details: [{ field: 'cursor', message: CURSOR_MESSAGE }],
    });
  });

  it('keeps an HttpError as thrown, and leaves a store error it does not register to the other rules', () => {
    const own = new HttpError(418, 'Teapot', 'short and stout');
    expect(httpErrorOf(own)).toBe(own);
    // Contention passes with time: the unavailable rule answers it, as before the registry.
    expect(httpErrorOf(new ContentionError('busy'))?.statusCode).toBe(503);
    expect(errorResponse(new Error('No question q-1'), rootLogger, 'req-3').statusCode).toBe(500);
  });
});
