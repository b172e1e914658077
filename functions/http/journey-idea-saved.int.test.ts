/**
 * A chosen idea is saved as exactly the words the founder chose — the offline drafter's title and
 * description, joined as the idea step joins them — with nothing the founder did not see added, so the coach's
 * founder page and the founder brief show what the founder picked.
 */
import { describe, expect, it } from 'vitest';
import type { GenerateIdeasResponse, MeResponse } from '#shared/api-types';
import { fullTitle, ideaText } from '../../frontend/src/features/generate-idea/idea-text';
import { adminToken, api, createUser } from '../../test/helpers';
import { checkIdeas, hasBoilerplate, hasEllipsis } from '../integrations/ai/eval/properties';

const TEXT =
  'Vans returning empty from Leeds cost hauliers a median 40 minutes of unpaid waiting per drop. ' +
  'Our load board fills the return leg within 15 minutes.';

describe('a chosen offline idea', () => {
  it('is saved, shown to the founder and to coaches as the chosen title and description only', async () => {
    const founder = await createUser();
    const generated = await api<GenerateIdeasResponse>('POST', '/api/idea/generate', {
      token: founder.token,
      body: { text: TEXT },
    });
    expect(generated.status).toBe(200);
    expect(generated.body.source).toBe('offline');
    const { ideas } = generated.body;
    expect(ideas).toHaveLength(3);
    expect(checkIdeas(ideas, TEXT)).toEqual([]);

    const chosen = ideas[1] as (typeof ideas)[number];
    const others = ideas.filter((idea) => idea !== chosen);
    // What the idea step sends for the chosen card (GenerateIdeaPage: ideaText of the full title and description).
    const idea = ideaText({ title: fullTitle(chosen.title, TEXT), description: chosen.description });
    // The title and the description as shown, joined by the idea step's one separator and nothing else.
    expect(idea.startsWith(chosen.title)).toBe(true);
    expect(idea.endsWith(chosen.description)).toBe(true);
    expect(idea.slice(chosen.title.length, idea.length - chosen.description.length)).toMatch(/^(: | )$/);
    expect(hasEllipsis(idea)).toBe(false);
    expect(hasBoilerplate(idea)).toBe(false);
    for (const other of others) {
      expect(idea).not.toContain(other.title);
      expect(idea).not.toContain(other.description);
    }

    const saved = await api<{ idea: string }>('PUT', '/api/idea', { token: founder.token, body: { idea } });
    expect(saved.status).toBe(200);
    expect(saved.body.idea).toBe(idea);
    const me = await api<MeResponse>('GET', '/api/me', { token: founder.token });
    expect(me.body.profile?.idea).toBe(idea);
    const coachView = await api<{ idea: string | null }>('GET', `/api/admin/founders/${founder.sub}`, {
      token: await adminToken(),
    });
    expect(coachView.status).toBe(200);
    expect(coachView.body.idea).toBe(idea);
  });
});
