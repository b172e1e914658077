import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { passwordResetCodeEmail } from '../lib/emails';
import { handler } from './custom-message';

const CODE = '{####}';
const USERNAME = '{username}';

function event(triggerSource: CustomMessageTriggerEvent['triggerSource']): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'eu-central-1',
    userPoolId: 'eu-central-1_pool',
    userName: 'founder-1',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes: { email: 'ada@example.com', given_name: '<b>Mallory</b>' },
      codeParameter: CODE,
      linkParameter: '{##Click Here##}',
      usernameParameter: triggerSource === 'CustomMessage_AdminCreateUser' ? USERNAME : null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('Cognito CustomMessage trigger', () => {
  it("words the password-reset email as a Preseed code, with Cognito's placeholder exactly once", async () => {
    const { response } = await handler(event('CustomMessage_ForgotPassword'));
    expect(response.emailSubject).toBe('Your Preseed password reset code');
    const html = response.emailMessage ?? '';
    // Cognito (and cognito-local) put the code where the placeholder stands: once, or the email shows a raw {####}.
    expect(occurrences(html, CODE)).toBe(1);
    expect(html).toContain("'Set a new password' page");
    expect(html).not.toMatch(/link/i);
    expect(html).not.toContain('{##Click Here##}');
    // The one source of the text: what the viewer and the inbox show is the builder's output with the code in.
    expect(html.replace(CODE, '123456')).toBe(passwordResetCodeEmail('123456').html);
  });

  it('names nothing the account holder typed (a name could carry markup or a message)', async () => {
    const { response } = await handler(event('CustomMessage_ForgotPassword'));
    expect(response.emailMessage).not.toContain('Mallory');
    expect(response.emailMessage).not.toContain('ada@example.com');
  });

  it.each([
    'CustomMessage_UpdateUserAttribute',
    'CustomMessage_VerifyUserAttribute',
    'CustomMessage_SignUp',
    'CustomMessage_ResendCode',
  ] as const)('words %s as a code confirming the address', async (source) => {
    const { response } = await handler(event(source));
    expect(response.emailSubject).toBe('Confirm your Preseed email address');
    expect(occurrences(response.emailMessage ?? '', CODE)).toBe(1);
  });

  it("words an operator's invitation with both placeholders once each", async () => {
    const { response } = await handler(event('CustomMessage_AdminCreateUser'));
    expect(response.emailSubject).toBe('Your Preseed account');
    expect(occurrences(response.emailMessage ?? '', CODE)).toBe(1);
    expect(occurrences(response.emailMessage ?? '', USERNAME)).toBe(1);
  });

  it("keeps Cognito's default where it has nothing to say (sign-in codes: the pool sends none)", async () => {
    const { response } = await handler(event('CustomMessage_Authentication'));
    expect(response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });

  it('stays far inside Cognito’s limits (subject 140, message 20,000 characters)', async () => {
    for (const source of ['CustomMessage_ForgotPassword', 'CustomMessage_AdminCreateUser'] as const) {
      const { response } = await handler(event(source));
      expect(response.emailSubject?.length).toBeLessThan(140);
      expect(response.emailMessage?.length).toBeLessThan(20_000);
    }
  });
});
