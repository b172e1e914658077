/**
 * Fault injection: what founders and coaches see while a dependency is down, and that nothing is
 * lost, sent twice or left half-written when it comes back. Emulators are stopped and restarted
 * for real on a private stack (test/faults/private-stack.ts); aws-sdk-client-mock stands in only
 * for faults no emulator produces on cue (throttling, a transaction cancelled by throttling).
 */

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  TooManyRequestsException as CognitoThrottle,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DeleteObjectsCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand, TooManyRequestsException as SesThrottle } from '@aws-sdk/client-sesv2';
import {
  BatchGetCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse, MeResponse, ReviewListResponse } from '#shared/api-types';
import { QUESTION_TYPES } from '#shared/domain/questions';
import { EVENT_SOURCE, RETRY_POLICY } from '#shared/events';
import { handler as emailSender } from '../functions/consumers/email-sender';
import { BATCH_GET_ATTEMPTS } from '../functions/store/batch-get';
import { ddb, tableName } from '../functions/store/client';
import { keys } from '../functions/store/keys';
import { deadLetterStore } from '../local/dead-letter-store';
import type { EmulatorName } from '../local/emulators/index';
import { startLocalEventBus } from '../local/event-bus';
import { deadLetterDirOf } from '../local/paths';
import { redriveEventsCli } from '../local/redrive-events';
import { openBlackHole } from './faults/black-hole';
import { type PrivateStack, startPrivateStack } from './faults/private-stack';
import { paidSessionWebhook, paymentState } from './faults/webhook';
import { pdfBytes } from './pdf-files';
import type { TestUser } from './users';

let ps: PrivateStack;
/** Emulators a test took down; afterEach brings them back so one failure does not cascade. */
const down = new Set<EmulatorName>();

beforeAll(async () => {
  ps = await startPrivateStack();
}, 120_000);

afterAll(async () => {
  await ps?.stop();
});

afterEach(async () => {
  for (const service of down) await ps.stack.emulators.restartService(service);
  down.clear();
  await ps.settled();
});

async function stopEmulator(service: EmulatorName): Promise<void> {
  down.add(service);
  await ps.stack.emulators.stopService(service);
}

async function restartEmulator(service: EmulatorName): Promise<number> {
  const started = performance.now();
  await ps.stack.emulators.restartService(service);
  down.delete(service);
  return Math.round(performance.now() - started);
}

const SERVICE_UNAVAILABLE = {
  error: 'ServiceUnavailable',
  message: expect.stringMatching(/temporarily unavailable.*try again/i),
};

async function profileFlag(sub: string, flag: string): Promise<unknown> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(sub), ConsistentRead: true }),
  );
  return out.Item?.[flag];
}

async function signupCodeItem(email: string): Promise<Record<string, unknown> | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.signupCode(email), ConsistentRead: true }),
  );
  return out.Item;
}

const signupBody = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  startupName: 'Engines',
  email,
  password: 'Sturdy-Passw0rd',
});

/** What DynamoDB answers when a transaction's item is throttled; the SDK does not retry it. */
const throttledTransaction = () =>
  new TransactionCanceledException({
    message:
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ThrottlingError, None]',
    CancellationReasons: [
      { Code: 'None' },
      { Code: 'ThrottlingError', Message: 'Throughput exceeds the current capacity of your table or index.' },
      { Code: 'None' },
    ],
    $metadata: { httpStatusCode: 400 },
  });

/**
 * A BatchGet answered the way DynamoDB answers one under throttling: only the last `served` keys of each
 * request come back (read for real, so the answer is the table's), the others as UnprocessedKeys.
 * DynamoDB Local never does this, and the SDK does not retry it.
 */
function partialBatchGet(served: number) {
  return async (input: BatchGetCommandInput): Promise<BatchGetCommandOutput> => {
    const [table, request] = Object.entries(input.RequestItems ?? {})[0] ?? [];
    if (!table || !request?.Keys) throw new Error('a BatchGet of one table was expected');
    const keys = request.Keys;
    const left = keys.slice(0, keys.length - served);
    const items: Record<string, unknown>[] = [];
    for (const key of keys.slice(keys.length - served)) {
      const out = await ddb().send(
        new GetCommand({
          TableName: table,
          Key: key,
          ConsistentRead: request.ConsistentRead,
          ProjectionExpression: request.ProjectionExpression,
        }),
      );
      if (out.Item) items.push(out.Item);
    }
    return {
      Responses: { [table]: items },
      UnprocessedKeys: left.length ? { [table]: { ...request, Keys: left } } : {},
      $metadata: {},
    };
  };
}

