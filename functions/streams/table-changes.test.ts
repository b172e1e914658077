/**
 * What the stream consumer makes of a batch, without AWS: outbox inserts become events carrying their outbox id,
 * each founder named by a batch is refreshed once with their latest own activity, and only the founder's own
 * changes date their directory entry. EventBridge is mocked only for the answers no emulator gives on cue (an
 * entry refused, the service down), to pin which record the batch reports failed.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announcementId } from '../integrations/events';
import { outboxItem } from '../store/outbox';
import { founderActivityAt, handler, planBatch } from './table-changes';

const STREAM = 'arn:aws:dynamodb:eu-central-1:123456789012:table/preseed-dev/stream/2026-11-26T00:00:00.000';
const AT = '2026-11-26T10:00:00.000Z';

function record(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  item: Record<string, unknown>,
  old?: Record<string, unknown>,
  seq = '1',
): DynamoDBRecord {
  const source = item.PK ? item : (old ?? {});
  return {
    eventName,
    eventSourceARN: STREAM,
    dynamodb: {
      Keys: marshall({ PK: source.PK, SK: source.SK }) as never,
      ...(eventName === 'REMOVE' ? {} : { NewImage: marshall(item, { removeUndefinedValues: true }) as never }),
      ...(old ? { OldImage: marshall(old, { removeUndefinedValues: true }) as never } : {}),
      SequenceNumber: seq,
      ApproximateCreationDateTime: Date.parse(AT) / 1000,
    },
  };
}

const profile = { PK: 'USER#u1', SK: 'PROFILE', firstName: 'Ada', createdAt: '2026-01-01T00:00:00.000Z' };

describe('founderActivityAt', () => {
  it('dates a new profile by its creation, a changed name by its update, and not an email flag', () => {
    expect(founderActivityAt('PROFILE', undefined, profile, AT)).toBe(profile.createdAt);
    const renamed = { ...profile, firstName: 'Ada L.', updatedAt: '2026-02-01T00:00:00.000Z' };
    expect(founderActivityAt('PROFILE', profile, renamed, AT)).toBe('2026-02-01T00:00:00.000Z');
    const flagged = { ...profile, idea_email_sent: true, updatedAt: '2026-03-01T00:00:00.000Z' };
    expect(founderActivityAt('PROFILE', profile, flagged, AT)).toBeUndefined();
    expect(founderActivityAt('PROFILE', profile, undefined, AT)).toBeUndefined();
  });

  it('dates an answer by its update, a deleted one by the stream, and never the phase record or progress', () => {
    expect(founderActivityAt('ANSWER#trigger#q1', undefined, { updatedAt: '2026-04-01T00:00:00.000Z' }, AT)).toBe(
      '2026-04-01T00:00:00.000Z',
    );
    expect(founderActivityAt('ANSWER#trigger#q1', { updatedAt: 'x' }, undefined, AT)).toBe(AT);
    expect(founderActivityAt('PHASES', {}, { trigger: true }, AT)).toBeUndefined();
    expect(founderActivityAt('PROGRESS#trigger', {}, { answered: 3 }, AT)).toBeUndefined();
  });

  it("dates a comment thread only by a new reply of the founder's", () => {
    const reply = (author: string) => ({
      replyCount: 1,
      lastReplyAt: '2026-05-01T00:00:00.000Z',
      replies: { r1: { author, at: '2026-05-01T00:00:00.000Z' } },
    });
    const sk = 'FEEDBACK#trigger#Q#q1';
    expect(founderActivityAt(sk, { replyCount: 0 }, reply('founder'), AT)).toBe('2026-05-01T00:00:00.000Z');
    expect(founderActivityAt(sk, { replyCount: 0 }, reply('coach'), AT)).toBeUndefined();
    // The same count: a resolve or a coach's edit, not a reply.
    expect(founderActivityAt(sk, { replyCount: 1 }, reply('founder'), AT)).toBeUndefined();
    expect(founderActivityAt('FEEDBACK#trigger#PHASE', {}, reply('founder'), AT)).toBeUndefined();
  });
});

describe('planBatch', () => {
  it('turns outbox inserts into events that carry their outbox id, and nothing else', () => {
    const item = outboxItem('IdeaSaved', { userId: 'u1', idea: 'Meal plans' });
    const plan = planBatch([
      record('INSERT', item),
      record('MODIFY', item, item, '2'),
      record('INSERT', { PK: 'RATE#x', SK: 'HITS' }, undefined, '3'),
      record('INSERT', { PK: 'OUTBOX#y', SK: 'EVENT', kind: 'other' }, undefined, '4'),
    ]);
    expect(plan.events).toHaveLength(1);
    const [first] = plan.events;
    expect(first?.index).toBe(0);
    expect(first?.event.detailType).toBe('IdeaSaved');
    expect(JSON.parse(first?.event.detail ?? '{}')).toEqual({ userId: 'u1', idea: 'Meal plans' });
    expect(first?.event.resource).toBe(
      `arn:aws:dynamodb:eu-central-1:123456789012:table/preseed-dev/outbox/${item.outboxId}`,
    );
    expect(announcementId([first?.event.resource ?? ''])).toBe(item.outboxId);
    expect(plan.founders.size).toBe(0);
  });

  it("keeps a founder's events in their partition, and an event of no founder in its own", () => {
    const founders = outboxItem('IdeaSaved', { userId: 'u1', idea: 'Meal plans' });
    expect([founders.PK, String(founders.SK)]).toEqual(['USER#u1', `OUTBOX#${founders.outboxId}`]);
    const global = outboxItem('QuestionSetChanged', { type: 'trigger', change: 'added', questionId: 'q1' });
    expect([global.PK, global.SK]).toEqual([`OUTBOX#${global.outboxId}`, 'EVENT']);
    // The deletion's sweep removes a founder's outbox item: that removal is no event, and no directory change.
    const plan = planBatch([record('INSERT', global), record('REMOVE', {}, founders, '2')]);
    expect(plan.events.map((e) => e.event.detailType)).toEqual(['QuestionSetChanged']);
    expect(plan.founders.size).toBe(0);
  });

  it('refreshes each founder once, from their first record, with their latest own activity', () => {
    const plan = planBatch([
      record(
        'MODIFY',
        { PK: 'USER#u1', SK: 'PROGRESS#trigger', answered: 2 },
        { PK: 'USER#u1', SK: 'PROGRESS#trigger' },
      ),
      record('INSERT', { PK: 'USER#u2', SK: 'PHASES' }, undefined, '2'),
      record(
        'INSERT',
        { PK: 'USER#u1', SK: 'ANSWER#trigger#q1', updatedAt: '2026-06-02T00:00:00.000Z' },
        undefined,
        '3',
      ),
      record(
        'INSERT',
        { PK: 'USER#u1', SK: 'ANSWER#trigger#q2', updatedAt: '2026-06-01T00:00:00.000Z' },
        undefined,
        '4',
      ),
      record('INSERT', { PK: 'USER#u3', SK: 'SUGGEST#trigger' }, undefined, '5'),
    ]);
    expect([...plan.founders.entries()]).toEqual([
      ['u1', { index: 0, activityAt: '2026-06-02T00:00:00.000Z' }],
      ['u2', { index: 1, activityAt: undefined }],
    ]);
  });
});

describe('handler', () => {
  const eventBridge = mockClient(EventBridgeClient);
  beforeEach(() => {
    process.env.EVENT_BUS_NAME = 'preseed-test';
  });
  afterEach(() => {
    eventBridge.reset();
  });
  const batch = () =>
    ['a', 'b', 'c'].map((idea, i) =>
      record('INSERT', outboxItem('IdeaSaved', { userId: 'u1', idea }), undefined, String(i + 1)),
    );

  it('sends every outbox event in one PutEvents and reports nothing failed', async () => {
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{}, {}, {}] });
    expect(await handler({ Records: batch() })).toEqual({ batchItemFailures: [] });
    const sent = eventBridge.commandCalls(PutEventsCommand)[0]?.args[0].input.Entries ?? [];
    expect(sent.map((e) => JSON.parse(e.Detail ?? '{}').idea)).toEqual(['a', 'b', 'c']);
    expect(sent.every((e) => e.Resources?.[0]?.includes('/outbox/'))).toBe(true);
  });

  it('reports the first entry EventBridge refused, so the batch is retried from it', async () => {
    eventBridge
      .on(PutEventsCommand)
      .resolves({ FailedEntryCount: 1, Entries: [{}, { ErrorCode: 'InternalFailure' }, {}] });
    expect(await handler({ Records: batch() })).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
  });

  it('reports the first record when EventBridge cannot be reached', async () => {
    eventBridge.on(PutEventsCommand).rejects(new Error('connect ECONNREFUSED'));
    expect(await handler({ Records: batch() })).toEqual({ batchItemFailures: [{ itemIdentifier: '1' }] });
  });
});
