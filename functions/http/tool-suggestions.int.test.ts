/**
 * POST /api/suggestions/{tool} against the emulators with the offline drafter: refused before the Business Model
 * unlock with the saves' sentence, drafted from the founder's own canvases and stored for GET, returned again without
 * counting while its material is unchanged, and held to the AI generation limits under parallel requests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SuggestionsResponse } from '#shared/api-types';
import { AI_GENERATION_LIMITS, aiLimitMessage } from '#shared/domain/ai-limits';
import { TOOLS_LOCKED_MESSAGE } from '#shared/domain/phases';
import { CATEGORIES } from '#shared/domain/questions';
import { api, createUser, setPhases, type TestUser } from '../../test/helpers';
import { countAiGeneration } from '../store/ai-generations';

const HOURLY = AI_GENERATION_LIMITS[0].limit;

type Suggestions = NonNullable<SuggestionsResponse['suggestions']>;

/**
 * A founder past the Business Model unlock with a few canvas answers, saved through the API, and an idea unless
 * `withIdea` is false (saving one prepares trigger suggestions in the background, which counts one AI generation).
 */
async function founderWithCanvases(pains: string[], withIdea = true): Promise<TestUser> {
  const founder = await createUser();
  await setPhases(founder.sub, {
    generate_idea_status: true,
    trigger_questions_status: true,
    value_proposition_status: true,
    bmc_status: true,
  });
  if (withIdea) {
    const idea = { idea: 'Same-day bike couriers for shops' };
    expect((await api('PUT', '/api/idea', { token: founder.token, body: idea })).status).toBe(200);
  }
  await answer(founder, 'value-proposition', 'Customer Pains', pains);
  await answer(founder, 'business-model', 'Channels', ['Local retail associations']);
  return founder;
}

async function answer(founder: TestUser, type: string, category: string, answers: string[]): Promise<void> {
  const { questions } = (
    await api<{ questions: { id: string; category: string }[] }>('GET', `/api/questions/${type}`, {
      token: founder.token,
    })
  ).body;
  const question = questions.find((q) => q.category === category);
  expect(question, `${type} / ${category}`).toBeDefined();
  const saved = await api('PUT', `/api/answers/${type}/${question?.id}`, { token: founder.token, body: { answers } });
  expect(saved.status).toBe(200);
}

const draft = (founder: TestUser, tool: string) =>
  api<SuggestionsResponse & { message?: string }>('POST', `/api/suggestions/${tool}`, { token: founder.token });
const stored = (founder: TestUser, tool: string) =>
  api<SuggestionsResponse>('GET', `/api/suggestions/${tool}`, { token: founder.token });

describe('POST /api/suggestions/{tool}', () => {
  let founder: TestUser;
  let first: Suggestions;

  beforeAll(async () => {
    founder = await founderWithCanvases(['Couriers arrive late and lose parcels']);
  });

  it('refuses before the Business Model unlock with the sentence the saves use, and stores nothing', async () => {
    const early = await createUser();
    const response = await draft(early, 'swot');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(TOOLS_LOCKED_MESSAGE);
    expect((await stored(early, 'swot')).body).toEqual({ suggestions: null });
  });

  it('refuses a phase or an unknown type: only tools are drafted on request', async () => {
    expect((await draft(founder, 'trigger')).status).toBe(400);
    expect((await draft(founder, 'nonsense')).status).toBe(400);
  });

  it("drafts every section from the founder's own answers, offline, and GET returns what was stored", async () => {
    const response = await draft(founder, 'swot');
    expect(response.status).toBe(200);
    const suggestions = response.body.suggestions;
    if (!suggestions) throw new Error('no suggestions');
    first = suggestions;
    expect(suggestions.source).toBe('offline');
    expect(Object.keys(suggestions.sections)).toEqual([...CATEGORIES.swot]);
    expect(suggestions.sections.Threats).toContain(
      'Because couriers arrive late and lose parcels, a rival who solves that pain first, or more cheaply, leaves customers less reason to switch to you.',
    );
    expect((await stored(founder, 'swot')).body).toEqual({ suggestions });
  });

  it('returns the stored draft while its material is unchanged, even at the limit, and drafts again once it changes', async () => {
    const again = await draft(founder, 'swot');
    expect(again.status).toBe(200);
    expect(again.body.suggestions).toEqual(first);
    // Every generation of the hour spent: an unchanged draft is still returned, as it costs nothing.
    const now = Math.floor(Date.now() / 1000);
    while ((await countAiGeneration(founder.sub, now)).allowed);
    expect((await draft(founder, 'swot')).body.suggestions).toEqual(first);
    // New material means a new draft, which the limit now refuses with its sentence and a Retry-After.
    await answer(founder, 'business-model', 'Key Partners', ['Cargo bike workshops']);
    const refused = await draft(founder, 'swot');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.body.message).toBe(aiLimitMessage(AI_GENERATION_LIMITS[0], retryAfter));
    expect((await stored(founder, 'swot')).body.suggestions).toEqual(first);
  });

  it('lets no more drafts through than the limit allows when they arrive together', async () => {
    const busy = await founderWithCanvases(['Vans return empty'], false);
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < HOURLY - 2; i++) expect((await countAiGeneration(busy.sub, now)).allowed).toBe(true);
    // Five different tools, so no request can reuse another's draft: each would pay.
    const tools = ['swot', 'pestel', 'branding', 'market-plan', 'go-to-market'];
    const answers = await Promise.all(tools.map((tool) => draft(busy, tool)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429]);
    const drafted = await Promise.all(tools.map((tool) => stored(busy, tool)));
    expect(drafted.filter((d) => d.body.suggestions !== null)).toHaveLength(2);
  });

  it("drafts only from the caller's own answers", async () => {
    const other = await founderWithCanvases(['Bakeries throw away unsold bread']);
    const mine = (await draft(other, 'industry-insights')).body.suggestions;
    // The drafts restate a statement mid-sentence, lower-cased ("Because bakeries throw away…").
    const text = JSON.stringify(mine).toLowerCase();
    expect(text).toContain('bakeries throw away unsold bread');
    expect(text).not.toContain('couriers arrive late');
    expect(text).not.toContain('vans return empty');
  });
});