/** Runs `run` while `fake` answers every BatchGet (all else reaches DynamoDB Local); returns the keys of each request. */
async function whileBatchGets(
  fake: ReturnType<typeof partialBatchGet>,
  run: () => Promise<void>,
): Promise<unknown[][]> {
  const mock = mockClient(DynamoDBDocumentClient);
  try {
    mock.send.callThrough();
    mock.on(BatchGetCommand).callsFake(fake);
    await run();
    return mock
      .commandCalls(BatchGetCommand)
      .map((c) => Object.values(c.args[0].input.RequestItems ?? {})[0]?.Keys ?? []);
  } finally {
    mock.restore();
  }
}

/** The envelope EventBridge wraps a detail in, for invoking the email consumer as a redelivery would. */
const envelope = {
  version: '0',
  source: EVENT_SOURCE,
  account: '000000000000',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: [],
};

const IDEA_SUBJECT = /idea is saved/i;
const UNLOCK_SUBJECT = /Value Proposition/;

describe('SES down', () => {
  it('saves the idea at once and delivers its email by the bus retry once SES is back, exactly once', async () => {
    const founder = await ps.createUser();
    const mark = ps.logs.length;
    await stopEmulator('ses');

    const save = await ps.api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Soup for night shifts' } });
    expect(save.status).toBe(200);
    expect(save.body).toEqual({ idea: 'Soup for night shifts' });

    // The first delivery fails; SES comes back before the bus's next attempt (200 ms, then 1 s later).
    const failed = await ps.waitForLog(
      (l) => l.message === 'consumer failed' && l.consumer === 'email-sender' && l.attempt === 1 && !l.final,
      mark,
    );
    expect(failed.err).toMatchObject({ message: expect.stringMatching(/ECONNREFUSED/) });
    const restartMs = await restartEmulator('ses');
    expect(restartMs).toBeLessThan(RETRY_POLICY.backoffMs[0] + RETRY_POLICY.backoffMs[1]);
    await ps.settled();

    const mails = await ps.emailsTo(founder.email);
    expect(mails.filter((m) => IDEA_SUBJECT.test(m.subject))).toHaveLength(1);
    expect(
      ps.stack.bus.deadLetters().filter((d) => (d.event.detail as { userId?: string }).userId === founder.sub),
    ).toEqual([]);
    expect(await profileFlag(founder.sub, 'idea_email_sent')).toBe(true);

    // A second delivery of the same event (EventBridge delivers at least once) sends nothing more.
    const ideaSaved = ps.events.published.find((e) => e.detailType === 'IdeaSaved' && e.detail.userId === founder.sub);
    if (!ideaSaved) throw new Error('IdeaSaved was not published');
    await emailSender({ ...envelope, id: 'redelivered', 'detail-type': 'IdeaSaved', detail: ideaSaved.detail });
    expect((await ps.emailsTo(founder.email)).filter((m) => IDEA_SUBJECT.test(m.subject))).toHaveLength(1);
  });

  it('keeps retrying the emails of an SES outage longer than the quick retries, and sends each once when SES is back', async () => {
    const founders = await Promise.all([ps.createUser(), ps.createUser(), ps.createUser()]);
    const [unlocked] = founders;
    if (!unlocked) throw new Error('no founder');
    const admin = await ps.adminToken();
    const mark = ps.logs.length;
    await stopEmulator('ses');

    for (const [i, founder] of founders.entries()) {
      const save = await ps.api('PUT', '/api/idea', { token: founder.token, body: { idea: `Outage idea ${i}` } });
      expect(save.status).toBe(200);
    }
    const unlock = await ps.api('POST', `/api/admin/founders/${unlocked.sub}/unlock`, {
      token: admin,
      body: { phase: 'trigger' },
    });
    expect(unlock.status).toBe(200);

    // Every email's quick attempts fail (where the bus used to give up), and each is still to be retried.
    const lastQuick = (l: Record<string, unknown>) =>
      l.message === 'consumer failed' &&
      l.consumer === 'email-sender' &&
      l.attempt === RETRY_POLICY.maxAttempts &&
      l.final === false;
    const emails = founders.length + 1;
    const deadline = Date.now() + 20_000;
    while (ps.logs.slice(mark).filter(lastQuick).length < emails) {
      if (Date.now() > deadline) throw new Error('the quick retries did not all fail within 20 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(ps.logs.slice(mark).filter((l) => l.message === 'delivery parked')).toEqual([]);
    expect(ps.stack.bus.retrying().filter((r) => r.consumer === 'email-sender')).toEqual(
      Array.from({ length: emails }, () =>
        expect.objectContaining({ attempts: RETRY_POLICY.maxAttempts, error: expect.stringMatching(/ECONNREFUSED/) }),
      ),
    );
    // The idle route answers while they wait on their timers (it used to wait for every retry), and counts them.
    const idle = await fetch(`${ps.stack.url}/_dev/events/idle`);
    expect(await idle.json()).toEqual({ idle: true, deadLetters: 0, retrying: emails });
    expect(await profileFlag(unlocked.sub, 'trigger_unlock_email_sent')).toBe(false);

    await restartEmulator('ses');
    await ps.settled();
    for (const founder of founders) {
      const mails = await ps.emailsTo(founder.email);
      expect(
        mails.filter((m) => IDEA_SUBJECT.test(m.subject)),
        founder.email,
      ).toHaveLength(1);
    }
    expect((await ps.emailsTo(unlocked.email)).filter((m) => UNLOCK_SUBJECT.test(m.subject))).toHaveLength(1);
    expect(ps.stack.bus.deadLetters()).toEqual([]);
    expect(
      ps.logs
        .slice(mark)
        .filter((l) => l.message === 'consumer succeeded after retries' && l.consumer === 'email-sender'),
    ).toHaveLength(emails);
  });

  it('parks an email still failing at the maximum event age (shortened here), and a redrive sends it once', async () => {
    const founder = await ps.createUser();
    const mark = ps.logs.length;
    const deadLetterDir = await mkdtemp(path.join(os.tmpdir(), 'preseed-parked-'));
    // A bus of its own on the same emulators, with the schedule squeezed from an hour into two seconds.
    const bus = await startLocalEventBus({
      deadLetterDir,
      retryPolicy: { backoffMs: [100, 200], maxBackoffMs: 400, maxEventAgeSeconds: 2 },
      loadConsumer: async (name) => (name === 'email-sender' ? emailSender : async () => undefined),
    });
    try {
      await stopEmulator('ses');
      const put = await fetch(bus.endpoint, {
        method: 'POST',
        headers: { 'x-amz-target': 'AWSEvents.PutEvents' },
        body: JSON.stringify({
          Entries: [
            {
              Source: EVENT_SOURCE,
              DetailType: 'PhaseUnlocked',
              Detail: JSON.stringify({ userId: founder.sub, phase: 'trigger' }),
            },
          ],
        }),
      });
      const eventId = ((await put.json()) as { Entries: { EventId: string }[] }).Entries[0]?.EventId;
      await ps.waitForLog((l) => l.message === 'delivery parked' && l.eventId === eventId, mark);
      await bus.idle();
      expect(bus.retrying()).toEqual([]);
      expect(bus.deadLetters()).toEqual([
        expect.objectContaining({ consumer: 'email-sender', error: expect.stringMatching(/ECONNREFUSED/) }),
      ]);
      const attempts = ps.logs.slice(mark).filter((l) => l.message === 'consumer failed' && l.eventId === eventId);
      expect(attempts.length).toBeGreaterThan(RETRY_POLICY.maxAttempts);
      expect(await readdir(deadLetterDir)).toEqual([`email-sender--${eventId}.json`]);
      // The consumer gave its once-only flag back, so the parked event can still send the email.
      expect(await profileFlag(founder.sub, 'trigger_unlock_email_sent')).toBe(false);

      await restartEmulator('ses');
      expect(await ps.emailsTo(founder.email)).toEqual([]);
      expect(await bus.redrive()).toEqual([expect.objectContaining({ eventId, outcome: 'delivered' })]);
      expect(await readdir(deadLetterDir)).toEqual([]);
      expect(bus.deadLetters()).toEqual([]);
      expect(await bus.redrive()).toEqual([]);
      // Delivered again by hand anyway (EventBridge delivers at least once): the claim holds, still one email.
      await emailSender({
        ...envelope,
        id: String(eventId),
        'detail-type': 'PhaseUnlocked',
        detail: { userId: founder.sub, phase: 'trigger' },
      });
      const mails = await ps.emailsTo(founder.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toMatch(UNLOCK_SUBJECT);
    } finally {
      await bus.stop();
      await rm(deadLetterDir, { recursive: true, force: true });
    }
  });

  it('npm run events:redrive sends what the running stack parked, once, and says so one line each', async () => {
    const founder = await ps.createUser();
    // As the stack's bus leaves an email it gave up on: the event, in the stack's own dead-letter store.
    const event = {
      ...envelope,
      id: `parked-${Date.now()}`,
      'detail-type': 'PhaseUnlocked',
      detail: { userId: founder.sub, phase: 'trigger' },
    };
    const store = deadLetterStore(deadLetterDirOf(ps.dataDir));
    const file = await store.park({
      consumer: 'email-sender',
      event,
      error: 'Error: connect ECONNREFUSED',
      attempts: 66,
      parkedAt: new Date().toISOString(),
    });
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);

    expect(await redriveEventsCli(['--url', ps.stack.url, '--consumer', 'email-sender'], { print })).toBe(0);
    expect(lines).toEqual([
      `DELIVERED email-sender ${event.id} (PhaseUnlocked): removed from the store.`,
      '1 delivered, 0 still parked.',
    ]);
    expect((await store.list()).deliveries.map((d) => d.file)).not.toContain(file);
    lines.length = 0;
    expect(await redriveEventsCli(['--url', ps.stack.url, '--consumer', 'email-sender'], { print })).toBe(0);
    expect(lines).toEqual(['0 delivered, 0 still parked.']);
    const mails = await ps.emailsTo(founder.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(UNLOCK_SUBJECT);
  });

  it('answers sign-up with 503 and a clear message, and lets the person ask again right away', async () => {
    const email = `fault-signup-${Date.now()}@example.com`;
    const signup = signupBody(email);
    await stopEmulator('ses');

    const first = await ps.api('POST', '/api/auth/signup/start', { body: signup });
    expect(first.status).toBe(503);
    expect(first.body).toEqual({
      error: 'ServiceUnavailable',
      message: 'We could not send the verification email. Please try again in a moment.',
    });
    expect(first.headers.get('retry-after')).toBe('5');
    // Still down: the same answer, not "wait 60 seconds" for a code that was never sent.
    const second = await ps.api('POST', '/api/auth/signup/start', { body: signup });
    expect(second.status).toBe(503);
    expect(await signupCodeItem(email)).toBeUndefined();

    await restartEmulator('ses');
    const third = await ps.api('POST', '/api/auth/signup/start', { body: signup });
    expect(third.status).toBe(202);
    const [mail] = await ps.emailsTo(email);
    const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    expect(code).toMatch(/^\d{6}$/);
    const verify = await ps.api('POST', '/api/auth/signup/verify', { body: { ...signup, code } });
    expect(verify.status).toBe(201);
  });

  it('answers sign-up with 503 when SES hangs, without a resend timer for a code that never left', async () => {
    const email = `fault-hang-${Date.now()}@example.com`;
    await stopEmulator('ses');
    const hole = await openBlackHole(ps.stack.emulators.emulator('ses').port);
    let first: Awaited<ReturnType<PrivateStack['api']>>;
    try {
      first = await ps.api('POST', '/api/auth/signup/start', { body: signupBody(email) });
    } finally {
      await hole.close();
    }
    console.info(`SES hanging: sign-up answered ${first.status} after ${first.ms} ms (${hole.connections()} attempts)`);
    expect(first.status).toBe(503);
    expect(first.body).toEqual({
      error: 'ServiceUnavailable',
      message: 'We could not send the verification email. Please try again in a moment.',
    });
    expect(await signupCodeItem(email)).toBeUndefined();

    await restartEmulator('ses');
    expect((await ps.api('POST', '/api/auth/signup/start', { body: signupBody(email) })).status).toBe(202);
    expect(await ps.emailsTo(email)).toHaveLength(1);
  });

  it("retries a coach's unlock email that SES left hanging, and sends it once when SES answers again", async () => {
    const founder = await ps.createUser();
    const admin = await ps.adminToken();
    const mark = ps.logs.length;
    await stopEmulator('ses');
    const hole = await openBlackHole(ps.stack.emulators.emulator('ses').port);
    try {
      const unlock = await ps.api('POST', `/api/admin/founders/${founder.sub}/unlock`, {
        token: admin,
        body: { phase: 'trigger' },
      });
      expect(unlock.status).toBe(200);
      // The hung send times out inside the consumer, which gives its once-only flag back before the retry.
      const failed = await ps.waitForLog(
        (l) => l.message === 'consumer failed' && l.consumer === 'email-sender' && l.attempt === 1 && !l.final,
        mark,
      );
      expect(failed.err).toMatchObject({ name: 'TimeoutError' });
    } finally {
      await hole.close();
    }
    await restartEmulator('ses');
    await ps.settled();
    const mails = await ps.emailsTo(founder.email);
    // Failed once on a loaded CI machine with no mail at all; what the consumer and the bus said makes the next one
    // readable.
    const said = ps.logs
      .slice(mark)
      .filter((l) => l.consumer === 'email-sender' || l.userId === founder.sub)
      .map((l) => JSON.stringify(l));
    expect(mails, said.join('\n')).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(UNLOCK_SUBJECT);
    expect(await profileFlag(founder.sub, 'trigger_unlock_email_sent')).toBe(true);
  });
});

describe('DynamoDB down', () => {
  /** A founder who answered every trigger question, so coaches see them in the review list. */
  async function founderWithAnswers(): Promise<{ founder: TestUser; questionIds: string[] }> {
    const founder = await ps.createUser();
    expect(
      (await ps.api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Tools for bakers' } })).status,
    ).toBe(200);
    const list = await ps.api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', {
      token: founder.token,
    });
    const questionIds = list.body.questions.map((q) => q.id);
    for (const [i, id] of questionIds.entries()) {
      const saved = await ps.api('PUT', `/api/answers/trigger/${id}`, {
        token: founder.token,
        body: { answers: [`Answer ${i}`] },
      });
      expect(saved.status).toBe(200);
    }
    await ps.settled();
    return { founder, questionIds };
  }

  it('answers reads, writes and admin lists with a prompt 503, and loses nothing across a restart', async () => {
    const { founder, questionIds } = await founderWithAnswers();
    const admin = await ps.adminToken();
    const [firstQuestion] = questionIds;
    const calls = {
      read: () => ps.api<DashboardResponse>('GET', '/api/dashboard', { token: founder.token }),
      write: () =>
        ps.api('PUT', `/api/answers/trigger/${firstQuestion}`, {
          token: founder.token,
          body: { answers: ['Changed while the database was down'] },
        }),
      adminList: () => ps.api<ReviewListResponse>('GET', '/api/admin/review/trigger', { token: admin }),
    };
    const before = await calls.read();
    expect(before.body.progress.trigger.answered).toBe(questionIds.length);

    await stopEmulator('dynamodb');
    const timings: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, name).toBe(503);
      expect(res.body, name).toEqual(SERVICE_UNAVAILABLE);
      expect(res.headers.get('retry-after'), name).toBe('5');
      expect(res.headers.get('x-request-id'), name).toBeTruthy();
      timings[name] = res.ms;
    }
    const restartMs = await restartEmulator('dynamodb');
    console.info(`DynamoDB Local stopped: 503 after ${JSON.stringify(timings)} ms; restart took ${restartMs} ms`);
    // Connection refused fails fast: only the SDK's own short back-offs (3 attempts) stand between.
    for (const [name, ms] of Object.entries(timings)) expect(ms, name).toBeLessThan(1_500);

    const read = await calls.read();
    expect(read.status).toBe(200);
    expect(read.body.progress.trigger).toEqual(before.body.progress.trigger);
    const answers = await ps.api<{ answers: { questionId: string; answers: string[] }[] }>(
      'GET',
      '/api/answers/trigger',
      { token: founder.token },
    );
    expect(answers.body.answers).toHaveLength(questionIds.length);
    // The refused write did not land half-way; the one before the outage is intact.
    expect(answers.body.answers.find((a) => a.questionId === firstQuestion)?.answers).toEqual(['Answer 0']);
    const list = await calls.adminList();
    expect(list.status).toBe(200);
    expect(list.body.founders.map((f) => f.userId)).toContain(founder.sub);
    expect((await calls.write()).status).toBe(200);
    expect(await profileFlag(founder.sub, 'idea')).toBe('Tools for bakers');
  });

  it("answers with 503 at the function's time limit when DynamoDB hangs instead of refusing", async () => {
    const founder = await ps.createUser();
    const admin = await ps.adminToken();
    const pid = ps.stack.emulators.emulator('dynamodb').pid;
    if (!pid) throw new Error('DynamoDB Local has no pid');
    // A frozen process still accepts connections (the kernel queues them) but never answers: a black hole.
    process.kill(pid, 'SIGSTOP');
    let read: Awaited<ReturnType<PrivateStack['api']>>;
    let adminList: Awaited<ReturnType<PrivateStack['api']>>;
    try {
      [read, adminList] = await Promise.all([
        ps.api('GET', '/api/dashboard', { token: founder.token }),
        ps.api('GET', '/api/admin/review/trigger', { token: admin }),
      ]);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    console.info(`DynamoDB Local frozen: 503 after ${read.ms} ms (read) and ${adminList.ms} ms (admin list)`);
    for (const res of [read, adminList]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual(SERVICE_UNAVAILABLE);
      // The SDK's request timeouts give up well inside the function's 10 s (functions/integrations/timeouts.ts:
      // about 6 s), so the caller gets our 503 instead of Lambda's timeout; without them it would wait 5 minutes.
      expect(res.ms).toBeLessThan(12_000);
    }
    expect((await ps.api('GET', '/api/dashboard', { token: founder.token })).status).toBe(200);
  });
});

describe('DynamoDB Local killed (issue 35)', () => {
  it('is named in the log, health answers 503 while it is down, and the supervisor brings it back', async () => {
    const founder = await ps.createUser();
    const { pid, port } = ps.stack.emulators.emulator('dynamodb');
    if (!pid) throw new Error('DynamoDB Local has no pid');
    const from = ps.warnings.length;
    process.kill(pid, 'SIGKILL');
    const down = await waitFor(async () => {
      const res = await ps.api('GET', '/api/health');
      return res.status === 503 ? res : undefined;
    });
    expect(down.body).toMatchObject({
      error: 'ServiceUnavailable',
      message: expect.stringContaining('dynamodb'),
      details: { dependencies: { dynamodb: 'down', cognito: 'up', s3: 'up', ses: 'up' } },
    });
    await waitFor(async () => ((await ps.api('GET', '/api/health')).status === 200 ? true : undefined));
    expect(ps.warnings.slice(from, from + 1)).toEqual([
      `DynamoDB Local (pid ${pid}, port ${port}) exited unexpectedly: no exit code, signal SIGKILL.`,
    ]);
    expect(ps.stack.emulators.emulator('dynamodb').port).toBe(port);
    // Its tables were on disk: the founder made before the death is read again.
    expect((await ps.api('GET', '/api/dashboard', { token: founder.token })).status).toBe(200);
    expect((await ps.api('GET', '/api/health')).body).toEqual({
      status: 'ok',
      dependencies: { dynamodb: 'up', cognito: 'up', s3: 'up', ses: 'up' },
    });
  }, 90_000);

  it('a deliberate stopService is reported down by health and not restarted', async () => {
    const from = ps.warnings.length;
    await stopEmulator('s3');
    const res = await ps.api('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ details: { dependencies: { s3: 'down', dynamodb: 'up' } } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ps.warnings.slice(from)).toEqual([]);
    expect(ps.stack.emulators.states().s3).toBe('stopped');
  });
});

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a Stripe webhook replayed 10 times', () => {
  it('one after another: paid once, one payment, one receipt, PaymentCompleted once', async () => {
    const founder = await ps.createUser({ paid: false });
    const delivery = await paidSessionWebhook(ps, founder);
    const paidAts: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await ps.api('POST', '/api/payments/webhook', {
        rawBody: delivery.payload,
        headers: delivery.headers(),
      });
      expect(res.status, `delivery ${i + 1}`).toBe(200);
      paidAts.push((await paymentState(founder.sub, delivery.eventId)).paidAt);
    }
    const state = await paymentState(founder.sub, delivery.eventId);
    expect(state).toMatchObject({ payments: 1, paid: true, receipt: { sessionId: delivery.sessionId } });
    expect(new Set(paidAts).size).toBe(1);
    // Announced from the table's stream, after the answers.
    await ps.settled();
    expect(ps.events.count('PaymentCompleted', { userId: founder.sub })).toBe(1);
  });

  it('all at once: paid once, one payment, one receipt, PaymentCompleted once; a refused copy is retried by Stripe', async () => {
    const founder = await ps.createUser({ paid: false });
    const delivery = await paidSessionWebhook(ps, founder);
    const send = () =>
      ps.api('POST', '/api/payments/webhook', { rawBody: delivery.payload, headers: delivery.headers() });
    const results = await Promise.all(Array.from({ length: 10 }, send));
    const statuses = results.map((r) => r.status);
    console.info(`10 concurrent deliveries answered ${JSON.stringify(statuses)}`);
    // A copy that collided with the one being written may be refused with 503 (never 500),
    // which makes Stripe deliver it again later; that later delivery is a no-op.
    for (const res of results) {
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) expect(res.body).toEqual(SERVICE_UNAVAILABLE);
    }
    expect(statuses).toContain(200);
    const refused = results.filter((r) => r.status !== 200).length;
    for (let i = 0; i < refused; i++) expect((await send()).status, 'Stripe retry').toBe(200);

    const state = await paymentState(founder.sub, delivery.eventId);
    expect(state).toMatchObject({ payments: 1, paid: true, receipt: { sessionId: delivery.sessionId } });
    await ps.settled();
    expect(ps.events.count('PaymentCompleted', { userId: founder.sub })).toBe(1);
  });
});

