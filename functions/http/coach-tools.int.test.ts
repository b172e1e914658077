/**
 * The coach's side of a Validate tool through the API on the emulators: a guidance question a coach files under a
 * tool's section reaches the founder after the tool's own fields and raises the tool's total; a founder who
 * completes the tool waits in its review list; the coach rates, comments and requests changes on it as on a canvas,
 * and the unlock a tool does not have is refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerFeedback,
  PhaseFeedback,
  RequestChangesResponse,
  ReviewAnswersResponse,
  ReviewListResponse,
} from '#shared/api-types';
import { PHASE_FLAGS } from '#shared/domain/phases';
import type { Question } from '#shared/domain/questions';
import { builtInQuestions } from '#shared/domain/tool-questions';
import { adminToken, api, createUser, eventsSettled, setPhases, type TestUser } from '../../test/helpers';

/** A tool no other test files guidance under, so its question count is this file's to move. */
const TOOL = 'go-to-market';
const FIELDS = builtInQuestions(TOOL);

/** A valid answer for each of the tool's fields, by kind. */
const ANSWERS: Record<string, string[]> = {
  'tool-go-to-market-beachhead': ['Busy parents in Lyon who cook at home'],
  'tool-go-to-market-pricing': ['EUR 39 a week, billed monthly'],
  'tool-go-to-market-launch': [JSON.stringify(['Waitlist page', '2027-01-15']), JSON.stringify(['First box', ''])],
  'tool-go-to-market-first-100': ['School newsletters', 'Parents’ WhatsApp groups'],
};

type Progress = { answered: number; total: number; complete: boolean };

async function save(founder: TestUser, questionId: string, answers: string[]) {
  return api<{ progress: Progress }>('PUT', `/api/answers/${TOOL}/${questionId}`, {
    token: founder.token,
    body: { answers },
  });
}

async function pendingFounders(coach: string): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await api<ReviewListResponse>('GET', `/api/admin/review/${TOOL}?state=pending${query}`, {
      token: coach,
    });
    expect(res.status).toBe(200);
    found.push(...res.body.founders.map((f) => f.userId));
    cursor = res.body.nextCursor;
  } while (cursor);
  return found;
}

describe('a Validate tool on the coach side', () => {
  let coach: string;
  let founder: TestUser;
  const guidanceId = randomUUID();

  beforeAll(async () => {
    coach = await adminToken();
    founder = await createUser();
    // Every tool opens with the Business Model unlock.
    await setPhases(founder.sub, Object.fromEntries(PHASE_FLAGS.map((flag) => [flag, true])));
  }, 60_000);

  // The question bank is shared by every test file of the run: leave the tool's as it was.
  afterAll(async () => {
    await api('DELETE', `/api/admin/questions/${TOOL}/${guidanceId}`, { token: coach });
    await eventsSettled();
  });

  it("files a coach's guidance question under the tool's section: the founder gets it after the fields, and the total grows by one", async () => {
    const [first] = FIELDS as [Question];
    const before = await save(founder, first.id, ANSWERS[first.id] ?? []);
    expect(before.status).toBe(200);
    expect(before.body.progress.total).toBeGreaterThanOrEqual(FIELDS.length);

    const created = await api<{ question: Question }>('POST', '/api/admin/questions', {
      token: coach,
      body: {
        id: guidanceId,
        type: TOOL,
        category: 'Launch',
        text: 'Who tells the first ten customers about you?',
        explanation: null,
        example: null,
        videoUrl: null,
      },
    });
    expect(created.status).toBe(201);
    await eventsSettled();

    const listed = await api<{ questions: Question[] }>('GET', `/api/questions/${TOOL}`, { token: founder.token });
    expect(listed.status).toBe(200);
    const ids = listed.body.questions.map((q) => q.id);
    expect(ids.slice(0, FIELDS.length)).toEqual(FIELDS.map((q) => q.id));
    expect(ids).toContain(guidanceId);
    expect(listed.body.questions.find((q) => q.id === guidanceId)).toMatchObject({ type: TOOL, category: 'Launch' });

    const after = await save(founder, first.id, ANSWERS[first.id] ?? []);
    expect(after.body.progress.total).toBe(before.body.progress.total + 1);

    // A built-in field is the tool's own: a coach can neither edit nor delete it.
    const edit = await api('PATCH', `/api/admin/questions/${TOOL}/${first.id}`, {
      token: coach,
      body: { category: 'Beachhead', text: 'Renamed', explanation: null, example: null, videoUrl: null },
    });
    expect(edit.status).toBe(404);
    expect((await api('DELETE', `/api/admin/questions/${TOOL}/${first.id}`, { token: coach })).status).toBe(404);
  });

  it('puts the founder who completes the tool in its Pending list; a coach rates, comments and requests changes; unlock is refused', async () => {
    for (const field of FIELDS) expect((await save(founder, field.id, ANSWERS[field.id] ?? [])).status).toBe(200);
    const last = await save(founder, guidanceId, ['A parent blogger in Lyon']);
    expect(last.body.progress).toMatchObject({ complete: true });
    await eventsSettled();
    expect(await pendingFounders(coach)).toContain(founder.sub);

    const answers = await api<ReviewAnswersResponse>('GET', `/api/admin/founders/${founder.sub}/answers/${TOOL}`, {
      token: coach,
    });
    expect(answers.status).toBe(200);
    expect(answers.body.answers.map((a) => a.questionId)).toEqual([...FIELDS.map((q) => q.id), guidanceId]);

    const rated = await api<AnswerFeedback>(
      'PUT',
      `/api/admin/founders/${founder.sub}/feedback/${TOOL}/tool-go-to-market-pricing`,
      { token: coach, body: { rating: 4, verdict: 'needs-work', comment: 'Why weekly rather than monthly?' } },
    );
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ rating: 4, verdict: 'needs-work', comment: 'Why weekly rather than monthly?' });

    // The founder sees the comment on their tool and replies.
    const reply = await api('POST', `/api/feedback/${TOOL}/tool-go-to-market-pricing/replies`, {
      token: founder.token,
      body: { id: randomUUID(), text: 'Families shop weekly.' },
    });
    expect(reply.status).toBe(200);

    // A tool unlocks nothing: the unlock route names the phases it takes.
    const unlock = await api('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token: coach,
      body: { phase: TOOL },
    });
    expect(unlock.status).toBe(400);
    expect(unlock.body).toMatchObject({ error: 'BadRequest', details: [{ field: 'phase' }] });

    const sent = await api<RequestChangesResponse>('POST', `/api/admin/founders/${founder.sub}/request-changes`, {
      token: coach,
      body: { phase: TOOL, message: 'Compare the weekly price with a monthly plan.' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ phase: TOOL, changed: true, status: 'changes-requested' });
    await eventsSettled();

    const phase = await api<PhaseFeedback>('GET', `/api/admin/founders/${founder.sub}/feedback/${TOOL}`, {
      token: coach,
    });
    expect(phase.body.status).toBe('changes-requested');
    expect(phase.body.feedback.find((f) => f.questionId === 'tool-go-to-market-pricing')?.replies).toEqual([
      expect.objectContaining({ author: 'founder', text: 'Families shop weekly.' }),
    ]);
    expect(await pendingFounders(coach)).not.toContain(founder.sub);
  });
});
