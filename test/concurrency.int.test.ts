/**
 * Answer saves under concurrency, beyond journey.int.test.ts (one founder's trigger answers
 * saved at once). One founder: 50 writes at once (every question plus re-saves of 23 of them
 * with other values), then deletes racing edits. Fifty founders: all start at once (150 first
 * saves in flight together), all save their last answer at the same moment, then 200 deletes
 * and saves race across them, then a coach unlocks each of them as they save their last answer
 * (plus the same race forced into its worst order, deterministically). After each wave every
 * answer written is stored with one of its written values, each progress item counts exactly the
 * founder's answer items and sits in the review partition its count implies, and the STATS
 * counters moved by exactly the expected amounts (read straight from DynamoDB, strongly
 * consistent, before and after).
 *
 * The middle answers of the fifty founders are written by the store's own save (the transaction
 * the API runs, minus HTTP): 1,150 more API calls would add about half a minute on DynamoDB Local.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DashboardResponse, SaveAnswerResponse } from '#shared/api-types';
import type { Category, Question } from '#shared/domain/questions';
import { buildPath, ROUTES } from '#shared/routes';
import { deleteAnswers, saveAnswers } from '../functions/store/answers';
import { ddb } from '../functions/store/client';
import { keys } from '../functions/store/keys';
import { unlockPhase } from '../functions/store/unlock';
import { listSentEmails } from '../local/emulators/index';
import {
  answerItems,
  counterDelta,
  interleave,
  mapLimit,
  type ProgressState,
  progressOf,
  readCounters,
} from './concurrency/state';
import { adminToken, api, createUser, eventsSettled, setPhases, type TestUser } from './helpers';

const TYPE = 'trigger';
const FOUNDERS = 50;
// Racing calls go out in one fixed shuffle (interleave), so a failing race repeats in the same order.
const SHUFFLE_SEED = 20_240_601;
const COMPLETE_SUBJECT = 'Your Trigger Questions are complete';
const PENDING = keys.reviewPartition(TYPE, 'PENDING');
const OPEN = keys.openPartition(TYPE);

function save(founder: TestUser, questionId: string, answers: string[]) {
  return api<SaveAnswerResponse>(
    ROUTES['journey.saveAnswer'].method,
    buildPath('journey.saveAnswer', { type: TYPE, questionId }),
    { token: founder.token, body: { answers } },
  );
}

function remove(founder: TestUser, questionId: string) {
  return api(ROUTES['journey.deleteAnswer'].method, buildPath('journey.deleteAnswer', { type: TYPE, questionId }), {
    token: founder.token,
  });
}

async function triggerQuestions(founder: TestUser): Promise<{ id: string; category: Category }[]> {
  const res = await api<{ questions: Question[] }>('GET', buildPath('questions.list', { type: TYPE }), {
    token: founder.token,
  });
  return res.body.questions.map((q) => ({ id: q.id, category: q.category }));
}

async function completionEmailsTo(addresses: readonly string[]): Promise<number[]> {
  const mails = (await listSentEmails(inject('sesEndpoint'))).filter((m) => m.subject.startsWith(COMPLETE_SUBJECT));
  return addresses.map((a) => mails.filter((m) => m.to.some((to) => to.toLowerCase() === a.toLowerCase())).length);
}

/** The progress item agrees with the answer items, and its review partition with the count. */
function expectConsistent(progress: ProgressState | undefined, answered: number, total: number) {
  const complete = answered >= total;
  expect(progress).toEqual({
    answered,
    gsi1pk: answered === 0 ? null : complete ? PENDING : OPEN,
    completedAt: complete ? expect.any(String) : null,
  });
}

// Completion and unlock emails must be out before the next file looks at the mail or the counters.
afterAll(async () => {
  await eventsSettled();
});

