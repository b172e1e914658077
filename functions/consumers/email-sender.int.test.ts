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
import { stats } from '../store/keys';
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
