import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Question } from '#shared/domain/questions';
import { apiError, type FakeRoutes } from '../../test/fake-api';
import { ADMIN } from '../../test/fake-auth';
import { question, questionBank } from '../../test/fixtures/fake-admin-api';
import { renderApp } from '../../test/render-app';

beforeAll(() => {
  // happy-dom has no window.confirm; give it one the tests can spy on (to prove the page never calls it).
  if (typeof window.confirm !== 'function') window.confirm = () => false;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const TRIGGER: Question[] = [
  question('trigger', 'p1', 'Customer Pains', 'What frustrates them?'),
  question('trigger', 'j1', 'Customer Jobs', 'What job do they hire you for?', {
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  }),
  question('trigger', 'j2', 'Customer Jobs', 'What else do they need done?', { explanation: null, example: null }),
];

type Bank = ReturnType<typeof questionBank>;

/**
 * The page, with nobody to review. `api` overrides routes of the fake question bank; as a function it can wrap the
 * bank's own answers.
 */
function renderPage(
  path: string,
  questions: Question[] = TRIGGER,
  api: FakeRoutes | ((bank: Bank) => FakeRoutes) = {},
) {
  const bank = questionBank(questions);
  const noReview: FakeRoutes = {
    'review.list': { body: { founders: [], nextCursor: null, counts: { pending: 0, unlocked: 0 } } },
  };
  const overrides = typeof api === 'function' ? api(bank) : api;
  const app = renderApp(path, { user: ADMIN }, { api: { ...bank.routes, ...noReview, ...overrides } });
  return { ...app, bank };
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const categoryToggle = (name: RegExp) => screen.getByRole('button', { name });

async function expandCategory(user: ReturnType<typeof renderPage>['user'], name: RegExp) {
  const toggle = await screen.findByRole('button', { name });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('No panel');
  return panel;
}

describe('admin question pages: the list', () => {
  it('shows a spinner, then one collapsed card per category in display order with counts', async () => {
    renderPage('/admin-trigger-questions');
    // The first test imports the lazy page: on a loaded machine that takes longer than findBy's default second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trigger Questions Management' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading questions' })).toBeInTheDocument();

    const jobs = await screen.findByRole('button', { name: /^Customer Jobs/ });
    const toggles = screen.getAllByRole('button', { expanded: false }).filter((b) => b.hasAttribute('aria-controls'));
    expect(toggles.map((t) => t.textContent)).toEqual([
      'Customer Jobs2 questions',
      'Customer Gains0 questions',
      'Customer Pains1 question',
    ]);
    const panel = document.getElementById(jobs.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Add question to Customer Gains' })).toBeInTheDocument();
  });

  it('expands a card: text, Explanation and Startup Example blocks, Edit and Delete', async () => {
    const { user } = renderPage('/admin-trigger-questions');
    const panel = await expandCategory(user, /^Customer Jobs/);
    expect(categoryToggle(/^Customer Jobs/)).toHaveAttribute('aria-expanded', 'true');
    const first = within(panel).getByRole('article', { name: 'What job do they hire you for?' });
    expect(within(first).getByText('Explanation')).toBeInTheDocument();
    expect(within(first).getByText('Why What job do they hire you for?')).toBeInTheDocument();
    expect(within(first).getByText('Startup Example')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Watch Video' })).toBeInTheDocument();
    const second = within(panel).getByRole('article', { name: 'What else do they need done?' });
    expect(within(second).queryByText('Explanation')).not.toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Watch Video' })).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: /^Delete question: / })).toBeInTheDocument();
  });

  it("shows 'No questions yet' with 'Add First Question' in an empty category", async () => {
    const { user } = renderPage('/admin-trigger-questions');
    const panel = await expandCategory(user, /^Customer Gains/);
    expect(within(panel).getByText('No questions yet')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add First Question' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Question' });
    expect(within(dialog).getByLabelText('Question Category')).toHaveValue('Customer Gains');
  });

  it('opens the video in a Video Tutorial dialog, as an embed URL', async () => {
    const { user } = renderPage('/admin-trigger-questions');
    const panel = await expandCategory(user, /^Customer Jobs/);
    await user.click(within(panel).getByRole('button', { name: 'Watch Video' }));
    const dialog = screen.getByRole('dialog', { name: 'Video Tutorial' });
    const frame = within(dialog).getByTitle('Video: What job do they hire you for?');
    expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('frames nothing for a stored link that is not an accepted video', async () => {
    const stored = question('trigger', 'j9', 'Customer Jobs', 'Stored before the check?', {
      videoUrl: 'javascript:alert(document.cookie)',
    });
    const { user } = renderPage('/admin-trigger-questions', [stored]);
    const panel = await expandCategory(user, /^Customer Jobs/);
    await user.click(within(panel).getByRole('button', { name: 'Watch Video' }));
    const dialog = screen.getByRole('dialog', { name: 'Video Tutorial' });
    expect(dialog).toHaveTextContent('This video link cannot be played here.');
    expect(dialog.querySelector('iframe, [href], [src]')).toBeNull();
  });

  it('says so when the questions cannot be fetched, per page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage('/admin-value-proposition', [], { 'questions.list': apiError(403, 'Administrators only.') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Value Proposition Questions Management' }),
    ).toBeInTheDocument();
    expect(await toasts().findByRole('alert')).toHaveTextContent('Failed to fetch value proposition questions.');
  });

  it('shows the business model page with its nine categories', async () => {
    renderPage('/admin-business-model', []);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Business Model Questions Management' }),
    ).toBeInTheDocument();
    await screen.findByRole('button', { name: /^Key Partners/ });
    expect(screen.getAllByRole('button', { name: /^Add question to / })).toHaveLength(9);
  });
});

describe('admin question pages: adding', () => {
  it('refuses an incomplete question with a toast, then sends trimmed text and null for empty optional fields', async () => {
    const { user, api, bank } = renderPage('/admin-trigger-questions');
    await screen.findByRole('button', { name: /^Customer Jobs/ });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Question' });
    const create = within(dialog).getByRole('button', { name: 'Create Question' });
    expect(within(dialog).getByLabelText('Question Category')).toHaveFocus();
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByLabelText('Explanatory Video URL')).toHaveAttribute('type', 'text');

    await user.click(create);
    expect(await toasts().findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(api.calls('questions.create')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Question Category'), 'Customer Gains');
    await user.type(within(dialog).getByLabelText('Question Text'), '   ');
    expect(create).toHaveAttribute('aria-disabled', 'true');
    await user.type(within(dialog).getByLabelText('Question Text'), 'What would delight them?  ');
    await user.type(within(dialog).getByLabelText('Question Explanation'), '   ');
    await user.type(within(dialog).getByLabelText('Startup Example'), '  A bakery wants fresher bread.  ');
    expect(create).not.toHaveAttribute('aria-disabled');
    await user.click(create);

    expect(await toasts().findByRole('status')).toHaveTextContent('Trigger question added successfully.');
    const [request] = api.calls('questions.create');
    expect(request?.body).toEqual({
      id: expect.stringMatching(UUID),
      type: 'trigger',
      category: 'Customer Gains',
      text: 'What would delight them?',
      explanation: null,
      example: 'A bakery wants fresher bread.',
      videoUrl: null,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bank.questions).toHaveLength(4);
    // Its card opens to show it.
    expect(categoryToggle(/^Customer Gains/)).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('article', { name: 'What would delight them?' })).toBeVisible();
    expect(categoryToggle(/^Customer Gains/)).toHaveTextContent('1 question');
  });

  it("presets the category from a card's plus button; the business model page takes a URL input", async () => {
    const { user } = renderPage('/admin-business-model', []);
    await user.click(await screen.findByRole('button', { name: 'Add question to Channels' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Question' });
    expect(within(dialog).getByLabelText('Question Category')).toHaveValue('Channels');
    expect(within(dialog).getByLabelText('Question Text')).toHaveFocus();
    expect(within(dialog).getByLabelText('Explanatory Video URL')).toHaveAttribute('type', 'url');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a video link that is not a YouTube, Vimeo or Loom video before sending, naming the hosts', async () => {
    const { user, api } = renderPage('/admin-trigger-questions');
    await user.click(await screen.findByRole('button', { name: 'Add question to Customer Jobs' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Question' });
    await user.type(within(dialog).getByLabelText('Question Text'), 'What do they watch?');
    const video = within(dialog).getByLabelText('Explanatory Video URL');
    await user.type(video, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Create Question' }));

    const alert = await toasts().findByRole('alert');
    expect(alert).toHaveTextContent('Please check the video URL.');
    expect(alert).toHaveTextContent('youtube.com');
    expect(video).toHaveFocus();
    expect(video).toHaveAccessibleDescription(expect.stringContaining('vimeo.com'));
    expect(api.calls('questions.create')).toHaveLength(0);

    await user.clear(video);
    await user.type(video, 'https://vimeo.com/123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Create Question' }));
    expect(await toasts().findByRole('status')).toHaveTextContent('Trigger question added successfully.');
    expect(api.calls('questions.create')[0]?.body).toMatchObject({ videoUrl: 'https://vimeo.com/123456789' });
  });

  it("shows the server's refusal and keeps the same id for a second try", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let refuse = true;
    const { user, api } = renderPage('/admin-trigger-questions', TRIGGER, (bank) => ({
      'questions.create': (request) =>
        refuse ? apiError(400, 'Question text must be at most 1000 characters.') : bank.create(request),
    }));
    await user.click(await screen.findByRole('button', { name: 'Add question to Customer Jobs' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Question' });
    await user.type(within(dialog).getByLabelText('Question Text'), 'Too long?');
    await user.click(within(dialog).getByRole('button', { name: 'Create Question' }));
    const alert = await toasts().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to add trigger question.');
    expect(alert).toHaveTextContent('Question text must be at most 1000 characters.');
    expect(screen.getByRole('dialog', { name: 'Add Question' })).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create Question' }));
    expect(await toasts().findByRole('status')).toHaveTextContent('Trigger question added successfully.');
    const ids = api.calls('questions.create').map((r) => (r.body as { id: string }).id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(await screen.findByRole('article', { name: 'Too long?' })).toBeVisible();
  });
});

describe('admin question pages: editing and deleting', () => {
  it('edits every field inline and saves', async () => {
    const { user, api } = renderPage('/admin-trigger-questions');
    const panel = await expandCategory(user, /^Customer Jobs/);
    const article = within(panel).getByRole('article', { name: 'What else do they need done?' });
    await user.click(within(article).getByRole('button', { name: 'Edit' }));

    const form = within(panel).getByRole('article', { name: 'Editing: What else do they need done?' });
    const text = within(form).getByLabelText('Question Text');
    expect(text).toHaveFocus();
    expect(text).toHaveValue('What else do they need done?');
    expect(within(form).getByLabelText('Question Category')).toHaveValue('Customer Jobs');
    await user.clear(text);
    await user.type(text, '  What else must they get done? ');
    await user.type(within(form).getByLabelText('Question Explanation'), 'Jobs beyond the main one.');
    await user.type(within(form).getByLabelText('Explanatory Video URL'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await toasts().findByRole('status')).toHaveTextContent('Trigger question updated successfully.');
    const [request] = api.calls('questions.update');
    expect(request?.url.pathname).toBe('/api/admin/questions/trigger/j2');
    expect(request?.body).toEqual({
      category: 'Customer Jobs',
      text: 'What else must they get done?',
      explanation: 'Jobs beyond the main one.',
      example: null,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    const saved = await within(panel).findByRole('article', { name: 'What else must they get done?' });
    expect(within(saved).getByText('Jobs beyond the main one.')).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('cancels an edit without a call, and refuses a blank text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, api } = renderPage('/admin-trigger-questions');
    const panel = await expandCategory(user, /^Customer Pains/);
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const text = within(panel).getByLabelText('Question Text');
    await user.clear(text);
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await toasts().findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(within(panel).getByText('Question text is required.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).getByRole('article', { name: 'What frustrates them?' })).toBeInTheDocument();
    expect(api.calls('questions.update')).toHaveLength(0);
  });

  it('asks in an app dialog that names the question, deletes on confirm and not on Cancel', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { user, api } = renderPage('/admin-trigger-questions');
    const panel = await expandCategory(user, /^Customer Pains/);
    const del = within(panel).getByRole('button', { name: 'Delete question: What frustrates them?' });

    await user.click(del);
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription(
      'This cannot be undone. The trigger question “What frustrates them?” will be deleted, and founders will no longer be asked it.',
    );
    // Cancel is focused first: a stray Enter keeps the question.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('questions.delete')).toHaveLength(0);

    await user.click(del);
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete question' }));
    expect(await toasts().findByRole('status')).toHaveTextContent('Trigger question deleted successfully.');
    expect(api.calls('questions.delete')).toHaveLength(1);
    expect(api.calls('questions.delete')[0]?.url.pathname).toBe('/api/admin/questions/trigger/p1');
    await waitFor(() => expect(within(panel).queryByRole('article')).not.toBeInTheDocument());
    expect(within(panel).getByText('No questions yet')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('gives each Delete a name that says which question', async () => {
    const { user } = renderPage('/admin-trigger-questions');
    const panel = await expandCategory(user, /^Customer Jobs/);
    expect(
      within(panel)
        .getAllByRole('button', { name: /^Delete/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Delete question: What job do they hire you for?', 'Delete question: What else do they need done?']);
  });

  it('names the type in the confirmation and the failure on the other pages, and closes on a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderPage(
      '/admin-business-model',
      [question('business-model', 'k1', 'Key Partners', 'Who are your key partners?')],
      { 'questions.delete': apiError(500, 'Boom') },
    );
    const panel = await expandCategory(user, /^Key Partners/);
    await user.click(within(panel).getByRole('button', { name: 'Delete question: Who are your key partners?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription(
      'This cannot be undone. The business model question “Who are your key partners?” will be deleted, and founders will no longer be asked it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete question' }));
    const alert = await toasts().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to delete business model question.');
    // A server failure's message helps nobody: only the title shows.
    expect(alert).not.toHaveTextContent('Boom');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getByRole('article', { name: 'Who are your key partners?' })).toBeInTheDocument();
  });
});