describe('one founder, 50 writes at once', () => {
  let founder: TestUser;
  let questionIds: string[];

  beforeAll(async () => {
    founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true });
    questionIds = (await triggerQuestions(founder)).map((q) => q.id);
  });

  it('keeps every answer, each with one of its written values, and counts the founder complete exactly once', async () => {
    const total = questionIds.length;
    // 27 first saves and 23 re-saves with other values, all in flight together.
    const resaves = 50 - total;
    expect(resaves).toBeGreaterThan(0);
    expect(resaves).toBeLessThanOrEqual(total);
    const before = await readCounters(TYPE);
    const writes = [
      ...questionIds.map((id, i) => ({ id, answers: [`First answer ${i}`] })),
      ...questionIds.slice(0, resaves).map((id, i) => ({ id, answers: [`Edited answer ${i}`, `A second line ${i}`] })),
    ];
    const done = await Promise.all(
      interleave(writes, SHUFFLE_SEED).map(async (w) => ({ w, res: await save(founder, w.id, w.answers) })),
    );
    expect(done.map((d) => d.res.status)).toEqual(done.map(() => 200));

    const stored = await answerItems(founder.sub, TYPE);
    expect([...stored.keys()].sort()).toEqual([...questionIds].sort());
    for (const id of questionIds) {
      const item = stored.get(id);
      const mine = done.filter((d) => d.w.id === id).map((d) => d.res.body.answer);
      // The stored value is one write's, whole: its answers with its own timestamp, never a mix.
      expect(mine.map((a) => ({ answers: a.answers, updatedAt: a.updatedAt }))).toContainEqual({
        answers: item?.answers,
        updatedAt: item?.updatedAt,
      });
      // Whichever write created the answer, every write of it reports (and kept) that first time.
      for (const a of mine) expect(a.submittedAt).toBe(item?.submittedAt);
    }
    expectConsistent((await progressOf([founder.sub], TYPE)).get(founder.sub), total, total);
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: 1, pending: 1, unlocked: 0 });

    const dashboard = await api<DashboardResponse>('GET', buildPath('journey.dashboard'), { token: founder.token });
    expect(dashboard.body.progress.trigger).toEqual({ answered: total, total, percent: 100 });
    await eventsSettled();
    expect(await completionEmailsTo([founder.email])).toEqual([1]);
  });

  it('follows 30 concurrent deletes and edits, some racing on the same question, with an exact count', async () => {
    const total = questionIds.length;
    const before = await readCounters(TYPE);
    const deleted = questionIds.slice(0, 10);
    const edited = questionIds.slice(10, 20);
    const raced = questionIds.slice(20, 25);
    const ops = [
      ...deleted.map((id) => () => remove(founder, id)),
      ...edited.map((id) => () => save(founder, id, ['Edited again'])),
      ...raced.flatMap((id) => [() => remove(founder, id), () => save(founder, id, ['Raced'])]),
    ];
    const statuses = (await Promise.all(interleave(ops, SHUFFLE_SEED).map((op) => op()))).map((r) => r.status);
    expect(statuses.sort()).toEqual([
      ...Array(edited.length + raced.length).fill(200),
      ...Array(deleted.length + raced.length).fill(204),
    ]);

    const stored = await answerItems(founder.sub, TYPE);
    for (const id of deleted) expect(stored.has(id)).toBe(false);
    for (const id of edited) expect(stored.get(id)?.answers).toEqual(['Edited again']);
    // A raced question ends deleted or saved, whichever committed last; either way the count follows.
    for (const id of raced) if (stored.has(id)) expect(stored.get(id)?.answers).toEqual(['Raced']);
    expect(stored.size).toBeLessThanOrEqual(total - deleted.length);
    expectConsistent((await progressOf([founder.sub], TYPE)).get(founder.sub), stored.size, total);
    // No longer complete (so off the pending review list), still started.
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: 0, pending: -1, unlocked: 0 });
    const dashboard = await api<DashboardResponse>('GET', buildPath('journey.dashboard'), { token: founder.token });
    expect(dashboard.body.progress.trigger.answered).toBe(stored.size);
  });
});

