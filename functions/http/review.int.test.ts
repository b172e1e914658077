import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminToken, api, createUser, setPhases } from '../../test/helpers';
import type { Question } from '../domain/questions';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';
import type { UnlockResponse } from './api-types';

describe('unlocking a phase', () => {
  it('opens the value proposition for a founder who finished the trigger questions, once', async () => {
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true });
    const trigger = (await api<{ questions: Question[] }>('GET', '/api/questions/trigger', { token: founder.token }))
      .body.questions;
    for (const q of trigger) {
      await api('PUT', `/api/answers/trigger/${q.id}`, { token: founder.token, body: { answers: ['done'] } });
    }
    const vpQuestion = (
      await api<{ questions: Question[] }>('GET', '/api/questions/value-proposition', { token: founder.token })
    ).body.questions[0];
    const locked = await api('PUT', `/api/answers/value-proposition/${vpQuestion?.id}`, {
      token: founder.token,
      body: { answers: ['Parents'] },
    });
    expect(locked.status).toBe(403);

    const token = await adminToken();
    const first = await api<UnlockResponse>('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token,
      body: { phase: 'trigger' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ changed: true, phases: { trigger_questions_status: true } });
    const progress = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.progress(founder.sub, 'trigger') }),
    );
    expect(progress.Item?.GSI1PK).toBe('REVIEW#trigger#UNLOCKED');

    const again = await api<UnlockResponse>('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token,
      body: { phase: 'trigger' },
    });
    expect(again.body.changed).toBe(false);

    const open = await api('PUT', `/api/answers/value-proposition/${vpQuestion?.id}`, {
      token: founder.token,
      body: { answers: ['Parents'] },
    });
    expect(open.status).toBe(200);
  });

  it('creates a missing phase record with the earlier phases open, as the spec says', async () => {
    const founder = await createUser();
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.phases(founder.sub) }));
    const res = await api<UnlockResponse>('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token: await adminToken(),
      body: { phase: 'value-proposition' },
    });
    expect(res.body.phases).toMatchObject({
      trigger_questions_status: true,
      value_proposition_status: true,
      bmc_status: false,
    });
  });

  it('refuses an unknown founder and an unknown phase', async () => {
    const token = await adminToken();
    expect((await api('POST', '/api/admin/founders/nobody/unlock', { token, body: { phase: 'trigger' } })).status).toBe(
      404,
    );
    const founder = await createUser();
    const bad = await api('POST', `/api/admin/founders/${founder.sub}/unlock`, { token, body: { phase: 'marketing' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ details: [{ field: 'phase' }] });
  });
});
