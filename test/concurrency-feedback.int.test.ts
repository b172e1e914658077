/**
 * The third review state (changes requested) under concurrency: fifty complete founders at once, each raced by
 * coaches asking for changes (twice at once for some), the founder saving again, and a coach unlocking.
 * Afterwards every founder sits on exactly one review list, the one their progress item and the answers'
 * history imply, and the pending / changes-requested / unlocked counters moved by exactly what the final
 * lists hold (read straight from DynamoDB, strongly consistent).
 */
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '#shared/domain/questions';
import { buildPath, ROUTES } from '#shared/routes';
import { deleteAnswers, saveAnswers } from '../functions/store/answers';
import { ddb, tableName } from '../functions/store/client';
import { GSI1, keys, stats } from '../functions/store/keys';
import { interleave, mapLimit, progressOf, reviewRoundsOf } from './concurrency/state';
import { adminToken, api, createUser, eventsSettled, setPhases, type TestUser } from './helpers';

const TYPE = 'trigger';
const FOUNDERS = 50;
// Racing calls go out in one fixed shuffle (interleave), so a failing race repeats in the same order.
const SHUFFLE_SEED = 20_251_125;
const LISTS = { PENDING: 'pending', CHANGES: 'changes', UNLOCKED: 'unlocked' } as const;
type List = keyof typeof LISTS;

async function readCounters(): Promise<Record<List, number>> {
  const names = { PENDING: stats.pending(TYPE), CHANGES: stats.changes(TYPE), UNLOCKED: stats.unlocked(TYPE) };
  const out = await ddb().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: Object.values(names).map(keys.stat), ConsistentRead: true } },
    }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const value = (name: string) => {
    const v = items.find((i) => i.SK === name)?.value;
    return typeof v === 'number' ? v : 0;
  };
  return { PENDING: value(names.PENDING), CHANGES: value(names.CHANGES), UNLOCKED: value(names.UNLOCKED) };
}

/** Every founder of `subs` found on each review list, through the GSI the coaches' lists read. */
async function listMembers(subs: ReadonlySet<string>): Promise<Map<string, List[]>> {
  const found = new Map<string, List[]>();
  for (const list of Object.keys(LISTS) as List[]) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :p',
          ExpressionAttributeValues: { ':p': keys.reviewPartition(TYPE, list) },
          ProjectionExpression: 'PK',
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const sub = keys.userIdFromPk(String(item.PK));
        if (subs.has(sub)) found.set(sub, [...(found.get(sub) ?? []), list]);
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return found;
}

afterAll(async () => {
  await eventsSettled();
});

