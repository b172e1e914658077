import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MFA_MISSING_MESSAGE, ADMIN_MFA_REQUIRED, createAdminMfaCheck, ENROLLMENT_TTL_MS } from './admin-mfa';
import { ENV_NAMES } from './env';
import { ForbiddenError } from './errors';
import { type AccessChecks, checkAccess } from './http';
import type { Principal } from './principal';

const COACH: Principal = { sub: 'coach-sub', username: 'coach', groups: ['admin'], isAdmin: true };
const FOUNDER: Principal = { sub: 'founder-sub', username: 'founder', groups: [], isAdmin: false };

function setRequirement(value: string | undefined): void {
  if (value === undefined) delete process.env[ENV_NAMES.adminMfa];
  else process.env[ENV_NAMES.adminMfa] = value;
}

describe('createAdminMfaCheck', () => {
  const original = process.env[ENV_NAMES.adminMfa];
  beforeEach(() => setRequirement(ADMIN_MFA_REQUIRED));
  afterEach(() => setRequirement(original));

  it('lets every coach through without asking Cognito when the stage does not require MFA', async () => {
    const lookup = vi.fn(async () => false);
    const check = createAdminMfaCheck(lookup);
    for (const value of [undefined, '', 'off', 'REQUIRED']) {
      setRequirement(value);
      expect(await check('coach')).toBe(true);
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it("answers with Cognito's enrollment when MFA is required", async () => {
    const check = createAdminMfaCheck(async (username) => username === 'enrolled');
    expect(await check('enrolled')).toBe(true);
    expect(await check('not-enrolled')).toBe(false);
  });

  it('keeps an enrolled answer for five minutes, then asks again', async () => {
    let clock = 1_000_000;
    const lookup = vi.fn(async () => true);
    const check = createAdminMfaCheck(lookup, { now: () => clock });
    await check('coach');
    clock += ENROLLMENT_TTL_MS - 1;
    await check('coach');
    expect(lookup).toHaveBeenCalledTimes(1);
    clock += 1;
    await check('coach');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('never keeps a refusal, so a coach who has just set up the app gets in on the next request', async () => {
    let enrolled = false;
    const lookup = vi.fn(async () => enrolled);
    const check = createAdminMfaCheck(lookup);
    expect(await check('coach')).toBe(false);
    expect(await check('coach')).toBe(false);
    enrolled = true;
    expect(await check('coach')).toBe(true);
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('keeps answers per coach', async () => {
    const lookup = vi.fn(async (username: string) => username === 'a');
    const check = createAdminMfaCheck(lookup);
    expect(await check('a')).toBe(true);
    expect(await check('b')).toBe(false);
    expect(await check('a')).toBe(true);
    expect(lookup.mock.calls.map(([u]) => u)).toEqual(['a', 'b']);
  });

  it('passes a failed lookup on instead of deciding either way', async () => {
    const check = createAdminMfaCheck(async () => {
      throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
    });
    await expect(check('coach')).rejects.toThrow('Rate exceeded');
  });
});

describe('checkAccess with the admin MFA hook', () => {
  const checks = (hasAdminMfa: boolean): AccessChecks => ({
    isPaid: async () => true,
    hasAdminMfa: vi.fn(async () => hasAdminMfa),
  });

  it('refuses a coach without an authenticator app on admin routes with a message saying what to do', async () => {
    const refused = checkAccess('review.stats', COACH, checks(false));
    await expect(refused).rejects.toBeInstanceOf(ForbiddenError);
    await expect(refused).rejects.toThrow(ADMIN_MFA_MISSING_MESSAGE);
    expect(ADMIN_MFA_MISSING_MESSAGE).toMatch(/sign out and sign in again/i);
  });

  it('asks the hook with the coach’s Cognito username and lets an enrolled coach in', async () => {
    const hooks = checks(true);
    await expect(checkAccess('questions.create', COACH, hooks)).resolves.toBeUndefined();
    expect(hooks.hasAdminMfa).toHaveBeenCalledWith('coach');
  });

  it('does not ask on routes that are not admin routes, nor for founders refused as non-admins', async () => {
    const hooks = checks(false);
    await expect(checkAccess('questions.list', COACH, hooks)).resolves.toBeUndefined();
    await expect(checkAccess('review.stats', FOUNDER, hooks)).rejects.toThrow(
      'This action needs an administrator account.',
    );
    expect(hooks.hasAdminMfa).not.toHaveBeenCalled();
  });
});
