/**
 * The recompute walks founders a page at a time (progress-recompute), so it must visit every
 * founder of a partition exactly once across pages, whatever the page size.
 */
import { describe, expect, it } from 'vitest';
import { api, createUser, eventsSettled, setPhases } from '../../test/helpers';
import { foundersPage } from './recompute';

describe('foundersPage', () => {
  it('visits every founder of a partition once, page by page', async () => {
    const founders = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const { questions } = (
      await api<{ questions: { id: string }[] }>('GET', '/api/questions/business-model', {
        token: founders[0]?.token ?? '',
      })
    ).body;
    const first = questions[0]?.id ?? '';
    for (const founder of founders) {
      await setPhases(founder.sub, {
        generate_idea_status: true,
        trigger_questions_status: true,
        value_proposition_status: true,
      });
      const saved = await api('PUT', `/api/answers/business-model/${first}`, {
        token: founder.token,
        body: { answers: ['Started'] },
      });
      expect(saved.status).toBe(200);
    }
    await eventsSettled();

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await foundersPage('business-model', 'OPEN', cursor, 2);
      expect(page.subs.length).toBeLessThanOrEqual(2);
      seen.push(...page.subs);
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(seen).size).toBe(seen.length);
    for (const founder of founders) expect(seen).toContain(founder.sub);
    // Its wait for the events shares the suites' one stack with the scale tests, whose 10,000 seeded founders the
    // table's stream refreshes in the directory at the same time: that wait, not the paging, can take 20 s.
  }, 90_000);
});