describe(`${FOUNDERS} complete founders, coaches asking for changes and unlocking while they save`, () => {
  let founders: TestUser[];
  let questions: string[];
  let coach: string;

  beforeAll(async () => {
    founders = await mapLimit(Array.from({ length: FOUNDERS }), 8, () => createUser());
    await mapLimit(founders, 10, (f) => setPhases(f.sub, { generate_idea_status: true }));
    const res = await api<{ questions: Question[] }>('GET', buildPath('questions.list', { type: TYPE }), {
      token: (founders[0] as TestUser).token,
    });
    questions = res.body.questions.map((q) => q.id);
    // Everyone complete and pending, written by the store's own save (the API's transaction minus HTTP).
    await mapLimit(
      founders.flatMap((f) => questions.map((id) => ({ f, id }))),
      25,
      ({ f, id }) => saveAnswers(f.sub, TYPE, id, ['Seeded']),
    );
    coach = await adminToken();
  }, 240_000);

  it('keeps each founder on exactly one list, the counters exact, whatever order the calls land in', async () => {
    const subs = new Set(founders.map((f) => f.sub));
    const seeded = await progressOf([...subs], TYPE);
    for (const f of founders) expect(seeded.get(f.sub)?.gsi1pk).toBe(keys.reviewPartition(TYPE, 'PENDING'));
    const before = await readCounters();
    const doubled = founders.filter((_, i) => i % 3 === 0).map((f) => f.sub);
    const roundsBefore = await reviewRoundsOf(doubled, TYPE);

    // Three groups: changes asked twice at once while the founder saves (ends pending or changes requested);
    // changes asked while a coach unlocks (ends unlocked); all three at once (ends unlocked).
    const group = (i: number) => i % 3;
    const requestChanges = (f: TestUser) => () =>
      api(ROUTES['feedback.coachRequestChanges'].method, buildPath('feedback.coachRequestChanges', { userId: f.sub }), {
        token: coach,
        body: { phase: TYPE, message: 'Sharpen your customer, please.' },
      });
    const unlock = (f: TestUser) => () =>
      api(ROUTES['review.unlock'].method, buildPath('review.unlock', { userId: f.sub }), {
        token: coach,
        body: { phase: TYPE },
      });
    const resave = (f: TestUser) => () =>
      api(
        ROUTES['journey.saveAnswer'].method,
        buildPath('journey.saveAnswer', { type: TYPE, questionId: questions[0] ?? '' }),
        {
          token: f.token,
          body: { answers: ['Edited after the request'] },
        },
      );
    const ops = founders.flatMap((f, i) => {
      const calls = [
        { founder: f, kind: 'changes', run: requestChanges(f) },
        ...(group(i) === 0 ? [{ founder: f, kind: 'changes', run: requestChanges(f) }] : []),
        ...(group(i) !== 1 ? [{ founder: f, kind: 'save', run: resave(f) }] : []),
        ...(group(i) !== 0 ? [{ founder: f, kind: 'unlock', run: unlock(f) }] : []),
      ];
      return calls;
    });
    const results = await Promise.all(
      interleave(ops, SHUFFLE_SEED).map(async (op) => ({ ...op, res: await op.run() })),
    );
    // A change request may lose to the unlock (409 "already unlocked"); nothing else is refused.
    const unexpected = results.filter((r) => r.res.status !== 200 && !(r.kind === 'changes' && r.res.status === 409));
    expect(unexpected.map((r) => [r.kind, r.res.status, r.res.body])).toEqual([]);
    const progress = await progressOf([...subs], TYPE);
    const rounds = await reviewRoundsOf(doubled, TYPE);
    // Each request that reports a change sent the founder back once: as many as the times they entered 'changes
    // requested' (each left again raised their review round; one may still be there). Two requests at once with no
    // save between them count once; a save between them makes the second a new change, rightly.
    for (const f of founders.filter((_, i) => group(i) === 0)) {
      const changed = results.filter(
        (r) => r.founder === f && r.kind === 'changes' && (r.res.body as { changed?: boolean }).changed === true,
      );
      const entered =
        (rounds.get(f.sub) ?? 0) -
        (roundsBefore.get(f.sub) ?? 0) +
        Number(progress.get(f.sub)?.gsi1pk === keys.reviewPartition(TYPE, 'CHANGES'));
      expect(changed.length).toBe(entered);
    }

    const members = await listMembers(subs);
    const final: Record<List, number> = { PENDING: 0, CHANGES: 0, UNLOCKED: 0 };
    founders.forEach((f, i) => {
      const lists = members.get(f.sub) ?? [];
      expect(lists, `${f.sub} is on ${lists.join(' and ') || 'no list'}`).toHaveLength(1);
      const list = lists[0] as List;
      expect(progress.get(f.sub)?.gsi1pk).toBe(keys.reviewPartition(TYPE, list));
      expect(progress.get(f.sub)?.answered).toBe(questions.length);
      if (group(i) === 0) expect(['PENDING', 'CHANGES']).toContain(list);
      else expect(list).toBe('UNLOCKED');
      final[list]++;
    });
    const after = await readCounters();
    expect({
      PENDING: after.PENDING - before.PENDING,
      CHANGES: after.CHANGES - before.CHANGES,
      UNLOCKED: after.UNLOCKED - before.UNLOCKED,
    }).toEqual({ PENDING: final.PENDING - FOUNDERS, CHANGES: final.CHANGES, UNLOCKED: final.UNLOCKED });

    // Those still sent back save once more, all at once: every one of them back on Pending.
    const sentBack = founders.filter((f) => progress.get(f.sub)?.gsi1pk === keys.reviewPartition(TYPE, 'CHANGES'));
    const saves = await Promise.all(sentBack.map((f) => resave(f)()));
    expect(saves.map((s) => s.status)).toEqual(sentBack.map(() => 200));
    const back = await progressOf(
      sentBack.map((f) => f.sub),
      TYPE,
    );
    for (const f of sentBack) expect(back.get(f.sub)?.gsi1pk).toBe(keys.reviewPartition(TYPE, 'PENDING'));
    const end = await readCounters();
    expect(end.CHANGES - before.CHANGES).toBe(0);
    expect(end.PENDING - before.PENDING).toBe(final.PENDING + final.CHANGES - FOUNDERS);

    // Off the review lists again (one answer deleted each), so other files' first pages stay as they were.
    await mapLimit(founders, 25, (f) => deleteAnswers(f.sub, TYPE, questions[1] ?? ''));
    const cleared = await readCounters();
    expect(cleared.PENDING - before.PENDING).toBe(-FOUNDERS);
    expect(cleared.UNLOCKED - before.UNLOCKED).toBe(0);
    expect(cleared.CHANGES - before.CHANGES).toBe(0);
  }, 240_000);
});
