/**
 * Keyed saves (the Idempotency-Key header, decision 040) against DynamoDB Local: a retry of a stored save is
 * answered as the first was and stores nothing more. The lost answer after a commit is the one fault the emulator
 * cannot produce, so aws-sdk-client-mock lets the transaction reach the emulator and then fails its response, in
 * this process's own handler.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/routes';
import { adminToken, api, createUser, type TestUser } from '../../test/helpers';
import { IDEMPOTENCY_KEY_REUSED_CODE, IDEMPOTENT_REPLAYED_HEADER } from '../lib/idempotency';
import { ddb } from '../store/client';
import { handler as journey } from './journey';

type History = ResponseBody<'journey.answerHistory'>;

async function founderWithTriggerOpen(): Promise<{ founder: TestUser; questionId: string }> {
  const founder = await createUser();
  expect((await api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Meal plans' } })).status).toBe(200);
  const { body } = await api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', {
    token: founder.token,
  });
  const questionId = body.questions[0]?.id;
  if (!questionId) throw new Error('no trigger question');
  return { founder, questionId };
}

const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

async function versions(founder: TestUser, questionId: string): Promise<number> {
  const res = await api<History>('GET', '/api/answers/trigger/history', { token: founder.token });
  return res.body.questions.find((q) => q.questionId === questionId)?.versions.length ?? 0;
}

/** The event API Gateway would hand the journey function for a founder's answer save. */
function saveEvent(founder: TestUser, questionId: string, key: string, answers: string[]): APIGatewayProxyEventV2 {
  const path = `/api/answers/trigger/${questionId}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: 'PUT /api/answers/{type}/{questionId}',
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: key },
    pathParameters: { type: 'trigger', questionId },
    body: JSON.stringify({ answers }),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'PUT', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: 'PUT /api/answers/{type}/{questionId}',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: {
        jwt: {
          claims: {
            sub: founder.sub,
            username: founder.username,
            token_use: 'access',
            auth_time: Math.floor(now.getTime() / 1000),
          },
          scopes: null,
        },
      },
    },
  } as unknown as APIGatewayProxyEventV2;
}

const lambdaContext = { awsRequestId: 'idempotency-test', functionName: 'journey' } as Context;

describe('a keyed answer save', () => {
  it('answers a retry as the first save did and keeps one version', async () => {
    const { founder, questionId } = await founderWithTriggerOpen();
    const key = randomUUID();
    const first = await api('PUT', `/api/answers/trigger/${questionId}`, {
      token: founder.token,
      body: { answers: ['Parents have no time'] },
      headers: keyed(key),
    });
    const retry = await api('PUT', `/api/answers/trigger/${questionId}`, {
      token: founder.token,
      body: { answers: ['Parents have no time'] },
      headers: keyed(key),
    });
    expect(first.status).toBe(200);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await versions(founder, questionId)).toBe(1);

    // A new save of the same text is a new key: a second version, as without keys.
    const again = await api('PUT', `/api/answers/trigger/${questionId}`, {
      token: founder.token,
      body: { answers: ['Parents have no time'] },
      headers: keyed(randomUUID()),
    });
    expect(again.status).toBe(200);
    expect(await versions(founder, questionId)).toBe(2);
  });

  it('refuses the key with another body (422) and another question (422), storing nothing', async () => {
    const { founder, questionId } = await founderWithTriggerOpen();
    const key = randomUUID();
    const path = `/api/answers/trigger/${questionId}`;
    await api('PUT', path, { token: founder.token, body: { answers: ['First'] }, headers: keyed(key) });
    const changed = await api('PUT', path, {
      token: founder.token,
      body: { answers: ['Second'] },
      headers: keyed(key),
    });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ error: IDEMPOTENCY_KEY_REUSED_CODE, message: expect.stringMatching(/different/) });
    const answers = await api<{ answers: { answers: string[] }[] }>('GET', '/api/answers/trigger', {
      token: founder.token,
    });
    expect(answers.body.answers.map((a) => a.answers)).toEqual([['First']]);
    expect(await versions(founder, questionId)).toBe(1);
  });

  it("keeps each founder's keys their own: the same key from another founder is their own save", async () => {
    const a = await founderWithTriggerOpen();
    const b = await founderWithTriggerOpen();
    const key = randomUUID();
    const saved = await api('PUT', `/api/answers/trigger/${a.questionId}`, {
      token: a.founder.token,
      body: { answers: ['Mine'] },
      headers: keyed(key),
    });
    const theirs = await api<ResponseBody<'journey.saveAnswer'>>('PUT', `/api/answers/trigger/${b.questionId}`, {
      token: b.founder.token,
      body: { answers: ['Theirs'] },
      headers: keyed(key),
    });
    expect(saved.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(theirs.body.answer.answers).toEqual(['Theirs']);
  });

  it('refuses a malformed key with 400 before any write', async () => {
    const { founder, questionId } = await founderWithTriggerOpen();
    for (const bad of ['', 'x'.repeat(129), 'a b', 'a/b', 'a#b']) {
      const res = await api('PUT', `/api/answers/trigger/${questionId}`, {
        token: founder.token,
        body: { answers: ['Never stored'] },
        headers: keyed(bad),
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ error: 'BadRequest', message: expect.stringContaining(IDEMPOTENCY_KEY_HEADER) });
    }
    expect(await versions(founder, questionId)).toBe(0);
  });

  it('commits, loses the answer, and answers the retry from what is stored: one version', async () => {
    const { founder, questionId } = await founderWithTriggerOpen();
    const key = randomUUID();
    const answers = ['Stored, answer lost'];
    const realSend = DynamoDBDocumentClient.prototype.send;
    const mock = mockClient(DynamoDBDocumentClient);
    let lost = 0;
    try {
      mock.send.callThrough();
      mock.on(TransactWriteCommand).callsFakeOnce(async (input: TransactWriteCommandInput) => {
        await (realSend as (command: TransactWriteCommand) => Promise<unknown>).call(
          ddb(),
          new TransactWriteCommand(input),
        );
        lost++;
        throw Object.assign(new Error('Socket timed out after the commit'), { name: 'TimeoutError' });
      });
      const failed = await journey(saveEvent(founder, questionId, key, answers), lambdaContext);
      expect(failed.statusCode).toBe(503);
    } finally {
      mock.restore();
    }
    expect(lost).toBe(1);
    expect(await versions(founder, questionId)).toBe(1);

    const retry = await journey(saveEvent(founder, questionId, key, answers), lambdaContext);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers?.[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    const body = JSON.parse(String(retry.body)) as ResponseBody<'journey.saveAnswer'>;
    expect(body.answer.answers).toEqual(answers);
    expect(body.progress.answered).toBe(1);
    // Answered as the first would have been: with the stored save's own time, not the retry's.
    const stored = await api<ResponseBody<'journey.listAnswers'>>('GET', '/api/answers/trigger', {
      token: founder.token,
    });
    const kept = stored.body.answers.find((a) => a.questionId === questionId);
    expect(kept?.updatedAt).toBeDefined();
    expect(body.answer.updatedAt).toBe(kept?.updatedAt);
    expect(await versions(founder, questionId)).toBe(1);

    // The rebuilt answer is now the key's: a third try is replayed word for word.
    const third = await api('PUT', `/api/answers/trigger/${questionId}`, {
      token: founder.token,
      body: { answers },
      headers: keyed(key),
    });
    expect(third.status).toBe(200);
    expect(third.body).toEqual(body);
    expect(await versions(founder, questionId)).toBe(1);
  });
});

describe('other keyed saves', () => {
  it('creates one question from a retried create', async () => {
    const admin = await adminToken();
    const key = randomUUID();
    const text = `Idempotent question ${randomUUID()}`;
    const body = { type: 'trigger', category: 'Customer Jobs', text, explanation: 'Why', example: 'Example' };
    const first = await api<ResponseBody<'questions.create'>>('POST', '/api/admin/questions', {
      token: admin,
      body,
      headers: keyed(key),
    });
    const retry = await api<ResponseBody<'questions.create'>>('POST', '/api/admin/questions', {
      token: admin,
      body,
      headers: keyed(key),
    });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const list = await api<{ questions: { id: string; text: string }[] }>('GET', '/api/questions/trigger', {
      token: admin,
    });
    expect(list.body.questions.filter((q) => q.text === text)).toHaveLength(1);
    await api('DELETE', `/api/admin/questions/trigger/${first.body.question.id}`, { token: admin });
  });
});
