/** Sends email through SES v2 (aws-ses-v2-local offline, through AWS_ENDPOINT_URL_SESV2). */
import { env, optionalEnv } from '../lib/env';
import { traced } from '../lib/tracing';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The client's module is loaded on the first send, not with the Lambda (see load-once.ts). */
const ses = loadOnce(async () => {
  const sdk = await import('./sdk/ses');
  // A hung SES must fail the send inside the function's time: sign-up then removes the code it could not
  // send (no resend wait), and the email consumer gives its once-only flag back before the retry. Left to
  // the Lambda timeout, neither cleanup runs (limits in timeouts.ts, checked against the API's 10 s).
  const client = traced(new sdk.SESv2Client(sdkClientOptions('ses')));
  return { sdk, client };
});

/** Sends one email; SES's message id for it (the record that it was accepted). */
export async function sendEmail(message: EmailMessage): Promise<string> {
  const configurationSet = optionalEnv('sesConfigurationSet');
  const { sdk, client } = await ses();
  const out = await client.send(
    new sdk.SendEmailCommand({
      FromEmailAddress: env('mailFrom'),
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: message.html, Charset: 'UTF-8' }, Text: { Data: message.text, Charset: 'UTF-8' } },
        },
      },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    }),
  );
  return out.MessageId ?? '';
}
