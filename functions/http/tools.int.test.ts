/**
 * The Validate tools through the API on the emulators (decision 024): each field kind saved and refused at its
 * boundaries with the shared module's sentence and no partial write, the Business Model gate, totals of built-in
 * fields plus guidance questions, completion without an email or PhaseCompleted, the coach's feedback loop, and
 * the directory, founder file and statistics counting the tools.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminStatsResponse,
  AnswersResponse,
  DashboardResponse,
  PhaseFeedback,
  RequestChangesResponse,
  ReviewListResponse,
  SaveAnswerResponse,
} from '#shared/api-types';
import type { ResponseBody } from '#shared/contract';
import { TOOLS_LOCKED_MESSAGE } from '#shared/domain/phases';
import type { Category, Question, QuestionType } from '#shared/domain/questions';
import { toolAnswerProblem } from '#shared/domain/tool-answers';
import { type ToolId, toolFieldOf, toolFieldQuestionId, toolFields } from '#shared/domain/validate-tools';
import { countDynamoDbRequests } from '../../test/dynamodb-requests';
import {
  adminToken,
  api,
  createUser,
  emailsTo,
  eventsSettled,
  founderWithTriggerDone,
  setPhases,
  type TestUser,
} from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';
import { OUTBOX_KIND } from '../store/outbox';
import { reviewStatusOf } from '../store/review';
import { toolPrefill } from './tool-prefill';

/** A paid founder whose Business Model a coach unlocked: the toolkit is open. */
async function openFounder(): Promise<TestUser> {
  const founder = await createUser({ paid: true });
  await setPhases(founder.sub, { bmc_status: true });
  return founder;
}

const qid = toolFieldQuestionId;
const save = (founder: TestUser, tool: ToolId, field: string, answers: string[]) =>
  api<SaveAnswerResponse & { message?: string }>('PUT', `/api/answers/${tool}/${qid(tool, field)}`, {
    token: founder.token,
    body: { answers },
  });
const answersOf = async (founder: TestUser, tool: ToolId) =>
  (await api<AnswersResponse>('GET', `/api/answers/${tool}`, { token: founder.token })).body.answers;
const dashboard = async (founder: TestUser) =>
  (await api<DashboardResponse>('GET', '/api/dashboard', { token: founder.token })).body;

/** The sentence the shared module gives for this save: the API must answer with exactly it. */
function sentence(tool: ToolId, field: string, answers: string[]): string {
  const ref = toolFieldOf(tool, qid(tool, field));
  if (!ref) throw new Error(`no field ${tool}.${field}`);
  const problem = toolAnswerProblem(ref.field, answers);
  if (!problem) throw new Error(`${tool}.${field} accepts ${JSON.stringify(answers)}`);
  return problem;
}

/** The events the founder's writes announced (outbox items stay a day: functions/store/outbox.ts). */
async function announced(sub: string): Promise<string[]> {
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new ScanCommand({
        TableName: tableName(),
        ConsistentRead: true,
        FilterExpression: '#kind = :outbox AND contains(detail, :sub)',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':outbox': OUTBOX_KIND, ':sub': sub },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => String(i.detailType)));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