/** A founder whose trigger answers are open (they open once an idea is saved), and the first question's id. */
async function founderWithTriggerOpen(idea: string): Promise<{ founder: TestUser; questionId: string | undefined }> {
  const founder = await ps.createUser();
  expect((await ps.api('PUT', '/api/idea', { token: founder.token, body: { idea } })).status).toBe(200);
  await ps.settled();
  const { body } = await ps.api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', {
    token: founder.token,
  });
  return { founder, questionId: body.questions[0]?.id };
}

describe('faults no emulator produces on cue (aws-sdk-client-mock)', () => {
  it('answers 503 when a transaction is cancelled by throttling, and the retried webhook records the payment once', async () => {
    const founder = await ps.createUser({ paid: false });
    const delivery = await paidSessionWebhook(ps, founder);
    // The stream consumer's directory refresh for the new founder is a transaction too: let it finish first, so
    // the one throttled transaction is the webhook's.
    await ps.settled();
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      mock.send.callThrough();
      mock.on(TransactWriteCommand).rejectsOnce(throttledTransaction());
      const refused = await ps.api('POST', '/api/payments/webhook', {
        rawBody: delivery.payload,
        headers: delivery.headers(),
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(SERVICE_UNAVAILABLE);
      expect(await paymentState(founder.sub, delivery.eventId)).toMatchObject({
        payments: 0,
        paid: false,
        receipt: null,
      });

      const retried = await ps.api('POST', '/api/payments/webhook', {
        rawBody: delivery.payload,
        headers: delivery.headers(),
      });
      expect(retried.status).toBe(200);
    } finally {
      mock.restore();
    }
    expect(await paymentState(founder.sub, delivery.eventId)).toMatchObject({ payments: 1, paid: true });
    // Announced from the table's stream, after the answer.
    await ps.settled();
    expect(ps.events.count('PaymentCompleted', { userId: founder.sub })).toBe(1);
  });
  it('answers 503 to reads, writes and admin lists while DynamoDB throttles, and writes nothing', async () => {
    const { founder, questionId } = await founderWithTriggerOpen('Shoes');
    const admin = await ps.adminToken();
    const mock = mockClient(DynamoDBDocumentClient);
    const timings: Record<string, number> = {};
    try {
      mock.send.callThrough();
      mock
        .on(GetCommand)
        .rejects(new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} }));
      mock.on(BatchGetCommand).rejects(new RequestLimitExceeded({ message: 'Account limit exceeded', $metadata: {} }));
      mock.on(QueryCommand).rejects(new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }));
      const read = await ps.api('GET', '/api/dashboard', { token: founder.token });
      const adminList = await ps.api('GET', '/api/admin/review/trigger', { token: admin });
      // The founder check reads the profile first; let it through so the write itself meets the throttle.
      mock.reset();
      mock.send.callThrough();
      mock.on(TransactWriteCommand).rejects(throttledTransaction());
      const write = await ps.api('PUT', `/api/answers/trigger/${questionId}`, {
        token: founder.token,
        body: { answers: ['Written while throttled'] },
      });
      for (const [name, res] of Object.entries({ read, adminList, write })) {
        expect(res.status, name).toBe(503);
        expect(res.body, name).toEqual(SERVICE_UNAVAILABLE);
        timings[name] = res.ms;
      }
    } finally {
      mock.restore();
    }
    console.info(`DynamoDB throttling: 503 after ${JSON.stringify(timings)} ms`);
    const answers = await ps.api<{ answers: unknown[] }>('GET', '/api/answers/trigger', { token: founder.token });
    expect(answers.body.answers).toEqual([]);
  });

  it('reads again what a BatchGet left unprocessed: an answer saves and /api/me is whole, not a wrong 403 or 404', async () => {
    const { founder, questionId } = await founderWithTriggerOpen('Lamps');
    // Only the last two keys of every request are served: the answer save's read names the phase flags and
    // the question before them, /api/me the profile before the flags, so each would be missing otherwise. (Two, not
    // one: the directory refresh reads a progress item per question type, more keys than BatchGet's attempts.)
    const requests = await whileBatchGets(partialBatchGet(2), async () => {
      const save = await ps.api('PUT', `/api/answers/trigger/${questionId}`, {
        token: founder.token,
        body: { answers: ['Read in pieces'] },
      });
      expect(save.status).toBe(200);
      expect(save.body).toMatchObject({
        answer: { questionId, answers: ['Read in pieces'] },
        progress: { answered: 1 },
      });
      // The stream consumer refreshes the founder's directory entry after the save; wait for it here, so its reads
      // come between the save's and /api/me's.
      await ps.settled();
      const me = await ps.api<MeResponse>('GET', '/api/me', { token: founder.token });
      expect(me.status).toBe(200);
      expect(me.body.profile).toMatchObject({ email: founder.email, idea: 'Lamps' });
      expect(me.body.phases).toMatchObject({ generate_idea_status: true });
    });
    // Each request was sent again with the keys it left, until none were: the save's read (6 keys), the founder
    // directory's refresh the stream makes after the save (profile, phases, entry and one progress item per
    // question type), /api/me (3: profile, phases and the directory entry).
    const countdown = (n: number) => Array.from({ length: Math.ceil(n / 2) }, (_x, i) => n - 2 * i);
    expect(requests.map((keys) => keys.length)).toEqual([
      ...countdown(6),
      ...countdown(3 + QUESTION_TYPES.length),
      ...countdown(3),
    ]);
    const answers = await ps.api<{ answers: unknown[] }>('GET', '/api/answers/trigger', { token: founder.token });
    expect(answers.body.answers).toHaveLength(1);
  });

  it('answers 503 when a BatchGet never serves its keys, never a 403 or 404, and writes nothing', async () => {
    const { founder, questionId } = await founderWithTriggerOpen('Kites');
    const requests = await whileBatchGets(partialBatchGet(0), async () => {
      const save = await ps.api('PUT', `/api/answers/trigger/${questionId}`, {
        token: founder.token,
        body: { answers: ['Never read'] },
      });
      const me = await ps.api('GET', '/api/me', { token: founder.token });
      for (const [name, res] of Object.entries({ save, me })) {
        expect(res.status, name).toBe(503);
        expect(res.body, name).toEqual(SERVICE_UNAVAILABLE);
      }
    });
    // Bounded: each read gave up after its last attempt.
    expect(requests).toHaveLength(2 * BATCH_GET_ATTEMPTS);
    const answers = await ps.api<{ answers: unknown[] }>('GET', '/api/answers/trigger', { token: founder.token });
    expect(answers.body.answers).toEqual([]);
  });

  it('answers sign-up with 503 while SES or Cognito throttles, and the code can be requested right after', async () => {
    const email = `fault-throttle-${Date.now()}@example.com`;
    const ses = mockClient(SESv2Client);
    try {
      ses.send.callThrough();
      ses.on(SendEmailCommand).rejects(new SesThrottle({ message: 'Maximum sending rate exceeded.', $metadata: {} }));
      const refused = await ps.api('POST', '/api/auth/signup/start', { body: signupBody(email) });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        error: 'ServiceUnavailable',
        message: 'We could not send the verification email. Please try again in a moment.',
      });
    } finally {
      ses.restore();
    }
    expect(await signupCodeItem(email)).toBeUndefined();

    const cognito = mockClient(CognitoIdentityProviderClient);
    try {
      cognito.send.callThrough();
      cognito.on(ListUsersCommand).rejects(new CognitoThrottle({ message: 'Rate exceeded', $metadata: {} }));
      const refused = await ps.api('POST', '/api/auth/signup/start', { body: signupBody(email) });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(SERVICE_UNAVAILABLE);
    } finally {
      cognito.restore();
    }

    expect((await ps.api('POST', '/api/auth/signup/start', { body: signupBody(email) })).status).toBe(202);
    expect(await ps.emailsTo(email)).toHaveLength(1);
  });

  it('retries a progress email SES throttled, through the bus, and sends it once', async () => {
    const founder = await ps.createUser();
    const mark = ps.logs.length;
    const ses = mockClient(SESv2Client);
    try {
      ses.send.callThrough();
      ses
        .on(SendEmailCommand)
        .rejectsOnce(new SesThrottle({ message: 'Maximum sending rate exceeded.', $metadata: {} }));
      expect(
        (await ps.api('PUT', '/api/idea', { token: founder.token, body: { idea: 'Bikes for kids' } })).status,
      ).toBe(200);
      await ps.settled();
    } finally {
      ses.restore();
    }
    const failures = ps.logs
      .slice(mark)
      .filter((l) => l.message === 'consumer failed' && l.consumer === 'email-sender');
    expect(failures).toEqual([
      expect.objectContaining({
        attempt: 1,
        final: false,
        err: expect.objectContaining({ name: 'TooManyRequestsException' }),
      }),
    ]);
    expect((await ps.emailsTo(founder.email)).filter((m) => IDEA_SUBJECT.test(m.subject))).toHaveLength(1);
    expect(await profileFlag(founder.sub, 'idea_email_sent')).toBe(true);
  });
});

