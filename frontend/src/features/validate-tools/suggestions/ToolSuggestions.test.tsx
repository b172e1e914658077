import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SuggestionsResponse } from '#shared/api-types';
import { aiLimitMessage } from '#shared/domain/ai-limits';
import { TOOL_EXAMPLES } from '#shared/domain/tool-examples';
import { apiError, type FakeHandler } from '../../../test/fake-api';
import { renderComponent } from '../../../test/render-component';
import { OFFLINE_DRAFT_TEXT } from '../../../ui/OfflineDraftNote';
import { ToolSuggestions } from './ToolSuggestions';
import { DRAFT_FAILED } from './use-tool-suggestions';

const SLOW = { timeout: 8000 };
const SECTION = 'Strengths';

function stored(source: 'bedrock' | 'offline' | 'failed', lines = ['Own bakery on site', 'Recipes from 1920']) {
  const suggestions: SuggestionsResponse['suggestions'] = {
    sections: source === 'failed' ? {} : { [SECTION]: lines, Threats: ['A chain opens nearby'] },
    source,
    createdAt: '2026-03-01T09:00:00.000Z',
  };
  return suggestions;
}

/** Stored suggestions (or the whole answer to reading them), and the answer to a draft. */
function renderSuggestions(suggestions: SuggestionsResponse['suggestions'] | FakeHandler, draft?: FakeHandler) {
  const read: FakeHandler = suggestions === null || 'sections' in suggestions ? { body: { suggestions } } : suggestions;
  return renderComponent(<ToolSuggestions tool="swot" section={SECTION} />, {
    api: { 'journey.suggestions': read, ...(draft ? { 'journey.draftToolSuggestions': draft } : {}) },
  });
}

async function openSuggestions(user: ReturnType<typeof renderSuggestions>['user']) {
  await user.click(screen.getByRole('button', { name: `Suggestions for ${SECTION}` }));
  return screen.findByRole('dialog', { name: `Suggestions for ${SECTION}` }, SLOW);
}

describe('a tool section’s suggestions', () => {
  it('lists the section’s stored suggestions only, and labels the offline drafter’s as an offline draft', async () => {
    const { user, api } = renderSuggestions(stored('offline'));
    const dialog = await openSuggestions(user);
    expect(await within(dialog).findByText('Own bakery on site')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Own bakery on siteCopy', 'Recipes from 1920Copy']);
    expect(dialog).not.toHaveTextContent('A chain opens nearby');
    expect(within(dialog).getByText(OFFLINE_DRAFT_TEXT)).toBeInTheDocument();
    expect(api.calls('journey.suggestions')[0]?.url.pathname).toBe('/api/suggestions/swot');
    expect(within(dialog).queryByRole('button', { name: 'Draft suggestions' })).toBeNull();
  });

  it('does not label the AI service’s suggestions as offline', async () => {
    const { user } = renderSuggestions(stored('bedrock'));
    const dialog = await openSuggestions(user);
    await within(dialog).findByText('Own bakery on site');
    expect(within(dialog).queryByText('Offline draft')).toBeNull();
  });

  it('copies one suggestion to the clipboard and writes no answer', async () => {
    const { user, api } = renderSuggestions(stored('bedrock'));
    const dialog = await openSuggestions(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Copy suggestion 2' }));
    expect(await navigator.clipboard.readText()).toBe('Recipes from 1920');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Suggestion 2 copied.');
    expect(api.requests.map((r) => r.routeId)).toEqual(['journey.suggestions']);
  });

  it('says so when the browser refuses to copy', async () => {
    const { user } = renderSuggestions(stored('bedrock'));
    const dialog = await openSuggestions(user);
    const copy = await within(dialog).findByRole('button', { name: 'Copy suggestion 1' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await user.click(copy);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your browser did not let us copy');
  });

  it('drafts suggestions on request when none are stored, and shows the section’s', async () => {
    const { user, api } = renderSuggestions(null, { body: { suggestions: stored('offline', ['Drafted strength']) } });
    const dialog = await openSuggestions(user);
    expect(await within(dialog).findByText(/No suggestions for this section yet\./)).toBeInTheDocument();
    // Until a draft exists, the section's built-in examples show what a line could look like.
    const examples = within(dialog).getByRole('heading', { name: 'Examples' }).nextElementSibling as HTMLElement;
    expect(
      within(examples)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...(TOOL_EXAMPLES.swot[SECTION] ?? [])]);
    await user.click(within(dialog).getByRole('button', { name: 'Draft suggestions' }));
    expect(await within(dialog).findByText('Drafted strength')).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Examples' })).toBeNull();
    expect(within(dialog).getByText(OFFLINE_DRAFT_TEXT)).toBeInTheDocument();
    expect(api.calls('journey.draftToolSuggestions').map((r) => r.url.pathname)).toEqual(['/api/suggestions/swot']);
    expect(api.calls('journey.suggestions')).toHaveLength(1);
  });

  it('shows the AI limit’s refusal and a failed draft’s message as the server words them', async () => {
    const limit = aiLimitMessage({ limit: 20, windowSeconds: 3600, per: 'hour' }, 600);
    let drafts = 0;
    const { user } = renderSuggestions(null, () => {
      drafts += 1;
      return drafts === 1 ? apiError(429, limit) : apiError(502, 'The AI service did not answer. Please try again.');
    });
    const dialog = await openSuggestions(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Draft suggestions' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
    await user.click(within(dialog).getByRole('button', { name: 'Draft suggestions' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The AI service did not answer. Please try again.'),
    );
  });

  it('says a stored failed draft failed, and offers to draft again', async () => {
    const { user } = renderSuggestions(stored('failed'));
    const dialog = await openSuggestions(user);
    expect(await within(dialog).findByText(new RegExp(DRAFT_FAILED.replace('.', '\\.')))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Draft suggestions' })).toBeEnabled();
  });

  it('offers a retry when the suggestions cannot be read', async () => {
    let reads = 0;
    const { user } = renderSuggestions(() => {
      reads += 1;
      return reads === 1 ? apiError(403, 'Not now.') : { body: { suggestions: stored('bedrock') } };
    });
    const dialog = await openSuggestions(user);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The suggestions could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Own bakery on site')).toBeInTheDocument();
  });

  it('is reached from the keyboard and gives focus back to its button on Escape', async () => {
    const { user } = renderSuggestions(stored('bedrock'));
    await user.tab();
    const button = screen.getByRole('button', { name: `Suggestions for ${SECTION}` });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Suggestions for ${SECTION}` }, SLOW);
    await within(dialog).findByText('Own bakery on site');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
  });
});
