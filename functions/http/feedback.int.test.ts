/**
 * Coach feedback through the API on the emulators: per-answer ratings and comments, the phase
 * summary, sending a phase back for changes and the founder's way back to Pending, replies and resolving,
 * the rating columns and counters, the once-per-round email, and who may touch what.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminStatsResponse,
  AnswerFeedback,
  FeedbackOverview,
  PhaseFeedback,
  RequestChangesResponse,
  ReviewListResponse,
} from '#shared/api-types';
import { groupQuestions } from '#shared/domain/question-numbers';
import type { Question } from '#shared/domain/questions';
import {
  adminToken,
  api,
  createUser,
  emailsTo,
  eventsSettled,
  founderWithTriggerDone,
  type TestUser,
} from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys, stats } from '../store/keys';
import { reviewStatusOf } from '../store/review';

const FEEDBACK_SUBJECT = 'Your coach left feedback on your Trigger Questions';

async function questionIds(founder: TestUser): Promise<string[]> {
  const res = await api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', { token: founder.token });
  return res.body.questions.map((q) => q.id);
}

const feedbackPath = (founder: TestUser, questionId?: string) =>
  `/api/admin/founders/${founder.sub}/feedback/trigger${questionId ? `/${questionId}` : ''}`;

async function counter(name: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.stat(name), ConsistentRead: true }));
  return typeof out.Item?.value === 'number' ? out.Item.value : 0;
}

async function onList(token: string, state: string, sub: string) {
  const res = await api<ReviewListResponse>('GET', `/api/admin/review/trigger?state=${state}`, { token });
  expect(res.status).toBe(200);
  // The lists page 50 at a time; these founders are the newest, so they may be on a later page.
  let body = res.body;
  const found = [...body.founders];
  while (body.nextCursor) {
    body = (
      await api<ReviewListResponse>(
        'GET',
        `/api/admin/review/trigger?state=${state}&cursor=${encodeURIComponent(body.nextCursor)}`,
        { token },
      )
    ).body;
    found.push(...body.founders);
  }
  return found.find((f) => f.userId === sub) ?? null;
}

describe('coach feedback', () => {
  let coach: string;
  let founder: TestUser;
  let ids: string[];

  beforeAll(async () => {
    coach = await adminToken();
    founder = await founderWithTriggerDone();
    ids = await questionIds(founder);
  }, 60_000);

  it('rates and comments on answers, keeps the ratings in the review list and the platform average', async () => {
    const [q1, q2] = ids as [string, string];
    const sumBefore = await counter(stats.ratingSum('trigger'));
    const countBefore = await counter(stats.ratingCount('trigger'));

    const first = await api<AnswerFeedback>('PUT', feedbackPath(founder, q1), {
      token: coach,
      body: { rating: 2, verdict: 'needs-work', comment: 'Who exactly is the customer?' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rating: 2, verdict: 'needs-work', mine: true, resolved: false, replies: [] });
    await api('PUT', feedbackPath(founder, q2), {
      token: coach,
      body: { rating: 5, verdict: 'strong', comment: 'Precise.' },
    });
    // Editing a rating moves the sums by the difference only, and a retry of the same edit moves nothing.
    for (let i = 0; i < 2; i++) {
      const edit = await api<AnswerFeedback>('PUT', feedbackPath(founder, q1), {
        token: coach,
        body: { rating: 3, verdict: 'needs-work', comment: 'Who exactly is the customer?' },
      });
      expect(edit.status).toBe(200);
    }
    expect((await counter(stats.ratingSum('trigger'))) - sumBefore).toBe(8);
    expect((await counter(stats.ratingCount('trigger'))) - countBefore).toBe(2);

    expect((await onList(coach, 'pending', founder.sub))?.rating).toBe(4);
    const statsRes = await api<AdminStatsResponse>('GET', '/api/admin/stats', { token: coach });
    expect(statsRes.body.averageRating.trigger).toEqual(expect.any(Number));

    const view = await api<PhaseFeedback>('GET', feedbackPath(founder), { token: coach });
    expect(view.body.status).toBe('pending');
    expect(view.body.feedback.map((f) => f.questionId).sort()).toEqual([q1, q2].sort());
  });

  it('lets only the coach who wrote a comment change it; any coach reads it', async () => {
    const other = await createUser({ admin: true });
    const q1 = ids[0] as string;
    const refused = await api('PUT', feedbackPath(founder, q1), {
      token: other.token,
      body: { rating: 1, verdict: null, comment: 'Overwritten' },
    });
    expect(refused.status).toBe(403);
    const read = await api<PhaseFeedback>('GET', feedbackPath(founder), { token: other.token });
    const thread = read.body.feedback.find((f) => f.questionId === q1);
    expect(thread).toMatchObject({ comment: 'Who exactly is the customer?', mine: false, rating: 3 });
  });

  it('refuses feedback on a question the founder has not answered, and an empty feedback', async () => {
    const fresh = await createUser();
    const res = await api('PUT', feedbackPath(fresh, ids[0]), {
      token: coach,
      body: { rating: 4, verdict: null, comment: '' },
    });
    expect(res.status).toBe(404);
    const empty = await api<{ message: string }>('PUT', feedbackPath(founder, ids[2]), {
      token: coach,
      body: { rating: null, verdict: null, comment: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Give a rating, a verdict or a comment.');
  });

  it('sends the phase back, emails once, and returns the founder to Pending when they save', async () => {
    const changesBefore = await counter(stats.changes('trigger'));
    const pendingBefore = await counter(stats.pending('trigger'));
    const summary = await api<PhaseFeedback>('PUT', feedbackPath(founder), {
      token: coach,
      body: { summary: 'Good start; the customer needs a face.' },
    });
    expect(summary.body).toMatchObject({ summary: 'Good start; the customer needs a face.', summaryMine: true });

    const body = { phase: 'trigger', message: 'Please describe your customer precisely.' };
    const sent = await api<RequestChangesResponse>('POST', `/api/admin/founders/${founder.sub}/request-changes`, {
      token: coach,
      body,
    });
    expect(sent.body).toMatchObject({ changed: true, status: 'changes-requested' });
    const retried = await api<RequestChangesResponse>('POST', `/api/admin/founders/${founder.sub}/request-changes`, {
      token: coach,
      body,
    });
    expect(retried.body.changed).toBe(false);
    expect(await reviewStatusOf(founder.sub, 'trigger')).toBe('changes-requested');
    expect(await counter(stats.changes('trigger'))).toBe(changesBefore + 1);
    expect(await counter(stats.pending('trigger'))).toBe(pendingBefore - 1);
    expect(await onList(coach, 'pending', founder.sub)).toBeNull();
    expect(await onList(coach, 'changes-requested', founder.sub)).not.toBeNull();

    // The founder reads the comments and the request; the badge counts the open threads.
    const mine = await api<PhaseFeedback>('GET', '/api/feedback/trigger', { token: founder.token });
    expect(mine.body).toMatchObject({
      status: 'changes-requested',
      changeRequest: { message: 'Please describe your customer precisely.' },
      summary: 'Good start; the customer needs a face.',
    });
    expect(mine.body.feedback.every((f) => !f.mine)).toBe(true);
    const overview = await api<FeedbackOverview>('GET', '/api/feedback', { token: founder.token });
    expect(overview.body.open).toBe(2);
    expect(overview.body.phases.find((p) => p.phase === 'trigger')).toMatchObject({
      status: 'changes-requested',
      comments: 2,
      open: 2,
    });

    await eventsSettled();
    const emails = (await emailsTo(founder.email)).filter((m) => m.subject === FEEDBACK_SUBJECT);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('Please describe your customer precisely.');
    // The comments are on the first two questions as the founder's page numbers them.
    expect(emails[0]?.text).toContain('2 comments on your answers (questions 1 and 2)');

    // An edit of an existing answer sends the founder back to Pending, with the counters.
    const firstSubmission = mine.body.submittedAt;
    expect(firstSubmission).toEqual(expect.any(String));
    expect(mine.body.unlockedAt).toBeNull();
    const save = await api('PUT', `/api/answers/trigger/${ids[0]}`, {
      token: founder.token,
      body: { answers: ['Parents of two under-fives in cities'] },
    });
    expect(save.status).toBe(200);
    expect(await reviewStatusOf(founder.sub, 'trigger')).toBe('pending');
    // That save is a new submission: the phase page and the dashboard date the wait from it, not the first one.
    const resubmitted = await api<PhaseFeedback>('GET', '/api/feedback/trigger', { token: founder.token });
    expect(resubmitted.body.status).toBe('pending');
    expect(resubmitted.body.submittedAt && firstSubmission && resubmitted.body.submittedAt > firstSubmission).toBe(
      true,
    );
    const dashboard = await api<{ reviews: Record<string, { submittedAt: string | null }> }>('GET', '/api/dashboard', {
      token: founder.token,
    });
    expect(dashboard.body.reviews.trigger?.submittedAt).toBe(resubmitted.body.submittedAt);
    // A further edit while waiting is not a new submission.
    await api('PUT', `/api/answers/trigger/${ids[0]}`, {
      token: founder.token,
      body: { answers: ['Parents of two under-fives in big cities'] },
    });
    const stillWaiting = await api<PhaseFeedback>('GET', '/api/feedback/trigger', { token: founder.token });
    expect(stillWaiting.body.submittedAt).toBe(resubmitted.body.submittedAt);
    expect(await counter(stats.changes('trigger'))).toBe(changesBefore);
    expect(await counter(stats.pending('trigger'))).toBe(pendingBefore);
    expect(await onList(coach, 'pending', founder.sub)).not.toBeNull();

    // A second round of comments while pending waits for the end of the review: no second email yet.
    await api('PUT', feedbackPath(founder, ids[3]), {
      token: coach,
      body: { rating: 4, verdict: null, comment: 'Ok.' },
    });
    await eventsSettled();
    expect((await emailsTo(founder.email)).filter((m) => m.subject === FEEDBACK_SUBJECT)).toHaveLength(1);
  });

  it('threads replies (stored once per id), lets either side resolve, and keeps founders to their own threads', async () => {
    const q1 = ids[0] as string;
    const replyId = randomUUID();
    for (let i = 0; i < 2; i++) {
      const reply = await api<AnswerFeedback>('POST', `/api/feedback/trigger/${q1}/replies`, {
        token: founder.token,
        body: { id: replyId, text: 'Parents of toddlers in cities.' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.replies).toEqual([
        { id: replyId, author: 'founder', text: 'Parents of toddlers in cities.', at: expect.any(String) },
      ]);
    }
    const coachView = await api<PhaseFeedback>('GET', feedbackPath(founder), { token: coach });
    expect(coachView.body.feedback.find((f) => f.questionId === q1)?.replies).toHaveLength(1);
    // The coach answers in the same thread; the founder reads both, oldest first.
    const coachReply = await api<AnswerFeedback>('POST', `${feedbackPath(founder, q1)}/replies`, {
      token: coach,
      body: { id: randomUUID(), text: 'Which city first?' },
    });
    expect(coachReply.status).toBe(200);
    const founderView = await api<PhaseFeedback>('GET', '/api/feedback/trigger', { token: founder.token });
    expect(founderView.body.feedback.find((f) => f.questionId === q1)?.replies.map((r) => [r.author, r.text])).toEqual([
      ['founder', 'Parents of toddlers in cities.'],
      ['coach', 'Which city first?'],
    ]);

    const resolved = await api<AnswerFeedback>('PUT', `${feedbackPath(founder, q1)}/resolved`, {
      token: coach,
      body: { resolved: true },
    });
    expect(resolved.body).toMatchObject({ resolved: true, resolvedBy: 'coach' });
    const byFounder = await api<AnswerFeedback>('PUT', `/api/feedback/trigger/${ids[1]}/resolved`, {
      token: founder.token,
      body: { resolved: true },
    });
    expect(byFounder.body).toMatchObject({ resolved: true, resolvedBy: 'founder' });
    const overview = await api<FeedbackOverview>('GET', '/api/feedback', { token: founder.token });
    expect(overview.body.phases.find((p) => p.phase === 'trigger')?.open).toBe(1);

    // Another founder has no thread at that question: their calls reach only their own partition.
    const stranger = await createUser();
    const foreign = await api('POST', `/api/feedback/trigger/${q1}/replies`, {
      token: stranger.token,
      body: { id: randomUUID(), text: 'Not mine' },
    });
    expect(foreign.status).toBe(404);
    expect((await api<PhaseFeedback>('GET', '/api/feedback/trigger', { token: stranger.token })).body.feedback).toEqual(
      [],
    );
  });

  it('unlocks a founder from Changes requested, and refuses changes after the unlock', async () => {
    const other = await founderWithTriggerDone();
    const msg = { phase: 'trigger', message: 'One more pass, please.' };
    await api('POST', `/api/admin/founders/${other.sub}/request-changes`, { token: coach, body: msg });
    const changesBefore = await counter(stats.changes('trigger'));
    const unlocked = await api('POST', `/api/admin/founders/${other.sub}/unlock`, {
      token: coach,
      body: { phase: 'trigger' },
    });
    expect(unlocked.status).toBe(200);
    expect(await reviewStatusOf(other.sub, 'trigger')).toBe('unlocked');
    expect(await counter(stats.changes('trigger'))).toBe(changesBefore - 1);
    const late = await api<{ message: string }>('POST', `/api/admin/founders/${other.sub}/request-changes`, {
      token: coach,
      body: msg,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('already unlocked');
    const incomplete = await createUser();
    const early = await api('POST', `/api/admin/founders/${incomplete.sub}/request-changes`, {
      token: coach,
      body: msg,
    });
    expect(early.status).toBe(409);
    await eventsSettled();
  });
});

describe("the feedback email's question numbers", () => {
  it("names the commented questions by the founder's page numbers, in order, whatever order the coach commented in", async () => {
    const coach = await adminToken();
    const founder = await founderWithTriggerDone();
    const { questions } = (
      await api<{ questions: Question[] }>('GET', '/api/questions/trigger', { token: founder.token })
    ).body;
    const numbered = groupQuestions('trigger', questions).flatMap((g) => g.questions);
    const withNumber = (n: number) => numbered.find((q) => q.number === n)?.question.id as string;
    // Question 7 first, then question 3: neither the first questions nor the order of the comments.
    for (const n of [7, 3]) {
      const saved = await api('PUT', feedbackPath(founder, withNumber(n)), {
        token: coach,
        body: { rating: null, verdict: null, comment: `About question ${n}.` },
      });
      expect(saved.status).toBe(200);
    }
    await api('POST', `/api/admin/founders/${founder.sub}/request-changes`, {
      token: coach,
      body: { phase: 'trigger', message: 'Please back up questions 3 and 7.' },
    });
    await eventsSettled();
    const emails = (await emailsTo(founder.email)).filter((m) => m.subject === FEEDBACK_SUBJECT);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('2 comments on your answers (questions 3 and 7)');
  });
});
