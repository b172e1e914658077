import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import { ANSWER_HISTORY_LIMIT, snapshotAt } from '#shared/domain/answer-history';
import type { Question } from '#shared/domain/questions';
import { api, createUser, setPhases, type TestUser } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';

type History = ResponseBody<'journey.answerHistory'>;

async function founderOnTheCanvases(): Promise<{ founder: TestUser; question: Question }> {
  const founder = await createUser();
  await setPhases(founder.sub, {
    generate_idea_status: true,
    trigger_questions_status: true,
    value_proposition_status: true,
    bmc_status: true,
  });
  const list = await api<{ questions: Question[] }>('GET', '/api/questions/business-model', { token: founder.token });
  const question = list.body.questions[0];
  if (!question) throw new Error('no business-model question seeded');
  return { founder, question };
}

const save = (founder: TestUser, question: Question, answers: string[]) =>
  api('PUT', `/api/answers/business-model/${question.id}`, { token: founder.token, body: { answers } });

async function history(founder: TestUser): Promise<History> {
  const res = await api<History>('GET', '/api/answers/business-model/history', { token: founder.token });
  expect(res.status).toBe(200);
  return res.body;
}

async function storedVersions(founder: TestUser, questionId: string): Promise<string[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: {
        ':pk': keys.profile(founder.sub).PK,
        ':p': `${keys.answerVersionPrefix('business-model')}${questionId}#`,
      },
    }),
  );
  return (out.Items ?? []).map((i) => String(i.at));
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('canvas history', () => {
  it('keeps every state of an answer — saves and deletes — so the canvas can be seen as it was at any date', async () => {
    const { founder, question } = await founderOnTheCanvases();
    expect((await save(founder, question, ['Local bakeries'])).status).toBe(200);
    await tick();
    expect((await save(founder, question, ['Local bakeries', 'Flour mills'])).status).toBe(200);
    await tick();
    expect((await api('DELETE', `/api/answers/business-model/${question.id}`, { token: founder.token })).status).toBe(
      204,
    );
    await tick();
    expect((await save(founder, question, ['Flour mills'])).status).toBe(200);

    const [entry] = (await history(founder)).questions;
    expect(entry?.questionId).toBe(question.id);
    expect(entry?.category).toBe(question.category);
    expect(entry?.versions.map((v) => (v.deleted ? 'deleted' : v.answers.join('+')))).toEqual([
      'Local bakeries',
      'Local bakeries+Flour mills',
      'deleted',
      'Flour mills',
    ]);
    const [first, second, deleted] = entry?.versions ?? [];
    const questions = (await history(founder)).questions;
    expect(snapshotAt(questions, second?.at ?? '').get(question.id)).toEqual(['Local bakeries', 'Flour mills']);
    expect(snapshotAt(questions, deleted?.at ?? '').has(question.id)).toBe(false);
    expect(snapshotAt(questions, first?.at ?? '').get(question.id)).toEqual(['Local bakeries']);
  });

  it('restores an earlier answer by saving it again, which is itself kept', async () => {
    const { founder, question } = await founderOnTheCanvases();
    await save(founder, question, ['Cafés']);
    await tick();
    await save(founder, question, ['Hotels']);
    const [old] = (await history(founder)).questions[0]?.versions ?? [];
    expect((await save(founder, question, old?.answers ?? [])).status).toBe(200);
    const versions = (await history(founder)).questions[0]?.versions ?? [];
    expect(versions.map((v) => v.answers.join('+'))).toEqual(['Cafés', 'Hotels', 'Cafés']);
    const answers = await api<{ answers: { questionId: string; answers: string[] }[] }>(
      'GET',
      '/api/answers/business-model',
      { token: founder.token },
    );
    expect(answers.body.answers.find((a) => a.questionId === question.id)?.answers).toEqual(['Cafés']);
  });

  it(`keeps at most ${ANSWER_HISTORY_LIMIT} states of a question, dropping the oldest`, async () => {
    const { founder, question } = await founderOnTheCanvases();
    const total = ANSWER_HISTORY_LIMIT + 4;
    for (let i = 1; i <= total; i++) {
      expect((await save(founder, question, [`Partner ${i}`])).status).toBe(200);
      await tick();
    }
    const versions = (await history(founder)).questions[0]?.versions ?? [];
    expect(versions).toHaveLength(ANSWER_HISTORY_LIMIT);
    expect(versions[0]?.answers).toEqual([`Partner ${total - ANSWER_HISTORY_LIMIT + 1}`]);
    expect(versions.at(-1)?.answers).toEqual([`Partner ${total}`]);
    expect(await storedVersions(founder, question.id)).toHaveLength(ANSWER_HISTORY_LIMIT);
  });

  it('keeps the state before the first change of an answer written before history was kept', async () => {
    const { founder, question } = await founderOnTheCanvases();
    await save(founder, question, ['Before history']);
    // As an answer saved by the version before canvas history: no index, no versions.
    for (const at of await storedVersions(founder, question.id)) {
      await ddb().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.answerVersion(founder.sub, 'business-model', question.id, at),
        }),
      );
    }
    await ddb().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.answerHistory(founder.sub, 'business-model', question.id),
      }),
    );
    await tick();
    await save(founder, question, ['After history']);
    const versions = (await history(founder)).questions[0]?.versions ?? [];
    expect(versions.map((v) => v.answers[0])).toEqual(['Before history', 'After history']);
  });

  it('keeps one version per save when saves of one question race, with an index that matches them', async () => {
    const { founder, question } = await founderOnTheCanvases();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => save(founder, question, [`Racing answer ${i}`])),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const versions = (await history(founder)).questions[0]?.versions ?? [];
    const stored = await storedVersions(founder, question.id);
    expect(new Set(versions.map((v) => v.answers[0])).size).toBe(versions.length);
    expect(stored.sort()).toEqual(versions.map((v) => v.at).sort());
    // Each save is kept at its own time, even two in the same millisecond.
    expect(versions).toHaveLength(8);
  });

  it('keeps racing saves in commit order: after each burst the newest kept state is the stored answer', async () => {
    const { founder, question } = await founderOnTheCanvases();
    for (let burst = 0; burst < 4; burst++) {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => save(founder, question, [`Burst ${burst} answer ${i}`])),
      );
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
      const stored = await api<{ answers: { questionId: string; answers: string[] }[] }>(
        'GET',
        '/api/answers/business-model',
        { token: founder.token },
      );
      const current = stored.body.answers.find((a) => a.questionId === question.id)?.answers;
      const versions = (await history(founder)).questions[0]?.versions ?? [];
      expect(versions.at(-1)?.answers).toEqual(current);
      // One version per commit: none shares a time with another, and they are kept oldest first.
      const times = versions.map((v) => v.at);
      expect(new Set(times).size).toBe(times.length);
      expect(times).toEqual([...times].sort());
      expect(versions).toHaveLength(Math.min(ANSWER_HISTORY_LIMIT, 12 * (burst + 1)));
    }
  });

  it('shows a founder only their own history', async () => {
    const { founder, question } = await founderOnTheCanvases();
    await save(founder, question, ['Mine only']);
    const other = await createUser();
    const theirs = await api<History>('GET', '/api/answers/business-model/history', { token: other.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.questions).toEqual([]);
  });
});
