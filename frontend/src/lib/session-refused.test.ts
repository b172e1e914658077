import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { PATHS } from './paths';
import { sessionRefusedHandler } from './session-refused';

const deleted = new ApiError(401, 'AccountDeleted', 'This account has been deleted, so this session has ended.');
const ended = new ApiError(401, 'Unauthorized', 'Your session has ended. Please log in again.');

function setup(signOut = vi.fn(() => Promise.resolve())) {
  const navigate = vi.fn();
  return { signOut, navigate, refused: sessionRefusedHandler({ signOut, navigate }) };
}

describe('a session the API refuses', () => {
  it('says the account was deleted when it was (before signing out: no detour by the login page), and signs out', () => {
    const { signOut, navigate, refused } = setup();
    refused(deleted);
    expect(navigate).toHaveBeenCalledWith(PATHS.accountDeleted);
    expect(navigate.mock.invocationCallOrder[0]).toBeLessThan(signOut.mock.invocationCallOrder[0] ?? 0);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('only signs out for any other refusal (the guards then go to the login page)', async () => {
    const { signOut, navigate, refused } = setup();
    refused(ended);
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs out once for refusals arriving together, and still says so when signing out fails', async () => {
    let fail: (err: Error) => void = () => undefined;
    const signOut = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    const { navigate, refused } = setup(signOut);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    refused(deleted);
    refused(deleted);
    refused(ended);
    expect(signOut).toHaveBeenCalledTimes(1);
    fail(new Error('network'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PATHS.accountDeleted));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
