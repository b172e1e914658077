import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { PATHS } from './paths';
import { sessionRefusedHandler } from './session-refused';

const deleted = new ApiError(401, 'AccountDeleted', 'This account has been deleted, so this session has ended.');
const ended = new ApiError(401, 'Unauthorized', 'Your session has ended. Please log in again.');

function setup(signOut = vi.fn(() => Promise.resolve())) {
  const navigate = vi.fn((_path: string) => Promise.resolve());
  return { signOut, navigate, refused: sessionRefusedHandler({ signOut, navigate }) };
}

describe('a session the API refuses', () => {
  it('goes to the page that says the account was deleted, which signs out itself once shown', async () => {
    const { signOut, navigate, refused } = setup();
    refused(deleted);
    refused(deleted);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(PATHS.accountDeleted);
    await Promise.resolve();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out for any other refusal, once however many arrive together (the guards then go to the login page)', async () => {
    let fail: (err: Error) => void = () => undefined;
    const signOut = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    const { navigate, refused } = setup(signOut);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    refused(ended);
    refused(ended);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    fail(new Error('network'));
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    // Once that sign-out has ended, a later refusal is handled again.
    refused(ended);
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(2));
    logged.mockRestore();
  });

  it('signs out here when the page cannot be shown', async () => {
    const { signOut, navigate, refused } = setup();
    navigate.mockRejectedValueOnce(new Error('chunk failed'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    refused(deleted);
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(logged).toHaveBeenCalledWith('Could not show that the account was deleted', expect.any(Error));
    logged.mockRestore();
  });
});
