/**
 * Each progress email goes out once, and a retry of the delivery that claimed it still sends it:
 * the claim is tied to the event, so a lost claim response or a crash before sending does not
 * lose the email, while other events (and the same event after sending) send nothing.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '#shared/events';
import { createUser, emailsTo } from '../../test/helpers';
import { claimEmailFlag } from '../store/email-flags';
import { handler } from './email-sender';

const SUBJECT = /idea/i;

function ideaSaved(id: string, userId: string): EventBridgeEvent<string, unknown> {
  return {
    id,
    version: '0',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    source: EVENT_SOURCE,
    'detail-type': 'IdeaSaved',
    detail: { userId, idea: 'Meal plans for busy parents' },
  };
}

const ideaEmails = async (address: string) => (await emailsTo(address)).filter((m) => SUBJECT.test(m.subject));

describe('email-sender once-only claims', () => {
  it('sends when the same event is retried after its claim landed but the email did not', async () => {
    const founder = await createUser();
    // The first attempt claimed the flag, then its response was lost (or it crashed before sending).
    expect(await claimEmailFlag(founder.sub, 'idea_email_sent', 'evt-first')).toBe(true);

    await handler(ideaSaved('evt-other', founder.sub));
    expect(await ideaEmails(founder.email)).toHaveLength(0);

    await handler(ideaSaved('evt-first', founder.sub));
    expect(await ideaEmails(founder.email)).toHaveLength(1);

    // Once sent, neither a replay of that event nor another event sends again.
    await handler(ideaSaved('evt-first', founder.sub));
    await handler(ideaSaved('evt-third', founder.sub));
    expect(await ideaEmails(founder.email)).toHaveLength(1);
  });
});
