/**
 * Each progress email goes out once. The claim is the record of the send, written before SES is called: the
 * attempt that claimed may claim again (the SDK re-sending after a lost response), while a later attempt of the
 * same event — EventBridge's retry after the marking write failed — finds it and sends nothing, and other
 * events (and any event after sending) send nothing either.
 */
import { InternalServerError } from '@aws-sdk/client-dynamodb';
import { SESv2Client, SendEmailCommand, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '#shared/events';
import { createUser, emailsTo } from '../../test/helpers';
import { announcementResource } from '../integrations/events';
import { ddb, tableName } from '../store/client';
import { claimEmailFlag, sendAttempt } from '../store/email-flags';
import { keys, stats } from '../store/keys';
import { getCounter, setCounter } from '../store/stats';
import { handler } from './email-sender';

const SUBJECT = /idea/i;

function ideaSaved(id: string, userId: string): EventBridgeEvent<string, unknown> {
  return busEvent(id, 'IdeaSaved', { userId, idea: 'Meal plans for busy parents' });
}

function busEvent(id: string, type: string, detail: unknown): EventBridgeEvent<string, unknown> {
  return {
    id,
    version: '0',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    source: EVENT_SOURCE,
    'detail-type': type,
    detail,
  };
}

const ideaEmails = async (address: string) => (await emailsTo(address)).filter((m) => SUBJECT.test(m.subject));

async function profile(sub: string): Promise<Record<string, unknown>> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(sub), ConsistentRead: true }),
  );
  return out.Item ?? {};
}

describe('email-sender once-only claims', () => {
  it('lets the claiming attempt claim again, and no other attempt or event send', async () => {
    const founder = await createUser();
    const first = sendAttempt('evt-first');
    expect(await claimEmailFlag(founder.sub, 'idea_email_sent', first)).toBe(true);
    // The SDK re-sends the very request after a lost response: the same attempt, still its claim.
    expect(await claimEmailFlag(founder.sub, 'idea_email_sent', first)).toBe(true);
    // A later attempt of the same event cannot tell whether SES took the first one's email, so it does not send.
    expect(await claimEmailFlag(founder.sub, 'idea_email_sent', sendAttempt('evt-first'))).toBe(false);

    await handler(ideaSaved('evt-first', founder.sub));
    await handler(ideaSaved('evt-other', founder.sub));
    expect(await ideaEmails(founder.email)).toHaveLength(0);
  });

  it('sends once, with SES’s message id recorded, and then no event sends again', async () => {
    const founder = await createUser();
    await handler(ideaSaved('evt-one', founder.sub));
    expect(await ideaEmails(founder.email)).toHaveLength(1);
    const stored = await profile(founder.sub);
    expect(stored).toMatchObject({ idea_email_sent: true, idea_email_sent_claim: 'sent' });
    expect(stored.idea_email_sent_message).toEqual(expect.any(String));
    expect(String(stored.idea_email_sent_message).length).toBeGreaterThan(0);
    await handler(ideaSaved('evt-one', founder.sub));
    await handler(ideaSaved('evt-two', founder.sub));
    expect(await ideaEmails(founder.email)).toHaveLength(1);
  });

  it('sends one email when SES accepts it and marking it sent fails: the retry sends nothing more', async () => {
    const founder = await createUser();
    // As the bus delivers it: the announcement's id in its resources, so the delivery claim runs too.
    const event = {
      ...ideaSaved('evt-delivery', founder.sub),
      resources: [
        announcementResource(`arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/1`, 'outbox-mark-fails'),
      ],
    };
    const dynamo = mockClient(DynamoDBDocumentClient);
    try {
      dynamo.send.callThrough();
      dynamo
        .on(UpdateCommand, { ExpressionAttributeNames: { '#m': 'idea_email_sent_message' } })
        .rejectsOnce(new InternalServerError({ message: 'Internal server error', $metadata: {} }));
      await expect(handler(event)).rejects.toThrow('Internal server error');
    } finally {
      dynamo.restore();
    }
    expect(await ideaEmails(founder.email)).toHaveLength(1);
    const claimed = await profile(founder.sub);
    expect(claimed.idea_email_sent).toBe(true);
    expect(String(claimed.idea_email_sent_claim)).toMatch(/^outbox-mark-fails#/);

    // EventBridge retries the failed delivery (its claim was given back), and then delivers it once more.
    await handler(event);
    await handler({ ...event, id: 'evt-redelivered' });
    expect(await ideaEmails(founder.email)).toHaveLength(1);
    expect((await profile(founder.sub)).idea_email_sent_claim).toBe(claimed.idea_email_sent_claim);
  });

  it('gives the claim back when SES refuses, so the retry sends the email once', async () => {
    const founder = await createUser();
    const ses = mockClient(SESv2Client);
    try {
      ses.send.callThrough();
      ses.on(SendEmailCommand).rejectsOnce(new TooManyRequestsException({ message: 'Slow down', $metadata: {} }));
      await expect(handler(ideaSaved('evt-refused', founder.sub))).rejects.toThrow('Slow down');
    } finally {
      ses.restore();
    }
    expect(await profile(founder.sub)).toMatchObject({ idea_email_sent: false });
    await handler(ideaSaved('evt-refused', founder.sub));
    expect(await ideaEmails(founder.email)).toHaveLength(1);
  });
});

describe('email-sender contents', () => {
  it("states the question bank's live count in a completion email, whatever it is", async () => {
    const founder = await createUser();
    const counter = stats.questionCount('value-proposition');
    const before = await getCounter(counter);
    // A count the seeded bank never has: a hard-coded number in the email cannot match it.
    await setCounter(counter, before + 4);
    try {
      await handler(busEvent('evt-vp-done', 'PhaseCompleted', { userId: founder.sub, phase: 'value-proposition' }));
    } finally {
      await setCounter(counter, before);
    }
    const [mail] = (await emailsTo(founder.email)).filter((m) => /Impressive Progress/.test(m.subject));
    expect(mail?.text).toContain(`all ${before + 4} structured Value Proposition questions`);
  });

  it('tells a founder whose business model was reviewed that validation is open, with its link', async () => {
    const founder = await createUser();
    await handler(busEvent('evt-bm-unlocked', 'PhaseUnlocked', { userId: founder.sub, phase: 'business-model' }));
    const [mail] = await emailsTo(founder.email);
    expect(mail?.subject).toBe("We've Received Your Answers – Your Validation Tests Are Open");
    expect(mail?.text).toMatch(/https?:\/\/\S+\/validation-tests/);
  });
});
