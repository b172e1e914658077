import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DISABLED_MESSAGE,
  ADMIN_MFA_MISSING_MESSAGE,
  ADMIN_MFA_NOW_ON_MESSAGE,
  ADMIN_MFA_REQUIRED,
  COACH_ACCOUNT_TTL_MS,
  type CoachAccountState,
  type CoachCheckDeps,
  type CoachSessionRecord,
  createCoachCheck,
  NOT_A_COACH_MESSAGE,
  SESSION_ENDED_MESSAGE,
  sessionEnded,
} from './admin-mfa';
import { ENV_NAMES } from './env';
import { ForbiddenError, UnauthorizedError } from './errors';
import { ACCOUNT_GONE_MESSAGE, type AccessChecks, checkAccess, PAYMENT_REQUIRED_MESSAGE } from './http';
import type { Principal } from './principal';

/** Epoch seconds of the tests' "now"; sessions begin relative to it. */
const NOW_S = 1_800_000_000;
const COACH: Principal = { sub: 'coach-sub', username: 'coach', groups: ['admin'], isAdmin: true, authTime: NOW_S };
const FOUNDER: Principal = { sub: 'founder-sub', username: 'founder', groups: [], isAdmin: false, authTime: NOW_S };

const GOOD_COACH: CoachAccountState = { enabled: true, inAdminGroup: true, hasMfa: true };

function setRequirement(value: string | undefined): void {
  if (value === undefined) delete process.env[ENV_NAMES.adminMfa];
  else process.env[ENV_NAMES.adminMfa] = value;
}

/** A coach check over an in-memory Cognito account and session record, with a clock the test moves. */
function harness(account: CoachAccountState | null = GOOD_COACH, record: Partial<CoachSessionRecord> = {}) {
  const state = {
    account,
    record: { sessionsValidAfter: null, mfaSince: null, ...record } as CoachSessionRecord,
    clockMs: NOW_S * 1000 + 500,
  };
  const deps = {
    account: vi.fn(async () => state.account),
    session: vi.fn(async () => ({ ...state.record })),
    recordMfa: vi.fn(async (_sub: string, at: number) => {
      if (state.record.mfaSince !== null) return false;
      state.record = { mfaSince: at, sessionsValidAfter: at };
      return true;
    }),
    forgetMfa: vi.fn(async () => {
      const had = state.record.mfaSince !== null;
      state.record = { ...state.record, mfaSince: null };
      return had;
    }),
    now: () => state.clockMs,
  } satisfies CoachCheckDeps;
  return { state, deps, check: createCoachCheck(deps) };
}

const at = (authTime: number): Principal => ({ ...COACH, authTime });

describe('sessionEnded', () => {
  it('ends a session begun at or before the recorded moment, and no later one', () => {
    expect(sessionEnded(NOW_S, NOW_S)).toBe(true);
    expect(sessionEnded(NOW_S - 1, NOW_S)).toBe(true);
    expect(sessionEnded(NOW_S + 1, NOW_S)).toBe(false);
    expect(sessionEnded(NOW_S, null)).toBe(false);
    expect(sessionEnded(NOW_S, undefined)).toBe(false);
  });
});

