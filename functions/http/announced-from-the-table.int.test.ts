/**
 * Every announcement is written with its change (functions/store/outbox.ts) and sent from the table's stream
 * (functions/streams/table-changes.ts). A handler killed right after its commit — here, the DynamoDB client
 * throws as the transaction returns, so nothing the handler would do next happens — still has its event
 * delivered, exactly once; the caller's retry changes nothing and announces nothing more; and the same stream
 * record delivered twice has one effect downstream.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, api, createUser, emailsTo, eventsSettled, founderWithTriggerDone } from '../../test/helpers';
import type { RouteContext } from '../lib/http';
import { rootLogger } from '../lib/logger';
import { batchGetAll } from '../store/batch-get';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';
import { OUTBOX_KIND, outboxItem } from '../store/outbox';
import { getSuggestions } from '../store/suggestions';
import { handler as tableChanges } from '../streams/table-changes';
import { journeyRoutes } from './journey';
import { reviewRoutes } from './review';

const IDEA = 'Meal plans for busy parents';
const KILL = 'killAfterCommit';

/** Makes the next transaction that writes an outbox item commit, then fail as if the function died there. */
function killRightAfterCommit(): { killed: () => boolean } {
  let killed = false;
  ddb().middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      const input = args.input as { TransactItems?: Array<{ Put?: { Item?: { kind?: unknown } } }> };
      const announces = input.TransactItems?.some((t) => t.Put?.Item?.kind === OUTBOX_KIND);
      if (announces && !killed) {
        killed = true;
        throw new Error('function killed right after its commit');
      }
      return out;
    },
    { step: 'initialize', name: KILL },
  );
  return { killed: () => killed };
}

afterEach(() => {
  ddb().middlewareStack.remove(KILL);
});

/** The route's own code, run in this test's process with the caller a token would name. */
function context<Id extends keyof typeof journeyRoutes | keyof typeof reviewRoutes>(
  sub: string,
  isAdmin: boolean,
  rest: { body?: unknown; params?: unknown },
): RouteContext<Id> {
  return {
    principal: { sub, username: sub, groups: isAdmin ? ['admin'] : [], isAdmin, authTime: 0 },
    log: rootLogger,
    caller: { profile: null, items: [] },
    ...rest,
  } as unknown as RouteContext<Id>;
}

const subjects = async (email: string, start: string) =>
  (await emailsTo(email)).map((m) => m.subject).filter((s) => s.startsWith(start));

describe('a handler killed right after its commit', () => {
  it('still announces the saved idea, exactly once, and a retry announces nothing more', async () => {
    const founder = await createUser();
    const fault = killRightAfterCommit();
    await expect(
      journeyRoutes['journey.saveIdea'].handle(context(founder.sub, false, { body: { idea: IDEA } })),
    ).rejects.toThrow('killed right after its commit');
    expect(fault.killed()).toBe(true);

    await eventsSettled();
    expect(await subjects(founder.email, 'Your idea is saved')).toHaveLength(1);
    const prepared = await getSuggestions(founder.sub, 'trigger');
    expect(prepared).not.toBeNull();

    // The founder's browser retries the request that failed.
    expect((await api('PUT', '/api/idea', { token: founder.token, body: { idea: IDEA } })).status).toBe(200);
    await eventsSettled();
    expect(await subjects(founder.email, 'Your idea is saved')).toHaveLength(1);
    expect(await getSuggestions(founder.sub, 'trigger')).toEqual(prepared);
  });

  it("still announces a coach's unlock, exactly once, and a retry announces nothing more", async () => {
    const founder = await founderWithTriggerDone();
    await eventsSettled();
    const unlockMails = async () =>
      (await emailsTo(founder.email)).filter(
        (m) => m.subject.includes('Value Proposition') && m.subject.includes('Unlocked'),
      );
    const fault = killRightAfterCommit();
    await expect(
      reviewRoutes['review.unlock'].handle(
        context('coach', true, { params: { userId: founder.sub }, body: { phase: 'trigger' } }),
      ),
    ).rejects.toThrow('killed right after its commit');
    expect(fault.killed()).toBe(true);
    await eventsSettled();
    expect(await unlockMails()).toHaveLength(1);

    const again = await api<{ changed: boolean }>('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token: await adminToken(),
      body: { phase: 'trigger' },
    });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    await eventsSettled();
    expect(await unlockMails()).toHaveLength(1);
  });
});

describe('a stream record delivered twice', () => {
  it('has one effect downstream: each consumer handles the announcement once', async () => {
    const founder = await createUser();
    // The record a stream would carry for an announcement that was never committed as a change (so only the
    // deliveries below can have effects): IdeaSaved reaches email-sender, suggestions and realtime-push.
    const item = outboxItem('IdeaSaved', { userId: founder.sub, idea: IDEA });
    const record: DynamoDBRecord = {
      eventID: '1',
      eventName: 'INSERT',
      eventSourceARN: `arn:aws:dynamodb:us-east-1:000000000000:table/${tableName()}/stream/2026`,
      dynamodb: {
        Keys: marshall({ PK: item.PK, SK: item.SK }) as never,
        NewImage: marshall(item) as never,
        SequenceNumber: '100',
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    };
    const [first, second] = await Promise.all([
      tableChanges({ Records: [record] }),
      tableChanges({ Records: [record] }),
    ]);
    expect(first.batchItemFailures).toEqual([]);
    expect(second.batchItemFailures).toEqual([]);
    await tableChanges({ Records: [record] });
    await eventsSettled();

    const claims = await batchGetAll(
      tableName(),
      ['email-sender', 'suggestions', 'realtime-push'].map((c) => keys.consumed(c, String(item.outboxId))),
    );
    expect(claims.map((c) => c.state)).toEqual(['done', 'done', 'done']);
    // The profile flag would also stop a second idea email; the claims above show it was never tried twice.
    expect((await emailsTo(founder.email)).filter((m) => m.subject.startsWith('Your idea is saved'))).toHaveLength(1);
  });
});