async function onReviewList(token: string, type: ToolId, state: string, sub: string): Promise<boolean> {
  let cursor: string | null = null;
  do {
    const path: string = `/api/admin/review/${type}?state=${state}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api<ReviewListResponse>('GET', path, { token });
    expect(res.status).toBe(200);
    if (res.body.founders.some((f) => f.userId === sub)) return true;
    cursor = res.body.nextCursor;
  } while (cursor);
  return false;
}

/** Answers every built-in field of SWOT (four lists): the tool is complete. */
async function completeSwot(founder: TestUser): Promise<void> {
  for (const { field } of toolFields('swot')) {
    expect((await save(founder, 'swot', field.id, [`${field.label} one`, `${field.label} two`])).status).toBe(200);
  }
}

describe('saving a tool field checks its kind', () => {
  let founder: TestUser;
  beforeAll(async () => {
    founder = await openFounder();
  });

  /** Each refusal: 400 with the shared sentence, and the tool's answers exactly as before. */
  async function refused(tool: ToolId, field: string, answers: string[]): Promise<void> {
    const before = await answersOf(founder, tool);
    const res = await save(founder, tool, field, answers);
    expect(res.status, JSON.stringify(answers)).toBe(400);
    expect(res.body.message).toBe(sentence(tool, field, answers));
    expect(await answersOf(founder, tool)).toEqual(before);
  }

  it('a text: 200 characters saved, 201 refused, one answer only', async () => {
    const ok = await save(founder, 'branding', 'name', ['x'.repeat(200)]);
    expect(ok.status).toBe(200);
    expect(ok.body.progress).toEqual({ answered: 1, total: 5, complete: false });
    await refused('branding', 'name', ['y'.repeat(201)]);
    await refused('branding', 'name', ['Preseed', 'Seedling']);
    await refused('branding', 'positioning', ['One paragraph', 'Another']);
    expect((await answersOf(founder, 'branding')).map((a) => a.answers)).toEqual([['x'.repeat(200)]]);
  });

  it('a number: 12 and 12.5 saved; 1e3, 12,5 and -1 refused', async () => {
    expect((await save(founder, 'market-research', 'tam', ['12'])).status).toBe(200);
    expect((await save(founder, 'market-research', 'tam', [' 12.5 '])).body.answer.answers).toEqual(['12.5']);
    for (const bad of ['1e3', '12,5', '-1']) await refused('market-research', 'tam', [bad]);
    await refused('market-research', 'tam', ['12', '13']);
    const tam = (await answersOf(founder, 'market-research')).find(
      (a) => a.questionId === qid('market-research', 'tam'),
    );
    expect(tam?.answers).toEqual(['12.5']);
  });

  it('a choice: one of its options, nothing else', async () => {
    expect((await save(founder, 'market-research', 'method', ['Bottom-up'])).status).toBe(200);
    await refused('market-research', 'method', ['Sideways']);
    await refused('market-research', 'currency', ['eur']);
    expect((await save(founder, 'market-research', 'currency', ['EUR'])).status).toBe(200);
  });

  it('a table row: its cell count, not empty, real dates, numbers in number cells', async () => {
    const row = (...cells: string[]) => JSON.stringify(cells);
    const saved = await save(founder, 'path-to-mvp', 'milestones', [
      row('Landing page', '2026-03-01', 'Landing Page Test'),
      row('Pilot', '', ''),
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.answer.answers).toHaveLength(2);
    await refused('path-to-mvp', 'milestones', [row('Landing page', '2026-03-01')]);
    await refused('path-to-mvp', 'milestones', [row('A', '', ''), row('', '', '')]);
    await refused('path-to-mvp', 'milestones', [row('Launch', '2026-02-30', '')]);
    await refused('path-to-mvp', 'milestones', ['Landing page, 2026-03-01']);
    expect((await save(founder, 'market-plan', 'plan', [row('Ads', 'Parents', '1200.50', '40 sign-ups')])).status).toBe(
      200,
    );
    await refused('market-plan', 'plan', [row('Ads', 'Parents', 'ten', '40 sign-ups')]);
    await refused('pestel', 'political', [row('Subsidy', 'Huge', 'Cheaper pilots')]);
  });

  it('a guidance question of a tool is a stored question: no kind check, but it must exist', async () => {
    const res = await api('PUT', `/api/answers/swot/${randomUUID()}`, {
      token: founder.token,
      body: { answers: ['anything'] },
    });
    expect(res.status).toBe(404);
  });
});

describe('the toolkit opens with the Business Model unlock', () => {
  it('refuses saves and deletions with the validation-locked message before bmc_status, writing nothing; 200 after', async () => {
    const founder = await createUser({ paid: true });
    for (const [method, body] of [
      ['PUT', { answers: ['Acme'] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(method, `/api/answers/branding/${qid('branding', 'name')}`, {
        token: founder.token,
        ...(body ? { body } : {}),
      });
      expect(res.status, method).toBe(403);
      expect(res.body).toEqual({ error: 'Forbidden', message: TOOLS_LOCKED_MESSAGE });
    }
    expect(await answersOf(founder, 'branding')).toEqual([]);
    await setPhases(founder.sub, { bmc_status: true });
    expect((await save(founder, 'branding', 'name', ['Acme'])).status).toBe(200);
    expect(
      (await api('DELETE', `/api/answers/branding/${qid('branding', 'name')}`, { token: founder.token })).status,
    ).toBe(204);
  });
});

describe('totals, completion and review of a tool', () => {
  let coach: string;
  beforeAll(async () => {
    coach = await adminToken();
  });

  it('lists the built-in fields first; they cannot be updated or deleted (404)', async () => {
    const founder = await openFounder();
    const list = await api<{ questions: Question[] }>('GET', '/api/questions/swot', { token: founder.token });
    expect(list.body.questions.slice(0, 4).map((q) => q.id)).toEqual(
      toolFields('swot').map((r) => qid('swot', r.field.id)),
    );
    const path = `/api/admin/questions/swot/${qid('swot', 'strengths')}`;
    const update = await api('PUT', path, { token: coach, body: { text: 'Renamed' } });
    expect(update.status).toBe(404);
    expect((await api('DELETE', path, { token: coach })).status).toBe(404);
    const again = await api<{ questions: Question[] }>('GET', '/api/questions/swot', { token: founder.token });
    expect(again.body.questions[0]?.text).toBe('Strengths');
  });

  it('a complete tool waits in its pending list, emails nobody and announces no PhaseCompleted', async () => {
    const founder = await openFounder();
    await completeSwot(founder);
    await eventsSettled();
    const mine = await dashboard(founder);
    expect(mine.progress.swot).toMatchObject({ answered: 4, total: 4, percent: 100 });
    expect(mine.reviews.swot.status).toBe('waiting');
    expect(await reviewStatusOf(founder.sub, 'swot')).toBe('pending');
    expect(await onReviewList(coach, 'swot', 'pending', founder.sub)).toBe(true);
    expect(await emailsTo(founder.email)).toEqual([]);
    expect(await announced(founder.sub)).not.toContain('PhaseCompleted');
    // The same checks see a reviewed phase's completion: they are not blind.
    const phaseFounder = await founderWithTriggerDone();
    await eventsSettled();
    expect(await announced(phaseFounder.sub)).toContain('PhaseCompleted');
    expect((await emailsTo(phaseFounder.email)).length).toBeGreaterThan(0);

    const unlock = await api<{ message: string }>('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token: coach,
      body: { phase: 'swot' },
    });
    expect(unlock.status).toBe(400);
    expect(unlock.body.message).toBe(
      'The request body is not valid (phase: phase must be one of: trigger, value-proposition, business-model.).',
    );
    expect(await reviewStatusOf(founder.sub, 'swot')).toBe('pending');
  });

  it("a coach's guidance question raises the total and moves a complete founder back to in progress", async () => {
    const founder = await openFounder();
    // Product Requirements: no other test adds guidance to it.
    for (const { field } of toolFields('product-requirements')) {
      const answers = field.kind === 'list' ? ['One', 'Two'] : ['A paragraph.'];
      expect((await save(founder, 'product-requirements', field.id, answers)).status).toBe(200);
    }
    await eventsSettled();
    const before = (await dashboard(founder)).progress['product-requirements'];
    expect(before.answered).toBe(before.total);
    expect(await reviewStatusOf(founder.sub, 'product-requirements')).toBe('pending');

    const id = randomUUID();
    const added = await api('POST', '/api/admin/questions', {
      token: coach,
      body: { id, type: 'product-requirements', category: 'Scope', text: 'What would make you cut a must-have?' },
    });
    expect(added.status).toBe(201);
    try {
      await eventsSettled();
      const after = await dashboard(founder);
      expect(after.progress['product-requirements']).toMatchObject({ answered: before.total, total: before.total + 1 });
      expect(after.reviews['product-requirements'].status).toBe('in-progress');
      expect(await onReviewList(coach, 'product-requirements', 'pending', founder.sub)).toBe(false);
      const list = await api<{ questions: Question[] }>('GET', '/api/questions/product-requirements', {
        token: founder.token,
      });
      const scope = list.body.questions.filter((q) => q.category === 'Scope').map((q) => q.id);
      expect(scope).toEqual([qid('product-requirements', 'must-haves'), qid('product-requirements', 'non-goals'), id]);
      // Answering the guidance question completes the tool again.
      const done = await api<SaveAnswerResponse>('PUT', `/api/answers/product-requirements/${id}`, {
        token: founder.token,
        body: { answers: ['Nothing a pilot customer asked for.'] },
      });
      expect(done.body.progress).toEqual({ answered: before.total + 1, total: before.total + 1, complete: true });
    } finally {
      expect((await api('DELETE', `/api/admin/questions/product-requirements/${id}`, { token: coach })).status).toBe(
        204,
      );
      await eventsSettled();
    }
  });

  it('feedback on a tool: rate, comment, reply, request changes, resave back to waiting', async () => {
    const founder = await openFounder();
    await completeSwot(founder);
    const strengths = qid('swot', 'strengths');
    const feedbackPath = `/api/admin/founders/${founder.sub}/feedback/swot`;
    const rated = await api('PUT', `${feedbackPath}/${strengths}`, {
      token: coach,
      body: { rating: 4, verdict: null, comment: 'Which strength can a rival not copy?' },
    });
    expect(rated.status).toBe(200);
    const reply = await api('POST', `/api/feedback/swot/${strengths}/replies`, {
      token: founder.token,
      body: { id: randomUUID(), text: 'Our recipe data.' },
    });
    expect(reply.status).toBe(200);

    const sent = await api<RequestChangesResponse>('POST', `/api/admin/founders/${founder.sub}/request-changes`, {
      token: coach,
      body: { phase: 'swot', message: 'Name the threats from the big grocers.' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ changed: true, status: 'changes-requested' });
    expect(await onReviewList(coach, 'swot', 'changes-requested', founder.sub)).toBe(true);
    const seen = await api<PhaseFeedback>('GET', '/api/feedback/swot', { token: founder.token });
    expect(seen.body).toMatchObject({
      status: 'changes-requested',
      changeRequest: { message: 'Name the threats from the big grocers.' },
    });
    const thread = seen.body.feedback.find((f) => f.questionId === strengths);
    expect(thread).toMatchObject({ rating: 4, comment: 'Which strength can a rival not copy?' });
    expect(thread?.replies.map((r) => [r.author, r.text])).toEqual([['founder', 'Our recipe data.']]);
    expect((await dashboard(founder)).reviews.swot.status).toBe('changes-requested');

    expect((await save(founder, 'swot', 'threats', ['Big grocers launching meal kits'])).status).toBe(200);
    expect(await reviewStatusOf(founder.sub, 'swot')).toBe('pending');
    expect((await dashboard(founder)).reviews.swot.status).toBe('waiting');
    expect(await onReviewList(coach, 'swot', 'pending', founder.sub)).toBe(true);
    const answers = await api<ResponseBody<'review.answers'>>(
      'GET',
      `/api/admin/founders/${founder.sub}/answers/swot`,
      { token: coach },
    );
    expect(answers.body.answers.find((a) => a.questionId === qid('swot', 'threats'))?.answers).toEqual([
      'Big grocers launching meal kits',
    ]);
  });

  it('parallel saves of one tool field count it once; of different fields, each once', async () => {
    const founder = await openFounder();
    const same = await Promise.all(
      Array.from({ length: 12 }, (_, i) => save(founder, 'industry-insights', 'trends', [`Trend ${i}`])),
    );
    expect(same.every((r) => r.status === 200)).toBe(true);
    const fields = toolFields('go-to-market').filter(({ field }) => field.kind !== 'rows');
    const different = await Promise.all(
      fields.map(({ field }) => save(founder, 'go-to-market', field.id, [`${field.label} answered`])),
    );
    expect(different.every((r) => r.status === 200)).toBe(true);
    const mine = await dashboard(founder);
    expect(mine.progress['industry-insights'].answered).toBe(1);
    expect(mine.progress['go-to-market'].answered).toBe(fields.length);
    expect(await answersOf(founder, 'industry-insights')).toHaveLength(1);
  });
});

describe('coaches see the tools', () => {
  it('founders.get, the directory and the statistics include each tool', async () => {
    const coach = await adminToken();
    const statsBefore = (await api<AdminStatsResponse>('GET', '/api/admin/stats', { token: coach })).body;
    const founder = await openFounder();
    await completeSwot(founder);
    expect((await save(founder, 'branding', 'name', ['Acme'])).status).toBe(200);
    await eventsSettled();

    const file = await api<ResponseBody<'founders.get'>>('GET', `/api/admin/founders/${founder.sub}`, { token: coach });
    expect(file.status).toBe(200);
    expect(file.body.founder.progress.swot).toEqual({ answered: 4, total: 4, percent: 100, status: 'pending' });
    expect(file.body.founder.progress.branding).toMatchObject({ answered: 1, total: 5, status: 'in-progress' });
    expect(file.body.founder.progress['path-to-mvp']).toMatchObject({ answered: 0, total: 2, percent: 0 });

    const directory = await api<ResponseBody<'founders.list'>>(
      'GET',
      `/api/admin/founders?q=${encodeURIComponent(founder.email)}`,
      { token: coach },
    );
    const entry = directory.body.founders.find((f) => f.userId === founder.sub);
    expect(entry?.progress.swot).toMatchObject({ answered: 4, status: 'pending' });

    const stats = (await api<AdminStatsResponse>('GET', '/api/admin/stats', { token: coach })).body;
    expect(stats.questions.swot).toBeGreaterThanOrEqual(4);
    expect(stats.started.swot).toBeGreaterThanOrEqual(statsBefore.started.swot + 1);
    expect(stats.started.branding).toBeGreaterThanOrEqual(statsBefore.started.branding + 1);
    expect(stats.completed.swot).toBeGreaterThanOrEqual(statsBefore.completed.swot + 1);
  });
});

/** Answers the first stored question of each category with these lines. */
async function answerCategories(founder: TestUser, type: QuestionType, lines: Partial<Record<Category, string[]>>) {
  const { questions } = (
    await api<{ questions: Question[] }>('GET', `/api/questions/${type}`, { token: founder.token })
  ).body;
  for (const [category, answers] of Object.entries(lines)) {
    const question = questions.find((q) => q.category === category);
    if (!question) throw new Error(`no ${type} question in ${category}`);
    const res = await api('PUT', `/api/answers/${type}/${question.id}`, { token: founder.token, body: { answers } });
    expect(res.status, `${type} ${category}`).toBe(200);
  }
}

describe('prefilling a tool', () => {
  type Prefill = ResponseBody<'journey.toolPrefill'>;
  const prefill = (founder: TestUser, tool: ToolId) =>
    api<Prefill>('GET', `/api/tools/${tool}/prefill`, { token: founder.token });
  const fieldOf = (body: Prefill, tool: ToolId, field: string) =>
    body.fields.find((f) => f.questionId === qid(tool, field));

  it('proposes from the canvases, another sheet (currency quoted) and completed tests, writing nothing', async () => {
    const founder = await createUser({ paid: true });
    await setPhases(founder.sub, {
      generate_idea_status: true,
      trigger_questions_status: true,
      value_proposition_status: true,
      bmc_status: true,
    });
    const empty = await prefill(founder, 'one-pager');
    expect(empty.status).toBe(200);
    expect(empty.body.fields.every((f) => f.sources.length === 0 && f.proposal === null)).toBe(true);

    await answerCategories(founder, 'business-model', {
      'Customer Segments': ['Parents of two under-fives', 'Busy nurses'],
      'Revenue Streams': ['EUR 20 a month subscription'],
    });
    await answerCategories(founder, 'trigger', { 'Customer Pains': ['No time to plan meals'] });
    expect((await save(founder, 'market-research', 'currency', ['EUR'])).status).toBe(200);
    expect((await save(founder, 'market-research', 'tam', ['1200000'])).status).toBe(200);
    await api('PUT', '/api/validation-tests/test-1', { token: founder.token, body: { start: true } });
    await api('PUT', '/api/validation-tests/test-1', { token: founder.token, body: { checkedSteps: [0, 1, 2, 3, 4] } });
    await api('PUT', '/api/validation-tests/test-1', {
      token: founder.token,
      body: { evaluation: { result: 'success', notes: '8 of 10 parents said yes' } },
    });
    // A started, unfinished test is no traction.
    await api('PUT', '/api/validation-tests/test-3', { token: founder.token, body: { checkedSteps: [0] } });
    const before = await answersOf(founder, 'one-pager');

    const res = await prefill(founder, 'one-pager');
    expect(res.status).toBe(200);
    expect(fieldOf(res.body, 'one-pager', 'customers')).toEqual({
      questionId: qid('one-pager', 'customers'),
      sources: [{ from: 'Business Model · Customer Segments', lines: ['Parents of two under-fives', 'Busy nurses'] }],
      proposal: ['Parents of two under-fives\nBusy nurses'],
    });
    expect(fieldOf(res.body, 'one-pager', 'problem')?.proposal).toEqual(['No time to plan meals']);
    expect(fieldOf(res.body, 'one-pager', 'market-size')?.sources).toEqual([
      { from: 'Market Research · TAM per year', lines: ['TAM per year: €1.2 M'] },
    ]);
    expect(fieldOf(res.body, 'one-pager', 'traction')?.proposal).toEqual([
      'Customer Interview succeeded: 8 of 10 parents said yes',
    ]);
    // Nothing is written until the founder saves.
    expect(await answersOf(founder, 'one-pager')).toEqual(before);

    // A number field is shown its sources for reference only.
    const sizing = await prefill(founder, 'market-research');
    expect(fieldOf(sizing.body, 'market-research', 'customers')).toMatchObject({
      sources: [{ from: 'Business Model · Customer Segments' }],
      proposal: null,
    });
  });

  it('proposes SWOT strengths from resources and gain creators, opportunities from the trends as written, never the gains', async () => {
    const founder = await createUser({ paid: true });
    await setPhases(founder.sub, {
      generate_idea_status: true,
      trigger_questions_status: true,
      value_proposition_status: true,
      bmc_status: true,
    });
    await answerCategories(founder, 'value-proposition', {
      'Customer Gains': ['Dinner sorted in ten minutes'],
      'Gain Creators': ['A weekly plan built from what is in the fridge'],
    });
    await answerCategories(founder, 'business-model', { 'Key Resources': ['A recipe database'] });
    expect((await save(founder, 'industry-insights', 'trends', ['Grocers deliver within the hour'])).status).toBe(200);

    const res = await prefill(founder, 'swot');
    expect(fieldOf(res.body, 'swot', 'strengths')?.proposal).toEqual([
      'A recipe database',
      'A weekly plan built from what is in the fridge',
    ]);
    expect(fieldOf(res.body, 'swot', 'opportunities')).toEqual({
      questionId: qid('swot', 'opportunities'),
      sources: [{ from: 'Industry Insights · Trends', lines: ['Grocers deliver within the hour'] }],
      proposal: ['Grocers deliver within the hour'],
    });
    expect(JSON.stringify(res.body)).not.toContain('Dinner sorted in ten minutes');
  });

  it("reads the founder's own partition only: the same requests with no answers as with many", async () => {
    const busy = await openFounder();
    await completeSwot(busy);
    const fresh = await openFounder();
    const count = async (sub: string) => (await countDynamoDbRequests(() => toolPrefill(sub, 'one-pager'))).requests;
    const [none, some] = [await count(fresh.sub), await count(busy.sub)];
    // trigger, value-proposition, business-model, market-research answers and the founder's tests.
    expect(none).toBe(5);
    expect(some).toBe(none);
  });
});

describe('deleting an account with tool answers', () => {
  it('removes the tool answers, their history and progress with everything else', async () => {
    const founder = await openFounder();
    await completeSwot(founder);
    expect((await save(founder, 'swot', 'threats', ['A second version'])).status).toBe(200);
    const history = await api<ResponseBody<'journey.answerHistory'>>('GET', '/api/answers/swot/history', {
      token: founder.token,
    });
    expect(history.body.questions.length).toBeGreaterThan(0);
    await eventsSettled();
    const res = await api('POST', '/api/me/delete', { token: founder.token, body: { email: founder.email } });
    expect(res.status).toBe(200);
    await eventsSettled();
    const left = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        ConsistentRead: true,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.profile(founder.sub).PK },
      }),
    );
    expect(left.Items ?? []).toEqual([]);
  });
});
