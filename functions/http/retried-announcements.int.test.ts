/**
 * A write that was stored but whose event never went out (the publish failed after the
 * transaction) is announced again when the caller retries: saving the same idea again, or
 * unlocking an unlocked phase again. The consumers are idempotent, so a retry after a
 * successful announcement sends no second email and keeps the suggestions.
 */
import { describe, expect, it } from 'vitest';
import { adminToken, api, createUser, emailsTo, eventsSettled, founderWithTriggerDone } from '../../test/helpers';
import { saveIdea } from '../store/idea';
import { getSuggestions } from '../store/suggestions';
import { unlockPhase } from '../store/unlock';

const IDEA = 'Meal plans for busy parents';

describe('retried writes announce their events again', () => {
  it('saving the same idea again announces it when the first announcement was lost', async () => {
    const founder = await createUser();
    // Stored, never published: as if PutEvents failed after the transaction.
    expect(await saveIdea(founder.sub, IDEA, new Date().toISOString())).toBe('saved');
    await eventsSettled();
    expect(await emailsTo(founder.email)).toEqual([]);
    expect(await getSuggestions(founder.sub, 'trigger')).toBeNull();

    expect((await api('PUT', '/api/idea', { token: founder.token, body: { idea: IDEA } })).status).toBe(200);
    await eventsSettled();
    const subjects = (await emailsTo(founder.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith('Your idea is saved'))).toHaveLength(1);
    const prepared = await getSuggestions(founder.sub, 'trigger');
    expect(prepared).not.toBeNull();

    // A further retry sends nothing new and keeps the suggestions the founder may have read.
    expect((await api('PUT', '/api/idea', { token: founder.token, body: { idea: IDEA } })).status).toBe(200);
    await eventsSettled();
    expect((await emailsTo(founder.email)).filter((m) => m.subject.startsWith('Your idea is saved'))).toHaveLength(1);
    expect(await getSuggestions(founder.sub, 'trigger')).toEqual(prepared);
  });

  it('unlocking an unlocked phase again announces it when the first announcement was lost', async () => {
    const founder = await founderWithTriggerDone();
    await eventsSettled();
    expect(await unlockPhase(founder.sub, 'trigger', new Date().toISOString())).toBe(true);
    await eventsSettled();
    const unlockMails = async () =>
      (await emailsTo(founder.email)).filter(
        (m) => m.subject.includes('Value Proposition') && m.subject.includes('Unlocked'),
      );
    expect(await unlockMails()).toEqual([]);

    const token = await adminToken();
    const again = await api<{ changed: boolean }>('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token,
      body: { phase: 'trigger' },
    });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    await eventsSettled();
    expect(await unlockMails()).toHaveLength(1);

    await api('POST', `/api/admin/founders/${founder.sub}/unlock`, { token, body: { phase: 'trigger' } });
    await eventsSettled();
    expect(await unlockMails()).toHaveLength(1);
  });
});