describe(`${FOUNDERS} founders at once`, () => {
  let founders: TestUser[];
  let questions: { id: string; category: Category }[];
  const STARTING = 3;

  beforeAll(async () => {
    // cognito-local is slow-ish: a few users at a time.
    founders = await mapLimit(Array.from({ length: FOUNDERS }), 8, () => createUser());
    await mapLimit(founders, 10, (f) => setPhases(f.sub, { generate_idea_status: true }));
    questions = await triggerQuestions(founders[0] as TestUser);
  }, 180_000);

  const subs = () => founders.map((f) => f.sub);
  const answerOf = (f: TestUser, id: string) => `${f.username} answers ${id}`;

  it(`starts every founder at once (${STARTING} first saves each, all in flight together): exactly 50 more started`, async () => {
    const total = questions.length;
    const before = await readCounters(TYPE);
    const writes = founders.flatMap((f) => questions.slice(0, STARTING).map((q) => ({ f, id: q.id })));
    const results = await Promise.all(
      interleave(writes, SHUFFLE_SEED).map((w) => save(w.f, w.id, [answerOf(w.f, w.id)])),
    );
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body])).toEqual([]);

    const progress = await progressOf(subs(), TYPE);
    await mapLimit(founders, 10, async (f) => {
      const stored = await answerItems(f.sub, TYPE);
      expect(stored.size).toBe(STARTING);
      for (const q of questions.slice(0, STARTING)) expect(stored.get(q.id)?.answers).toEqual([answerOf(f, q.id)]);
      expectConsistent(progress.get(f.sub), STARTING, total);
    });
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: FOUNDERS, pending: 0, unlocked: 0 });
  }, 120_000);

  it('completes each founder exactly once when all save their last answer at the same moment', async () => {
    const total = questions.length;
    // Every founder already has all answers but one: the middle ones are written by the store's own save
    // (the transaction the API runs, without HTTP), a founder's one after another, founders side by side.
    const middle = questions.slice(STARTING, total - 1);
    await mapLimit(founders, 25, async (f) => {
      for (const q of middle) await saveAnswers(f.sub, TYPE, q.id, [answerOf(f, q.id)]);
    });
    const seeded = await progressOf(subs(), TYPE);
    for (const f of founders) expectConsistent(seeded.get(f.sub), total - 1, total);

    const last = questions[total - 1]?.id ?? '';
    const before = await readCounters(TYPE);
    const results = await Promise.all(founders.map((f) => save(f, last, [answerOf(f, last)])));
    expect(results.map((r) => r.status)).toEqual(founders.map(() => 200));
    expect(results.map((r) => r.body.progress)).toEqual(
      founders.map(() => ({ answered: total, total, complete: true })),
    );

    const progress = await progressOf(subs(), TYPE);
    await mapLimit(founders, 10, async (f) => {
      const stored = await answerItems(f.sub, TYPE);
      expect([...stored.keys()].sort()).toEqual(questions.map((q) => q.id).sort());
      for (const q of questions) expect(stored.get(q.id)?.answers).toEqual([answerOf(f, q.id)]);
      expectConsistent(progress.get(f.sub), total, total);
    });
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: 0, pending: FOUNDERS, unlocked: 0 });
    await eventsSettled();
    expect(await completionEmailsTo(founders.map((f) => f.email))).toEqual(founders.map(() => 1));
  }, 180_000);

  it('follows deletes racing saves across all founders (200 at once): counts equal the items, 50 fewer pending', async () => {
    const total = questions.length;
    const [first = '', second = '', third = ''] = questions.map((q) => q.id);
    const before = await readCounters(TYPE);
    const ops = founders.flatMap((f) => [
      () => remove(f, first),
      () => save(f, second, ['Edited']),
      () => remove(f, third),
      () => save(f, third, ['Raced']),
    ]);
    const statuses = (await Promise.all(interleave(ops, SHUFFLE_SEED).map((op) => op()))).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 204)).toEqual([]);

    const progress = await progressOf(subs(), TYPE);
    const dashboards = await mapLimit(founders, 10, (f) =>
      api<DashboardResponse>('GET', buildPath('journey.dashboard'), { token: f.token }),
    );
    await mapLimit(founders, 10, async (f, i) => {
      const stored = await answerItems(f.sub, TYPE);
      expect(stored.has(first)).toBe(false);
      expect(stored.get(second)?.answers).toEqual(['Edited']);
      // The raced answer ends deleted or saved, whichever committed last; either way the count follows.
      if (stored.has(third)) expect(stored.get(third)?.answers).toEqual(['Raced']);
      expectConsistent(progress.get(f.sub), stored.size, total);
      expect(dashboards[i]?.body.progress.trigger.answered).toBe(stored.size);
    });
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: 0, pending: -FOUNDERS, unlocked: 0 });
  }, 120_000);

  it('lands every founder on the unlocked list when a coach unlocks them as they save their last answer, and off it after a delete', async () => {
    const total = questions.length;
    const [first, , third] = questions;
    if (!first || !third) throw new Error('too few questions');
    // Every founder back to all answers but the first.
    await mapLimit(founders, 25, (f) => saveAnswers(f.sub, TYPE, third.id, ['Raced']));
    const seeded = await progressOf(subs(), TYPE);
    for (const f of founders) expectConsistent(seeded.get(f.sub), total - 1, total);

    const coach = await adminToken();
    const before = await readCounters(TYPE);
    const ops = founders.flatMap((f) => [
      () => save(f, first.id, ['Last one']),
      () =>
        api(ROUTES['review.unlock'].method, buildPath('review.unlock', { userId: f.sub }), {
          token: coach,
          body: { phase: TYPE },
        }),
    ]);
    const statuses = (await Promise.all(interleave(ops, SHUFFLE_SEED).map((op) => op()))).map((r) => r.status);
    expect(statuses).toEqual(ops.map(() => 200));

    // Unlocked and complete, whichever came first: on the unlocked list, never left on the pending one.
    const progress = await progressOf(subs(), TYPE);
    const stuck = founders.filter((f) => progress.get(f.sub)?.gsi1pk !== keys.reviewPartition(TYPE, 'UNLOCKED'));
    expect(stuck.map((f) => progress.get(f.sub))).toEqual([]);
    for (const f of founders) expect(progress.get(f.sub)?.answered).toBe(total);
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: 0, pending: 0, unlocked: FOUNDERS });

    // Each deletes an answer, all at once: off the unlocked list again. (This also leaves the coach's
    // review lists as they were: review.int.test.ts reads their first page only.)
    const deletes = await Promise.all(founders.map((f) => remove(f, first.id)));
    expect(deletes.map((r) => r.status)).toEqual(founders.map(() => 204));
    const after = await progressOf(subs(), TYPE);
    for (const f of founders) expectConsistent(after.get(f.sub), total - 1, total);
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: 0, pending: 0, unlocked: 0 });
  }, 120_000);
});