describe('account deletion when S3 fails to purge', () => {
  it('answers 503 keeping the sign-in, and the retry purges, deletes the sign-in and says goodbye once', async () => {
    const founder = await ps.createUser();
    const deck = pdfBytes(400);
    const start = await ps.api<{ url: string; fields: Record<string, string>; key: string }>(
      'POST',
      '/api/files/uploads',
      {
        token: founder.token,
        body: { name: 'deck.pdf', size: deck.length, contentType: 'application/pdf', category: 'pitch-deck' },
      },
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(start.body.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(deck)], { type: 'application/pdf' }), 'deck.pdf');
    expect((await fetch(start.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const confirm = await ps.api('POST', '/api/files', {
      token: founder.token,
      body: { key: start.body.key, name: 'deck.pdf', category: 'pitch-deck' },
    });
    expect(confirm.status).toBe(201);

    const s3 = mockClient(S3Client);
    try {
      s3.send.callThrough();
      s3.on(DeleteObjectsCommand).rejects(
        new S3ServiceException({ name: 'ServiceUnavailable', $fault: 'server', $metadata: { httpStatusCode: 503 } }),
      );
      const refused = await ps.api('POST', '/api/me/delete', { token: founder.token, body: { email: founder.email } });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(SERVICE_UNAVAILABLE);
    } finally {
      s3.restore();
    }
    expect(await ps.emailsTo(founder.email)).toEqual([]);

    const retried = await ps.api<{ removed: { user: boolean } }>('POST', '/api/me/delete', {
      token: founder.token,
      body: { email: founder.email },
    });
    expect(retried.status).toBe(200);
    expect(retried.body.removed.user).toBe(true);
    const goodbye = (await ps.emailsTo(founder.email)).filter(
      (m) => m.subject === 'Your Preseed account has been deleted',
    );
    expect(goodbye).toHaveLength(1);
    const left = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.profile(founder.sub).PK },
        ConsistentRead: true,
      }),
    );
    expect(left.Items).toEqual([]);
  });
});
