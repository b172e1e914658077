/** Our Amplify boundary for authenticator apps: what signIn's next steps become, and the setup calls. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmTotpSignIn, signInWithFlow } from './auth-sign-in';
import { beginTotpSetup, completeTotpSetup } from './auth-totp-setup';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(async () => undefined),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(async () => undefined),
  updateMFAPreference: vi.fn(async () => undefined),
}));
vi.mock('aws-amplify/auth', () => amplify);

const signedIn = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
const codeAsked = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } };

describe('sign-in steps', () => {
  beforeEach(() => {
    amplify.signIn.mockReset();
    amplify.confirmSignIn.mockReset();
  });

  it('is done when Cognito signs in, and asks for the code when the account has an authenticator app', async () => {
    amplify.signIn.mockResolvedValueOnce(signedIn).mockResolvedValueOnce(codeAsked);
    expect(await signInWithFlow('admin', 'pw', 'USER_SRP_AUTH')).toBe('done');
    expect(await signInWithFlow('admin', 'pw', 'USER_SRP_AUTH')).toBe('totpCode');
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'admin',
      password: 'pw',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
  });

  it('refuses steps this app has no form for', async () => {
    amplify.signIn.mockResolvedValueOnce({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    await expect(signInWithFlow('admin', 'pw', 'USER_SRP_AUTH')).rejects.toThrow(
      /does not support yet \(CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED\)/,
    );
  });

  it("answers the challenge with the app's code", async () => {
    amplify.confirmSignIn.mockResolvedValueOnce(signedIn);
    await confirmTotpSignIn('123456');
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it("passes Cognito's wrong-code error on, so the form can ask again", async () => {
    amplify.confirmSignIn.mockRejectedValueOnce(
      Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' }),
    );
    await expect(confirmTotpSignIn('000000')).rejects.toMatchObject({ name: 'CodeMismatchException' });
  });
});

describe('authenticator app setup', () => {
  it('hands out the secret and an otpauth URI labelled Preseed and the account', async () => {
    const getSetupUri = vi.fn(
      (app: string, account?: string) =>
        new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
    );
    amplify.setUpTOTP.mockResolvedValueOnce({ sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri });
    expect(await beginTotpSetup('coach@example.com')).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Preseed:coach@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Preseed',
    });
    expect(getSetupUri).toHaveBeenCalledWith('Preseed', 'coach@example.com');
  });

  it('verifies the first code, then makes the app the preferred MFA', async () => {
    await completeTotpSetup('246810');
    expect(amplify.verifyTOTPSetup).toHaveBeenCalledWith({ code: '246810' });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
  });

  it('does not turn the app on when the first code is wrong', async () => {
    amplify.updateMFAPreference.mockClear();
    amplify.verifyTOTPSetup.mockRejectedValueOnce(
      Object.assign(new Error('Code mismatch'), { name: 'CodeMismatchException' }),
    );
    await expect(completeTotpSetup('000000')).rejects.toThrow('Code mismatch');
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
  });
});
