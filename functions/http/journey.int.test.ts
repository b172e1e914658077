import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type {
  AnswersResponse,
  DashboardResponse,
  GenerateIdeasResponse,
  MeResponse,
  SaveAnswerResponse,
} from '#shared/api-types';
import { AI_GENERATION_LIMITS } from '#shared/domain/ai-limits';
import type { Question } from '#shared/domain/questions';
import { api, createUser, emailsTo, eventsSettled, setPhases } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';

const [HOURLY] = AI_GENERATION_LIMITS;

async function counter(name: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.stat(name) }));
  return Number(out.Item?.value ?? 0);
}

async function questions(token: string, type: string): Promise<Question[]> {
  return (await api<{ questions: Question[] }>('GET', `/api/questions/${type}`, { token })).body.questions;
}

describe('the idea', () => {
  it('offers up to three ideas drafted from the description (offline adapter without an automation URL)', async () => {
    const founder = await createUser();
    const res = await api<GenerateIdeasResponse>('POST', '/api/idea/generate', {
      token: founder.token,
      body: { text: 'An app that plans weekly meals for busy parents.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('offline');
    expect(res.body.ideas.length).toBeGreaterThan(0);
    expect(res.body.ideas.length).toBeLessThanOrEqual(3);
    const tooLong = await api('POST', '/api/idea/generate', { token: founder.token, body: { text: 'x'.repeat(2001) } });
    expect(tooLong.status).toBe(400);
  });

  it(`lets a founder generate ${HOURLY.limit} times an hour even in a parallel burst, then answers 429 with when to retry`, async () => {
    const founder = await createUser();
    const other = await createUser();
    const burst = await Promise.all(
      Array.from({ length: HOURLY.limit + 5 }, () =>
        api<GenerateIdeasResponse>('POST', '/api/idea/generate', {
          token: founder.token,
          body: { text: 'An app that plans weekly meals for busy parents.' },
        }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(HOURLY.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = burst.find((r) => r.status === 429);
    expect(refused?.body).toMatchObject({
      error: 'TooManyRequests',
      message: expect.stringMatching(
        /limit of 20 AI generations per hour \(20 per hour and 100 per day\)\. Please try again in \d+ (minute|hour)/,
      ),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is the founder's own: another founder still generates.
    const theirs = await api('POST', '/api/idea/generate', {
      token: other.token,
      body: { text: 'Bike repair at home.' },
    });
    expect(theirs.status).toBe(200);
  });

  it('opens the trigger questions once saved, and cannot be swapped afterwards', async () => {
    const founder = await createUser();
    const q = (await questions(founder.token, 'trigger'))[0];
    const early = await api('PUT', `/api/answers/trigger/${q?.id}`, { token: founder.token, body: { answers: ['x'] } });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ message: expect.stringContaining('Save your idea first') });

    expect(
      (await api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Meal plans for parents' } })).status,
    ).toBe(200);
    const me = await api<MeResponse>('GET', '/api/me', { token: founder.token });
    expect(me.body.phases.generate_idea_status).toBe(true);
    expect(me.body.profile?.idea).toBe('Meal plans for parents');

    // The same save again is a harmless retry; another idea is refused.
    expect(
      (await api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Meal plans for parents' } })).status,
    ).toBe(200);
    expect((await api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Something else' } })).status).toBe(
      409,
    );
    expect((await api('PUT', '/api/idea', { token: founder.token, body: { idea: '   ' } })).status).toBe(400);

    await eventsSettled();
    const mails = (await emailsTo(founder.email)).filter((m) => m.subject.startsWith('Your idea is saved'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/Next come \d+ trigger questions in 3 stages/);

    // No automation URL is configured in tests: the offline drafter fills every trigger group from the idea.
    const suggestions = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.suggestions(founder.sub, 'trigger') }),
    );
    expect(suggestions.Item).toMatchObject({ source: 'offline' });
    const sections = (suggestions.Item?.sections ?? {}) as Record<string, string[]>;
    for (const group of ['Customer Jobs', 'Customer Gains', 'Customer Pains']) {
      expect(sections[group]?.length).toBeGreaterThan(0);
    }
  });
});

describe('answers', () => {
  it('refuses value-proposition answers until the trigger phase is unlocked, whatever the UI shows', async () => {
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true });
    const q = (await questions(founder.token, 'value-proposition'))[0];
    const res = await api('PUT', `/api/answers/value-proposition/${q?.id}`, {
      token: founder.token,
      body: { answers: ['Busy parents'] },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: expect.stringContaining('coach') });
    const stored = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.answer(founder.sub, 'value-proposition', String(q?.id)) }),
    );
    expect(stored.Item).toBeUndefined();
  });

  it('stores answers as a list, so an answer containing " - " stays whole', async () => {
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true, trigger_questions_status: true });
    const q = (await questions(founder.token, 'value-proposition'))[0];
    const answers = ['Parents - of toddlers', 'Night-shift nurses'];
    const saved = await api<SaveAnswerResponse>('PUT', `/api/answers/value-proposition/${q?.id}`, {
      token: founder.token,
      body: { answers: answers.map((a) => `  ${a} `) },
    });
    expect(saved.status).toBe(200);
    const list = await api<AnswersResponse>('GET', '/api/answers/value-proposition', { token: founder.token });
    expect(list.body.answers).toEqual([expect.objectContaining({ questionId: q?.id, answers })]);

    const dup = await api('PUT', `/api/answers/value-proposition/${q?.id}`, {
      token: founder.token,
      body: { answers: ['Same', ' Same'] },
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ message: 'This answer already exists.' });

    expect((await api('DELETE', `/api/answers/value-proposition/${q?.id}`, { token: founder.token })).status).toBe(204);
    const after = await api<AnswersResponse>('GET', '/api/answers/value-proposition', { token: founder.token });
    expect(after.body.answers).toEqual([]);
  });

  it('keeps every one of many concurrent saves and completes the phase exactly once', async () => {
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true, trigger_questions_status: true });
    const all = await questions(founder.token, 'value-proposition');
    expect(all.length).toBeGreaterThanOrEqual(12);

    const results = await Promise.all(
      all.map((q, i) =>
        api<SaveAnswerResponse>('PUT', `/api/answers/value-proposition/${q.id}`, {
          token: founder.token,
          body: { answers: [`Answer ${i}`] },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(all.map(() => 200));
    expect(results.filter((r) => r.body.progress.complete && r.body.progress.answered === all.length)).toHaveLength(1);

    const list = await api<AnswersResponse>('GET', '/api/answers/value-proposition', { token: founder.token });
    expect(list.body.answers).toHaveLength(all.length);
    const progress = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.progress(founder.sub, 'value-proposition') }),
    );
    expect(progress.Item).toMatchObject({
      answered: all.length,
      completedAt: expect.any(String),
      GSI1PK: 'REVIEW#value-proposition#PENDING',
    });

    const dashboard = await api<DashboardResponse>('GET', '/api/dashboard', { token: founder.token });
    expect(dashboard.body.progress['value-proposition']).toEqual({
      answered: all.length,
      total: all.length,
      percent: 100,
    });
  });

  it('loses nothing when all trigger questions (27, more than 20) are saved at once, and emails completion once', async () => {
    const before = { started: await counter('STARTED#trigger'), completed: await counter('PENDING#trigger') };
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true });
    const all = await questions(founder.token, 'trigger');
    expect(all.length).toBeGreaterThanOrEqual(20);
    const saves = all.map((q, i) =>
      api<SaveAnswerResponse>('PUT', `/api/answers/trigger/${q.id}`, {
        token: founder.token,
        body: { answers: [`Line one of ${i}`, `Line two - with a dash ${i}`] },
      }),
    );
    // A second wave races the first: the same questions answered again must not count twice.
    const again = all
      .slice(0, 10)
      .map((q) => api('PUT', `/api/answers/trigger/${q.id}`, { token: founder.token, body: { answers: ['Revised'] } }));
    const results = await Promise.all([...saves, ...again]);
    expect(results.every((r) => r.status === 200)).toBe(true);

    const list = await api<AnswersResponse>('GET', '/api/answers/trigger', { token: founder.token });
    expect(list.body.answers).toHaveLength(all.length);
    const progress = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.progress(founder.sub, 'trigger') }),
    );
    expect(progress.Item).toMatchObject({ answered: all.length, GSI1PK: 'REVIEW#trigger#PENDING' });

    await eventsSettled();
    const completion = (await emailsTo(founder.email)).filter((m) =>
      m.subject.startsWith('Your Trigger Questions are complete'),
    );
    expect(completion).toHaveLength(1);
    expect(completion[0]?.text).toContain(`all ${all.length} trigger questions`);

    // The platform counters moved by exactly one founder each, whatever the races.
    expect(await counter('STARTED#trigger')).toBe(before.started + 1);
    expect(await counter('PENDING#trigger')).toBe(before.completed + 1);
    await api('DELETE', `/api/answers/trigger/${all[0]?.id}`, { token: founder.token });
    expect(await counter('PENDING#trigger')).toBe(before.completed);
    expect(await counter('STARTED#trigger')).toBe(before.started + 1);
  });

  it('refuses an answer to a question that does not exist', async () => {
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true });
    const res = await api('PUT', '/api/answers/trigger/no-such-question', {
      token: founder.token,
      body: { answers: ['x'] },
    });
    expect(res.status).toBe(404);
  });
});
