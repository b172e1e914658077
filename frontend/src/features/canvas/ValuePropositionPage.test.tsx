import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { getQueryClient } from '../../lib/query-client';
import { deferred } from '../../test/deferred';
import { apiError } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { type CanvasFakeOptions, canvasFake, canvasQuestion, confirmDelete } from '../../test/fixtures/canvas-fake';
import { renderApp } from '../../test/render-app';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

const OPEN = { trigger_questions_status: true };
const JOBS_Q = 'value-proposition-0-1';

function renderVp(options: Partial<CanvasFakeOptions> = {}) {
  const fake = canvasFake({ type: 'value-proposition', phases: OPEN, ...options });
  const app = renderApp('/value-proposition', { user: FOUNDER }, { api: fake.routes });
  return { ...app, fake };
}

const notifications = () => screen.getByRole('region', { name: 'Notifications' });

async function openQuestions(user: ReturnType<typeof renderVp>['user'], section: string) {
  await user.click(await screen.findByRole('button', { name: `Questions for ${section}` }));
  return screen.getByRole('dialog', { name: `Questions for ${section}` });
}

/** One section's block inside the square or the circle, where its entries are written. */
function displayOf(section: string) {
  return screen.getByRole('region', { name: section });
}

describe('Value Proposition page', () => {
  it('shows the title, six boxes with two named buttons each, the empty canvas lists and the credit', async () => {
    renderVp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Value Proposition Canvas' }, SLOW),
    ).toBeInTheDocument();
    for (const section of CATEGORIES['value-proposition']) {
      expect(await screen.findByRole('button', { name: `Questions for ${section}` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Our Suggestions for ${section}` })).toBeInTheDocument();
      expect(within(displayOf(section)).getByText('No data yet')).toBeInTheDocument();
    }
    const diagram = screen.getByRole('region', { name: 'Build your canvas' });
    expect(
      within(diagram)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Value Map', 'Customer Profile']);
    // The square holds the value map's three blocks, the circle the customer profile's: no count, no list below.
    expect(
      within(screen.getByRole('region', { name: 'Value Map' }))
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Products & Services', 'Gain Creators', 'Pain Relievers']);
    expect(
      within(screen.getByRole('region', { name: 'Customer Profile' }))
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Customer Gains', 'Customer Pains', 'Customer Jobs']);
    expect(screen.queryByText(/\d answers?$/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Value Proposition Canvas by Strategyzer/ })).toHaveAttribute(
      'href',
      'https://www.strategyzer.com/',
    );
    expect(screen.queryByRole('button', { name: 'Move to Business Model Canvas' })).not.toBeInTheDocument();
  });

  it("shows 'Loading questions...' while the questions load", async () => {
    const held = deferred<{ body: unknown }>();
    renderVp({ questionsReply: () => held.promise });
    expect(await screen.findByText('Loading questions...')).toBeInTheDocument();
    held.resolve({ body: { questions: [canvasQuestion('value-proposition', 'Customer Jobs', 1)] } });
    expect(await screen.findByRole('button', { name: 'Questions for Customer Jobs' })).toBeInTheDocument();
    expect(screen.queryByText('Loading questions...')).not.toBeInTheDocument();
  });

  it('says so in a toast when the questions cannot load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A refused request is not retried, so the failure shows at once.
    renderVp({ questionsReply: apiError(404, 'No such question type.') });
    const toast = await within(notifications()).findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to load questions. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('shows a clear message instead of the canvas while the phase is locked', async () => {
    const { api } = renderVp({ phases: { trigger_questions_status: false } });
    expect(await screen.findByRole('heading', { name: 'The Value Proposition is not open yet' })).toBeInTheDocument();
    expect(screen.getByText(/opens once a coach has reviewed your trigger questions/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Questions for/ })).not.toBeInTheDocument();
    expect(api.calls('journey.listAnswers')).toHaveLength(0);
  });
});

describe('Value Proposition questions dialog', () => {
  it('shows each question with its explanation and example, moves focus in and gives it back on Escape', async () => {
    const { user } = renderVp();
    const opener = await screen.findByRole('button', { name: 'Questions for Customer Jobs' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Questions for Customer Jobs' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Customer Jobs question 1?' })).toBeInTheDocument();
    expect(within(dialog).getByText('Why Customer Jobs matters (1).')).toBeInTheDocument();
    expect(within(dialog).getByText('Example:')).toBeInTheDocument();
    expect(within(dialog).getByText('An example for Customer Jobs (1).')).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("adds an answer containing ' - ' as one item, and it stays one item after a refetch", async () => {
    const { user, api, fake } = renderVp();
    const dialog = await openQuestions(user, 'Customer Jobs');
    const add = within(dialog).getByRole('button', { name: 'Add answer to question 1' });
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Add New Answer:/), '  Plan meals - and shop for them  ');
    await user.click(add);

    expect(await within(notifications()).findByText('Answer saved successfully!')).toBeInTheDocument();
    expect(api.calls('journey.saveAnswer')[0]?.body).toEqual({ answers: ['Plan meals - and shop for them'] });
    expect(fake.store.get(JOBS_Q)).toEqual(['Plan meals - and shop for them']);
    const list = within(dialog).getByRole('list', { name: 'Your answers to question 1' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).getByLabelText(/Add New Answer:/)).toHaveValue('');

    await user.keyboard('{Escape}');
    const gets = api.calls('journey.listAnswers').length;
    await getQueryClient().invalidateQueries({ queryKey: ['answers'] });
    await waitFor(() => expect(api.calls('journey.listAnswers').length).toBeGreaterThan(gets));
    const items = within(displayOf('Customer Jobs')).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Plan meals - and shop for them']);
  });

  it('gives back a new answer typed in the questions dialog and not added, after a reload, until it is added', async () => {
    const first = renderVp();
    let dialog = await openQuestions(first.user, 'Customer Jobs');
    await first.user.type(within(dialog).getByLabelText(/Add New Answer:/), 'Plan meals');
    first.unmount();

    const { user, api } = renderVp();
    dialog = await openQuestions(user, 'Customer Jobs');
    expect(within(dialog).getByLabelText(/Add New Answer:/)).toHaveValue('Plan meals');
    expect(within(dialog).getByText(/Restored what you typed on .* — not saved yet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add answer to question 1' }));
    expect(await within(notifications()).findByText('Answer saved successfully!')).toBeInTheDocument();
    expect(api.calls('journey.saveAnswer')[0]?.body).toEqual({ answers: ['Plan meals'] });
    expect(within(dialog).queryByText(/Restored what you typed/)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('updates only after the server accepted the save', async () => {
    const held = deferred<{ status: number; body: unknown } | undefined>();
    const { user } = renderVp({ onSave: () => held.promise });
    const dialog = await openQuestions(user, 'Customer Jobs');
    await user.type(within(dialog).getByLabelText(/Add New Answer:/), 'Cook dinner');
    await user.click(within(dialog).getByRole('button', { name: 'Add answer to question 1' }));
    expect(within(dialog).queryByRole('list', { name: 'Your answers to question 1' })).not.toBeInTheDocument();
    held.resolve(undefined);
    const list = await within(dialog).findByRole('list', { name: 'Your answers to question 1' });
    expect(list).toHaveTextContent('Cook dinner');
  });

  it('refuses a blank answer and a duplicate (after trimming, case-sensitive) without calling the API', async () => {
    const { user, api } = renderVp({ answers: { [JOBS_Q]: ['Alpha'] } });
    const dialog = await openQuestions(user, 'Customer Jobs');
    const field = within(dialog).getByLabelText(/Add New Answer:/);
    const add = within(dialog).getByRole('button', { name: 'Add answer to question 1' });

    await user.type(field, '   ');
    await user.click(add);
    expect(within(dialog).getByText('Please enter an answer before adding.')).toBeInTheDocument();
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, '  Alpha ');
    await user.click(add);
    expect(within(dialog).getByText('This answer already exists.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'alpha');
    await user.click(add);
    await within(notifications()).findByText('Answer saved successfully!');
    expect(api.calls('journey.saveAnswer')[0]?.body).toEqual({ answers: ['Alpha', 'alpha'] });
  });

  it('edits in place: empty is refused, the edited text is trimmed, Cancel keeps the old text', async () => {
    const { user, api } = renderVp({ answers: { [JOBS_Q]: ['Alpha', 'Beta'] } });
    const dialog = await openQuestions(user, 'Customer Jobs');

    await user.click(within(dialog).getByRole('button', { name: 'Edit answer 2 to question 1' }));
    const cancelField = within(dialog).getByLabelText('Edit answer 2 to question 1');
    expect(cancelField).toHaveFocus();
    await user.type(cancelField, ' changed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel editing answer 2 to question 1' }));
    expect(within(dialog).getByText('Beta')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit answer 2 to question 1' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Edit answer 1 to question 1' }));
    const field = within(dialog).getByLabelText('Edit answer 1 to question 1');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save answer 1 to question 1' }));
    expect(within(dialog).getByText('Answer cannot be empty.')).toBeInTheDocument();
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);

    await user.type(field, '  Gamma - with a dash  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save answer 1 to question 1' }));
    await within(notifications()).findByText('Answer saved successfully!');
    expect(api.calls('journey.saveAnswer')[0]?.body).toEqual({ answers: ['Gamma - with a dash', 'Beta'] });
    const list = within(dialog).getByRole('list', { name: 'Your answers to question 1' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Gamma - with a dash', 'Beta']);
  });

  it('deleting one of several answers saves the rest; deleting the last one deletes the row', async () => {
    const { user, api, fake } = renderVp({ answers: { [JOBS_Q]: ['Alpha', 'Beta - Gamma'] } });
    const dialog = await openQuestions(user, 'Customer Jobs');

    await user.click(within(dialog).getByRole('button', { name: 'Delete answer 1 to question 1' }));
    await confirmDelete(user, dialog);
    await within(notifications()).findByText('Answer deleted successfully!');
    expect(api.calls('journey.saveAnswer').map((r) => r.body)).toEqual([{ answers: ['Beta - Gamma'] }]);
    expect(api.calls('journey.deleteAnswer')).toHaveLength(0);
    await waitFor(() => expect(within(dialog).queryByText('Alpha')).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Delete answer 1 to question 1' }));
    await confirmDelete(user, dialog);
    await waitFor(() => expect(api.calls('journey.deleteAnswer')).toHaveLength(1));
    expect(api.calls('journey.deleteAnswer')[0]?.url.pathname).toBe(`/api/answers/value-proposition/${JOBS_Q}`);
    expect(api.calls('journey.saveAnswer')).toHaveLength(1);
    await waitFor(() => expect(within(dialog).getByText('No answers yet.')).toBeInTheDocument());
    expect(within(dialog).getByLabelText(/Add New Answer:/)).toHaveFocus();
    expect(fake.store.has(JOBS_Q)).toBe(false);
    await user.keyboard('{Escape}');
    expect(within(displayOf('Customer Jobs')).getByText('No data yet')).toBeInTheDocument();
  });

  it("shows the save and delete failures, with the server's message for a refused request", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: { status: number; body: unknown } = { status: 500, body: { error: 'InternalError', message: 'x' } };
    const { user } = renderVp({ answers: { [JOBS_Q]: ['Alpha'] }, onSave: () => fail, onDelete: () => fail });
    const dialog = await openQuestions(user, 'Customer Jobs');
    await user.type(within(dialog).getByLabelText(/Add New Answer:/), 'Beta');
    await user.click(within(dialog).getByRole('button', { name: 'Add answer to question 1' }));
    expect(await within(notifications()).findByText('Failed to save answer. Please try again.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Beta', { selector: 'p' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Add New Answer:/)).toHaveValue('Beta');

    await user.click(within(dialog).getByRole('button', { name: 'Delete answer 1 to question 1' }));
    await confirmDelete(user, dialog);
    expect(await within(notifications()).findByText('Failed to delete answer. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByText('Alpha')).toBeInTheDocument();

    fail = apiError(
      403,
      'The Value Proposition opens once a coach has reviewed your trigger questions.',
    ) as typeof fail;
    await user.click(within(dialog).getByRole('button', { name: 'Add answer to question 1' }));
    expect(
      await within(notifications()).findByText(
        'The Value Proposition opens once a coach has reviewed your trigger questions.',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'No questions available for this section.' for a section without questions", async () => {
    const { user } = renderVp({ questions: [canvasQuestion('value-proposition', 'Customer Jobs', 1)] });
    const dialog = await openQuestions(user, 'Gain Creators');
    expect(within(dialog).getByText('No questions available for this section.')).toBeInTheDocument();
  });
});

describe('Value Proposition suggestions dialog', () => {
  it('falls back to the built-in examples when no suggestions are stored', async () => {
    const { user } = renderVp();
    await user.click(await screen.findByRole('button', { name: 'Our Suggestions for Customer Pains' }));
    const dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Customer Pains' });
    expect(await within(dialog).findByText('Wasting time on repetitive work')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the stored AI suggestions of the section when there are some', async () => {
    const { user } = renderVp({
      suggestions: {
        sections: { 'Customer Pains': ['Meal planning takes an hour - every week'], 'Customer Jobs': [] },
        source: 'webhook',
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Our Suggestions for Customer Pains' }));
    let dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Customer Pains' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Meal planning takes an hour - every week']);
    await user.keyboard('{Escape}');

    // An empty stored section falls back to the built-in examples.
    await user.click(screen.getByRole('button', { name: 'Our Suggestions for Customer Jobs' }));
    dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Customer Jobs' });
    expect(await within(dialog).findByText('Finish a routine task with less effort')).toBeInTheDocument();
  });
});

describe('Value Proposition completion', () => {
  const allAnswered = () =>
    Object.fromEntries(
      canvasFake({ type: 'value-proposition' }).questions.map((q) => [q.id, [`Answer for ${q.category}`]]),
    );

  it('keeps the move button disabled with the 36-hour text until a coach has reviewed the answers', async () => {
    renderVp({ answers: allAnswered() });
    const button = await screen.findByRole('button', { name: 'Move to Business Model Canvas' });
    expect(button).toBeDisabled();
    expect(screen.getByText(/wait for 36 hours to let us review your answers/)).toBeInTheDocument();
    // Above the canvas: in reach without scrolling past every section.
    const canvas = screen.getByRole('heading', { level: 2, name: 'Build your canvas' });
    expect(button.compareDocumentPosition(canvas) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('enables the move button once the Value Proposition is reviewed, and it goes to /business-model', async () => {
    const { user, router } = renderVp({
      answers: allAnswered(),
      phases: { trigger_questions_status: true, value_proposition_status: true },
    });
    const button = await screen.findByRole('button', { name: 'Move to Business Model Canvas' });
    expect(button).toBeEnabled();
    expect(screen.queryByText(/wait for 36 hours/)).not.toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/business-model'));
  });
});
