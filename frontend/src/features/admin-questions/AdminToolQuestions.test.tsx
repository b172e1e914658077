import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '#shared/domain/questions';
import { builtInQuestions } from '#shared/domain/tool-questions';
import { apiError, type FakeRoutes } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { question, questionBank } from '../../test/fixtures/fake-admin-api';
import { renderApp } from '../../test/render-app';

const GUIDANCE = question('swot', 'g-1', 'Strengths', 'What do your customers praise?');

/** The SWOT page as the API answers it: the tool's built-in fields first, then the stored guidance questions. */
function renderToolPage(stored: Question[] = [GUIDANCE], api: FakeRoutes = {}) {
  const bank = questionBank([...builtInQuestions('swot'), ...stored]);
  const noReview: FakeRoutes = {
    'review.list': {
      body: { founders: [], nextCursor: null, counts: { pending: 0, 'changes-requested': 0, unlocked: 0 } },
    },
  };
  const app = renderApp(
    '/admin-tools/swot-analysis',
    { user: ADMIN },
    { api: { ...bank.routes, ...noReview, ...api } },
  );
  return { ...app, bank };
}

async function openSection(user: ReturnType<typeof renderToolPage>['user'], name: RegExp) {
  const toggle = await screen.findByRole('button', { name });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('No panel');
  return panel;
}

describe('a Validate tool’s coach page: guidance questions', () => {
  it('shows the tool’s sections, each counting its fields and its guidance questions', async () => {
    renderToolPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'SWOT Analysis Guidance Questions' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your strengths, weaknesses, opportunities and threats/)).toBeInTheDocument();
    await screen.findByRole('button', { name: /^Strengths/ });
    const toggles = screen.getAllByRole('button', { expanded: false }).filter((b) => b.hasAttribute('aria-controls'));
    expect(toggles.map((t) => t.textContent)).toEqual([
      'Strengths1 field · 1 guidance question',
      'Weaknesses1 field · 0 guidance questions',
      'Opportunities1 field · 0 guidance questions',
      'Threats1 field · 0 guidance questions',
    ]);
  });

  it('shows a built-in field read-only, and the guidance question with Edit and Delete', async () => {
    const { user } = renderToolPage();
    const panel = await openSection(user, /^Strengths/);
    const field = within(panel).getByRole('article', { name: 'Strengths' });
    expect(field).toHaveTextContent('Part of the tool: every founder answers it');
    expect(field).toHaveTextContent('A list of short answers');
    expect(within(field).queryByRole('button')).not.toBeInTheDocument();
    const guidance = within(panel).getByRole('article', { name: 'What do your customers praise?' });
    expect(within(guidance).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(
      within(guidance).getByRole('button', { name: 'Delete question: What do your customers praise?' }),
    ).toBeInTheDocument();
    // The field is listed before the guidance under it.
    const articles = within(panel).getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-labelledby') && a.querySelector('h3')?.textContent)).toEqual([
      'Strengths',
      'What do your customers praise?',
    ]);
  });

  it('adds a guidance question to a section with the tool’s type, and the section counts it', async () => {
    const { user, api, bank } = renderToolPage([]);
    const panel = await openSection(user, /^Threats/);
    expect(within(panel).getByText('No guidance questions yet')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add First Question' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Question' });
    expect(within(dialog).getByLabelText('Question Category')).toHaveValue('Threats');
    expect(
      within(within(dialog).getByLabelText('Question Category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Strengths', 'Weaknesses', 'Opportunities', 'Threats']));
    await user.type(within(dialog).getByLabelText('Question Text'), 'Who could copy you within a year?');
    await user.click(within(dialog).getByRole('button', { name: 'Create Question' }));

    await waitFor(() => expect(api.calls('questions.create')).toHaveLength(1));
    expect(api.calls('questions.create')[0]?.body).toMatchObject({
      type: 'swot',
      category: 'Threats',
      text: 'Who could copy you within a year?',
    });
    expect(await screen.findByRole('article', { name: 'Who could copy you within a year?' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Threats/ })).toHaveTextContent('1 field · 1 guidance question');
    expect(bank.questions.filter((q) => q.type === 'swot' && q.id.startsWith('tool-'))).toHaveLength(4);
  });

  it('edits and deletes a guidance question through the question routes of the tool’s type', async () => {
    const { user, api } = renderToolPage();
    const panel = await openSection(user, /^Strengths/);
    const guidance = within(panel).getByRole('article', { name: 'What do your customers praise?' });
    await user.click(within(guidance).getByRole('button', { name: 'Edit' }));
    const text = within(panel).getByLabelText('Question Text');
    await user.clear(text);
    await user.type(text, 'What do customers praise first?');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('questions.update')).toHaveLength(1));
    expect(api.calls('questions.update')[0]?.url.pathname).toBe('/api/admin/questions/swot/g-1');

    const edited = await within(panel).findByRole('article', { name: 'What do customers praise first?' });
    await user.click(within(edited).getByRole('button', { name: /^Delete question: / }));
    const confirm = screen.getByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete question' }));
    await waitFor(() => expect(api.calls('questions.delete')).toHaveLength(1));
    expect(api.calls('questions.delete')[0]?.url.pathname).toBe('/api/admin/questions/swot/g-1');
    await waitFor(() => expect(within(panel).getAllByRole('article')).toHaveLength(1));
  });

  it('says so when the tool’s questions cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderToolPage([], { 'questions.list': apiError(403, 'Administrators only.') });
    const toasts = within(await screen.findByRole('region', { name: 'Notifications' }, { timeout: 8000 }));
    expect(await toasts.findByRole('alert')).toHaveTextContent('Failed to fetch SWOT Analysis guidance questions.');
  });
});