describe('createCoachCheck', () => {
  const original = process.env[ENV_NAMES.adminMfa];
  beforeEach(() => setRequirement(ADMIN_MFA_REQUIRED));
  afterEach(() => setRequirement(original));

  it('lets an enrolled coach in once the app is recorded, and sessions begun later', async () => {
    const { check, deps } = harness(GOOD_COACH, { mfaSince: NOW_S - 100, sessionsValidAfter: NOW_S - 100 });
    await expect(check(at(NOW_S - 99), true)).resolves.toBeUndefined();
    expect(deps.recordMfa).not.toHaveBeenCalled();
  });

  it('refuses a session begun at or before the recorded end of sessions, on every route, without asking Cognito', async () => {
    const { check, deps } = harness(GOOD_COACH, { mfaSince: NOW_S - 100, sessionsValidAfter: NOW_S - 10 });
    for (const adminRoute of [true, false]) {
      const refused = check(at(NOW_S - 10), adminRoute);
      await expect(refused).rejects.toBeInstanceOf(UnauthorizedError);
      await expect(refused).rejects.toThrow(SESSION_ENDED_MESSAGE);
    }
    await expect(check(at(NOW_S - 9), false)).resolves.toBeUndefined();
    expect(deps.account).toHaveBeenCalledTimes(1); // the admin route's lookup, made alongside the record's read
  });

  it('records an app the API has not seen and ends every session begun until then, the asking one too', async () => {
    const { check, state, deps } = harness(GOOD_COACH);
    const refused = check(at(NOW_S - 3600), true);
    await expect(refused).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(refused).rejects.toThrow(ADMIN_MFA_NOW_ON_MESSAGE);
    expect(state.record).toEqual({ mfaSince: NOW_S, sessionsValidAfter: NOW_S });
    // A session begun in that same second cannot be told from one begun before: refused too.
    await expect(check(at(NOW_S), true)).rejects.toThrow(SESSION_ENDED_MESSAGE);
    // The sign-in that asked for the code comes after it.
    await expect(check(at(NOW_S + 1), true)).resolves.toBeUndefined();
    expect(deps.recordMfa).toHaveBeenCalledTimes(1);
  });

  it('holds a request that lost the race to record the app to the moment the winner recorded', async () => {
    const { check, state, deps } = harness(GOOD_COACH);
    // Another container recorded the app between this request's read and its write.
    deps.session.mockImplementationOnce(async () => ({ sessionsValidAfter: null, mfaSince: null }));
    state.record = { mfaSince: NOW_S - 5, sessionsValidAfter: NOW_S - 5 };
    await expect(check(at(NOW_S - 4), true)).resolves.toBeUndefined();
    deps.session.mockImplementationOnce(async () => ({ sessionsValidAfter: null, mfaSince: null }));
    await expect(check(at(NOW_S - 5), true)).rejects.toThrow(ADMIN_MFA_NOW_ON_MESSAGE);
  });

  it('refuses a coach without an app on admin routes, saying what to do, and forgets an app recorded before', async () => {
    const { check, state } = harness({ ...GOOD_COACH, hasMfa: false }, { mfaSince: NOW_S - 100 });
    const refused = check(at(NOW_S), true);
    await expect(refused).rejects.toBeInstanceOf(ForbiddenError);
    await expect(refused).rejects.toThrow(ADMIN_MFA_MISSING_MESSAGE);
    expect(ADMIN_MFA_MISSING_MESSAGE).toMatch(/sign out and sign in again/i);
    expect(state.record.mfaSince).toBeNull();
    // Routes coaches share with founders do not need the app.
    await expect(check(at(NOW_S), false)).resolves.toBeUndefined();
  });

  it('refuses a deleted or disabled coach (401) and one removed from the group (403) on admin routes', async () => {
    await expect(harness(null).check(COACH, true)).rejects.toThrow(ACCOUNT_DISABLED_MESSAGE);
    const disabled = harness({ ...GOOD_COACH, enabled: false }).check(COACH, true);
    await expect(disabled).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(disabled).rejects.toThrow(ACCOUNT_DISABLED_MESSAGE);
    const removed = harness({ ...GOOD_COACH, inAdminGroup: false }).check(COACH, true);
    await expect(removed).rejects.toBeInstanceOf(ForbiddenError);
    await expect(removed).rejects.toThrow(NOT_A_COACH_MESSAGE);
  });

  it('keeps a passing account for a minute, then asks Cognito again; never keeps a refusal', async () => {
    const { check, state, deps } = harness(GOOD_COACH, { mfaSince: NOW_S - 100, sessionsValidAfter: NOW_S - 100 });
    await check(COACH, true);
    state.clockMs += COACH_ACCOUNT_TTL_MS - 1;
    await check(COACH, true);
    expect(deps.account).toHaveBeenCalledTimes(1);
    state.account = { ...GOOD_COACH, inAdminGroup: false };
    state.clockMs += 1;
    await expect(check(COACH, true)).rejects.toThrow(NOT_A_COACH_MESSAGE);
    await expect(check(COACH, true)).rejects.toThrow(NOT_A_COACH_MESSAGE);
    expect(deps.account).toHaveBeenCalledTimes(3);
  });

  it("asks Cognito again rather than record a kept app the record no longer has (an operator's reset)", async () => {
    const { check, state, deps } = harness(GOOD_COACH, { mfaSince: NOW_S - 100, sessionsValidAfter: NOW_S - 100 });
    await check(at(NOW_S - 50), true);
    // The reset: the app is off in Cognito and gone from the record, while this container still keeps the answer.
    state.account = { ...GOOD_COACH, hasMfa: false };
    state.record = { mfaSince: null, sessionsValidAfter: NOW_S - 10 };
    const refused = check(at(NOW_S - 5), true);
    await expect(refused).rejects.toThrow(ADMIN_MFA_MISSING_MESSAGE);
    expect(deps.recordMfa).not.toHaveBeenCalled();
    expect(deps.account).toHaveBeenCalledTimes(2);
  });

  it('does not keep a coach without an app, so one who has just set it up is seen on the next request', async () => {
    const { check, state, deps } = harness({ ...GOOD_COACH, hasMfa: false });
    await expect(check(COACH, true)).rejects.toThrow(ADMIN_MFA_MISSING_MESSAGE);
    state.account = GOOD_COACH;
    await expect(check(COACH, true)).rejects.toThrow(ADMIN_MFA_NOW_ON_MESSAGE);
    expect(deps.account).toHaveBeenCalledTimes(2);
  });

  it('checks group and account but not the app where the stage does not require it', async () => {
    for (const value of [undefined, '', 'off', 'REQUIRED']) {
      setRequirement(value);
      const { check, deps } = harness({ ...GOOD_COACH, hasMfa: false });
      await expect(check(COACH, true)).resolves.toBeUndefined();
      expect(deps.recordMfa).not.toHaveBeenCalled();
      await expect(harness({ ...GOOD_COACH, hasMfa: false, enabled: false }).check(COACH, true)).rejects.toThrow(
        ACCOUNT_DISABLED_MESSAGE,
      );
    }
  });

  it('passes a failed lookup on instead of deciding either way', async () => {
    const { check, deps } = harness();
    deps.account.mockRejectedValueOnce(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    await expect(check(COACH, true)).rejects.toThrow('Rate exceeded');
  });
});

describe('checkAccess', () => {
  function checks(profile: Record<string, unknown> | null): AccessChecks {
    return {
      readFounder: vi.fn(async () => ({ profile, items: profile ? [profile] : [] })),
      checkCoach: vi.fn(async () => undefined),
    };
  }

  it('runs the coach check for a coach, saying whether the route is an admin route, and reads no profile', async () => {
    const hooks = checks(null);
    await checkAccess('review.stats', COACH, hooks);
    await checkAccess('questions.list', COACH, hooks);
    await checkAccess('accounts.me', COACH, hooks);
    expect(vi.mocked(hooks.checkCoach).mock.calls.map(([, adminRoute]) => adminRoute)).toEqual([true, false, false]);
    expect(hooks.readFounder).not.toHaveBeenCalled();
    await expect(checkAccess('journey.dashboard', COACH, hooks)).rejects.toThrow('This is for founders');
  });

  it('refuses a founder on admin routes without reading anything', async () => {
    const hooks = checks({ paid: true });
    await expect(checkAccess('review.stats', FOUNDER, hooks)).rejects.toThrow(NOT_A_COACH_MESSAGE);
    expect(hooks.readFounder).not.toHaveBeenCalled();
    expect(hooks.checkCoach).not.toHaveBeenCalled();
  });

  it("ends a founder's session begun at or before the profile's sessionsValidAfter, on every signed-in route", async () => {
    const hooks = checks({ paid: true, sessionsValidAfter: NOW_S });
    for (const id of ['accounts.me', 'journey.dashboard', 'questions.list'] as const) {
      await expect(checkAccess(id, FOUNDER, hooks)).rejects.toThrow(SESSION_ENDED_MESSAGE);
      await expect(checkAccess(id, { ...FOUNDER, authTime: NOW_S + 1 }, hooks)).resolves.toBeDefined();
    }
  });

  it('answers 401 to a founder whose profile is gone on paid routes, 403 to an unpaid one', async () => {
    const gone = checkAccess('journey.dashboard', FOUNDER, checks(null));
    await expect(gone).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(gone).rejects.toThrow(ACCOUNT_GONE_MESSAGE);
    const unpaid = checkAccess('questions.list', FOUNDER, checks({ paid: false }));
    await expect(unpaid).rejects.toBeInstanceOf(ForbiddenError);
    await expect(unpaid).rejects.toThrow(PAYMENT_REQUIRED_MESSAGE);
    // A signed-in route without a profile goes on: its handler answers (a retried deletion, /api/me's null profile).
    await expect(checkAccess('accounts.me', FOUNDER, checks(null))).resolves.toEqual({ profile: null, items: [] });
  });

  it("reads a route's own keys with the profile and hands them over", async () => {
    const hooks = checks({ paid: true });
    const alsoRead = [{ PK: 'USER#founder-sub', SK: 'PHASES' }];
    await checkAccess('accounts.me', FOUNDER, hooks, alsoRead);
    expect(hooks.readFounder).toHaveBeenCalledWith('founder-sub', alsoRead);
  });
});
