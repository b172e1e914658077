/**
 * Cognito's CustomMessage trigger: every email Cognito sends by itself (the password-reset code above all) goes out
 * in Preseed's words from functions/lib/emails.ts instead of Cognito's bare "Your verification code is …". In the
 * cloud the pool sends it through the stage's SES identity (infra/constructs/auth.ts); offline, cognito-local invokes
 * this same handler (local/emulators/cognito-triggers.ts) and relays the result to the mail viewer.
 *
 * Cognito substitutes its placeholders (`request.codeParameter`, `request.usernameParameter`) after the trigger
 * returns, so the code itself never reaches this function. A message source not named here keeps Cognito's default.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { accountInvitationEmail, emailAddressCodeEmail, passwordResetCodeEmail } from '../lib/emails';
import { instrumented } from '../lib/tracing';

type Source = CustomMessageTriggerEvent['triggerSource'];

function messageFor(event: CustomMessageTriggerEvent): { subject: string; html: string } | null {
  const { codeParameter, usernameParameter } = event.request;
  const source: Source = event.triggerSource;
  switch (source) {
    case 'CustomMessage_ForgotPassword':
      return passwordResetCodeEmail(codeParameter);
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      return emailAddressCodeEmail(codeParameter);
    case 'CustomMessage_AdminCreateUser':
      // Without a username placeholder Cognito could not tell the person how to log in: keep its default.
      return usernameParameter ? accountInvitationEmail(usernameParameter, codeParameter) : null;
    case 'CustomMessage_Authentication':
      // Sign-in codes by SMS or email: the pool offers neither (TOTP only).
      return null;
  }
}

async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const message = messageFor(event);
  if (message) {
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
  }
  return event;
}

export const handler = instrumented(customMessage);