describe("a coach's unlock racing a founder's last save", () => {
  it('ends on the unlocked list even when the unlock lands between the save reading its state and writing', async () => {
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true });
    const questions = await triggerQuestions(founder);
    const last = questions[questions.length - 1];
    if (!last) throw new Error('no questions');
    for (const q of questions.slice(0, -1)) await saveAnswers(founder.sub, TYPE, q.id, ['Seeded']);
    const before = await readCounters(TYPE);

    // Hold the save's first transaction until the unlock has run: the order a real race can take.
    const lastKey = keys.answer(founder.sub, TYPE, last.id).SK;
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let reached = () => {};
    const atWrite = new Promise<void>((r) => {
      reached = r;
    });
    let held = false;
    ddb().middlewareStack.add(
      (next, context) => async (args) => {
        if (!held && context.commandName?.includes('TransactWrite') && JSON.stringify(args.input).includes(lastKey)) {
          held = true;
          reached();
          await released;
        }
        return next(args);
      },
      { step: 'initialize', name: 'holdLastSave' },
    );
    try {
      const saving = saveAnswers(founder.sub, TYPE, last.id, ['Last one']);
      await atWrite;
      expect(await unlockPhase(founder.sub, TYPE, new Date().toISOString())).toBe(true);
      release();
      await saving;
    } finally {
      ddb().middlewareStack.remove('holdLastSave');
    }

    const progress = (await progressOf([founder.sub], TYPE)).get(founder.sub);
    expect(progress).toMatchObject({ answered: questions.length, gsi1pk: keys.reviewPartition(TYPE, 'UNLOCKED') });
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: 0, pending: 0, unlocked: 1 });
    // Off the coach's unlocked list again, so other files' first pages stay as they were.
    expect(await deleteAnswers(founder.sub, TYPE, last.id)).toBe(true);
    expect(counterDelta(before, await readCounters(TYPE))).toEqual({ started: 0, pending: 0, unlocked: 0 });
  });
});
