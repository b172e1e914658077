/** A canvas as the browser tests start from it: each block's first question, answers seeded there, a signed-in page. */
import type { Browser } from 'playwright-core';
import { logIn } from './browser';
import { type Founder, founderApi } from './founders';
import { type JourneyApp, journeyFounder } from './journey-setup';

export type CanvasType = 'value-proposition' | 'business-model';

export interface CanvasQuestion {
  id: string;
  category: string;
  text: string;
  order: number;
}

/** The type's questions, and each block's first one in display order (where a seed, or a move to a block, goes). */
export async function firstQuestions(url: string, founder: Founder, type: CanvasType) {
  const { questions } = (await founderApi(url, founder, 'GET', `/api/questions/${type}`)) as {
    questions: CanvasQuestion[];
  };
  const first = new Map<string, string>();
  for (const q of [...questions].sort((a, b) => a.order - b.order)) {
    if (!first.has(q.category)) first.set(q.category, q.id);
  }
  return { questions, first };
}

/** One question per block carries the block's answers, so each block shows exactly these entries. */
export async function seedCanvas(url: string, founder: Founder, type: CanvasType, answers: Record<string, string[]>) {
  const found = await firstQuestions(url, founder, type);
  for (const [category, list] of Object.entries(answers)) {
    const id = found.first.get(category);
    if (!id) throw new Error(`no ${type} question in ${category}`);
    await founderApi(url, founder, 'PUT', `/api/answers/${type}/${id}`, { answers: list });
  }
  return found;
}

/** A founder through the phase before `type`, its blocks seeded, signed in at 1280×900 on the canvas page. */
export async function seededCanvas(
  session: { app: JourneyApp; browser: Browser },
  type: CanvasType,
  answers: Record<string, string[]>,
) {
  const url = session.app.url;
  const founder = await journeyFounder(session.app, {
    unlockedTo: type === 'business-model' ? 'value-proposition' : 'trigger',
  });
  const { questions, first } = await seedCanvas(url, founder, type, answers);
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, url, founder.email, founder.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${url}/${type}`);
  return { url, founder, questions, first, context, page };
}
