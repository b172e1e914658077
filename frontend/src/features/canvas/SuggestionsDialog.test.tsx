/** Offline AI text is labelled as such in the canvas pages' suggestion dialogs, and only offline text is. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SuggestionsResponse } from '#shared/api-types';
import type { CanvasType } from '../../data/journey/canvas-data';
import { FOUNDER } from '../../test/fake-auth';
import { canvasFake } from '../../test/fixtures/canvas-fake';
import { renderApp } from '../../test/render-app';
import { OFFLINE_DRAFT_TEXT } from '../../ui/OfflineDraftNote';

const SLOW = { timeout: 8000 };

const PAGES = [
  {
    type: 'value-proposition',
    path: '/value-proposition',
    section: 'Customer Pains',
    phases: { trigger_questions_status: true },
  },
  {
    type: 'business-model',
    path: '/business-model',
    section: 'Key Partners',
    phases: { value_proposition_status: true },
  },
] as const satisfies readonly { type: CanvasType; path: string; section: string; phases: object }[];

function stored(section: string, source: 'offline' | 'webhook'): SuggestionsResponse['suggestions'] {
  return {
    sections: { [section]: ['Experts or communities around weekly meals'] },
    source,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

async function openSuggestions(page: (typeof PAGES)[number], source: 'offline' | 'webhook') {
  const fake = canvasFake({ type: page.type, phases: page.phases, suggestions: stored(page.section, source) });
  const { user } = renderApp(page.path, { user: FOUNDER }, { api: fake.routes });
  // Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second.
  await user.click(await screen.findByRole('button', { name: `Our Suggestions for ${page.section}` }, SLOW));
  const dialog = screen.getByRole('dialog', { name: `Our Suggestions for ${page.section}` });
  expect(await within(dialog).findByText('Experts or communities around weekly meals')).toBeInTheDocument();
  return dialog;
}

describe.each(PAGES)('$type suggestions dialog', (page) => {
  it('labels suggestions the offline drafter wrote as offline drafts', async () => {
    const dialog = await openSuggestions(page, 'offline');
    expect(within(dialog).getByText('Offline draft')).toBeInTheDocument();
    expect(within(dialog).getByText(OFFLINE_DRAFT_TEXT)).toBeInTheDocument();
  });

  it("does not label the AI service's suggestions", async () => {
    const dialog = await openSuggestions(page, 'webhook');
    expect(within(dialog).queryByText('Offline draft')).not.toBeInTheDocument();
  });
});
