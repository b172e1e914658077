import { beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({ resetPassword: vi.fn(), confirmResetPassword: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

import { finishPasswordReset, startPasswordReset, WRONG_RESET_CODE } from './auth-password-reset';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('password reset against the provider', () => {
  beforeEach(() => {
    amplify.resetPassword.mockReset();
    amplify.confirmResetPassword.mockReset();
  });

  it('asks for a code for the email', async () => {
    amplify.resetPassword.mockResolvedValue({});
    await startPasswordReset('ada@example.com');
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'ada@example.com' });
  });

  it('answers an unknown email as the cloud does: as if a code was sent', async () => {
    amplify.resetPassword.mockRejectedValue(named('UserNotFoundException', 'User does not exist.'));
    await expect(startPasswordReset('nobody@example.com')).resolves.toBeUndefined();
  });

  it('passes other refusals through (their message is for people)', async () => {
    amplify.resetPassword.mockRejectedValue(named('LimitExceededException', 'Attempt limit exceeded.'));
    await expect(startPasswordReset('ada@example.com')).rejects.toThrow('Attempt limit exceeded.');
  });

  it('says an unknown email has a wrong code, exactly as a known one with a wrong code', async () => {
    amplify.confirmResetPassword.mockRejectedValue(named('UserNotFoundException', 'User does not exist.'));
    await expect(finishPasswordReset('nobody@example.com', '123456', 'NewPassw0rd')).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: WRONG_RESET_CODE,
    });
    const wrongCode = named('CodeMismatchException', WRONG_RESET_CODE);
    amplify.confirmResetPassword.mockRejectedValue(wrongCode);
    await expect(finishPasswordReset('ada@example.com', '000000', 'NewPassw0rd')).rejects.toBe(wrongCode);
  });
});
