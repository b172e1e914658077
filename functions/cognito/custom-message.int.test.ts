/**
 * The offline pool runs the CustomMessage trigger as the cloud pool does: cognito-local invokes
 * functions/cognito/custom-message.ts through the local trigger endpoint and relays the worded email to the SES
 * emulator, which the mail viewer reads. The code in that email resets the password.
 */
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createUser, emailsTo, signIn } from '../../test/helpers';
import { passwordResetCodeEmail } from '../lib/emails';

const cognito = new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint') });
afterAll(() => cognito.destroy());

describe('password-reset email offline', () => {
  it("is Preseed's worded code email, and its code sets the new password", async () => {
    const founder = await createUser();
    await cognito.send(new ForgotPasswordCommand({ ClientId: inject('userPoolClientId'), Username: founder.email }));

    const [mail] = (await emailsTo(founder.email)).filter((m) => m.subject === 'Your Preseed password reset code');
    expect(mail, 'the reset email reached the SES emulator').toBeDefined();
    const code = /\b(\d{6})\b/.exec(mail?.html ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.html).toBe(passwordResetCodeEmail(code).html);
    // From the app's sender, as the cloud pool sends from the stage's SES identity.
    expect(mail?.from).toContain('hello@preseed.local');

    const password = 'Reset-Passw0rd-1';
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: inject('userPoolClientId'),
        Username: founder.email,
        ConfirmationCode: code,
        Password: password,
      }),
    );
    expect((await signIn(founder.email, password)).accessToken).toMatch(/^ey/);
  });
});
