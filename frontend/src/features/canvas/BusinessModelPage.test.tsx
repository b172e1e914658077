import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { deferred } from '../../test/deferred';
import { apiError } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { type CanvasFakeOptions, canvasFake, canvasQuestion, confirmDelete } from '../../test/fixtures/canvas-fake';
import { renderApp } from '../../test/render-app';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

const OPEN = { trigger_questions_status: true, value_proposition_status: true };
const PARTNERS_Q = 'business-model-0-1';

function renderBm(options: Partial<CanvasFakeOptions> = {}) {
  const fake = canvasFake({ type: 'business-model', phases: OPEN, ...options });
  const app = renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
  return { ...app, fake };
}

const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const box = (section: string) => screen.getByRole('region', { name: section });

async function openQuestions(user: ReturnType<typeof renderBm>['user'], section: string) {
  await user.click(await screen.findByRole('button', { name: `Questions for ${section}` }));
  return screen.getByRole('dialog', { name: `Questions for ${section}` });
}

describe('Business Model page', () => {
  it('shows the nine blocks as labelled regions in the spec order, each empty, with the credit', async () => {
    renderBm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Startup Business Model' }, SLOW)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Questions for Key Partners' });
    const grid = screen.getByRole('region', { name: 'Build your canvas' });
    const blocks = within(grid).getAllByRole('region');
    expect(blocks.map((b) => within(b).getByRole('heading', { level: 3 }).textContent)).toEqual([
      ...CATEGORIES['business-model'],
    ]);
    for (const section of CATEGORIES['business-model']) {
      expect(within(box(section)).getByText('No data yet')).toBeInTheDocument();
      expect(within(box(section)).getByRole('button', { name: `Our Suggestions for ${section}` })).toBeInTheDocument();
    }
    const credit = screen.getByText(/Business Model Canvas by/);
    expect(credit).toHaveTextContent('Business Model Canvas by Strategyzer, CC BY-SA 3.0');
    expect(within(credit).getByRole('link', { name: /CC BY-SA 3.0/ })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-sa/3.0/',
    );
  });

  it('lists saved answers in their block, each whole', async () => {
    renderBm({ answers: { [PARTNERS_Q]: ['Farmers - local ones', 'Delivery apps'] } });
    await screen.findByRole('button', { name: 'Questions for Key Partners' });
    const items = within(box('Key Partners')).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Farmers - local ones', 'Delivery apps']);
  });

  it('shows a clear message while the phase is locked', async () => {
    renderBm({ phases: { trigger_questions_status: true, value_proposition_status: false } });
    expect(await screen.findByRole('heading', { name: 'The Business Model is not open yet' })).toBeInTheDocument();
    expect(screen.getByText(/opens once a coach has reviewed your Value Proposition/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Questions for/ })).not.toBeInTheDocument();
  });
});

describe('Business Model questions dialog', () => {
  it('adds optimistically and rolls back when the save fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const held = deferred<{ status: number; body: unknown }>();
    const { user } = renderBm({ onSave: () => held.promise });
    const dialog = await openQuestions(user, 'Key Partners');
    await user.type(within(dialog).getByLabelText(/Add New Answer:/), 'Local farms');
    await user.click(within(dialog).getByRole('button', { name: 'Add answer to question 1' }));

    // Shown before the server answers…
    const list = await within(dialog).findByRole('list', { name: 'Your answers to question 1' });
    expect(list).toHaveTextContent('Local farms');
    expect(within(box('Key Partners')).getByText('Local farms')).toBeInTheDocument();

    // …and gone again once it refuses.
    held.resolve({ status: 500, body: { error: 'InternalError', message: 'boom' } });
    expect(await within(notifications()).findByText('Failed to save answer. Please try again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).queryByRole('list', { name: 'Your answers to question 1' })).not.toBeInTheDocument(),
    );
    expect(within(box('Key Partners')).getByText('No data yet')).toBeInTheDocument();
    // The text is given back to try again.
    expect(within(dialog).getByLabelText(/Add New Answer:/)).toHaveValue('Local farms');
  });

  it('saves an answer and says so', async () => {
    const { user, api } = renderBm();
    const dialog = await openQuestions(user, 'Key Partners');
    await user.type(within(dialog).getByLabelText(/Add New Answer:/), 'Local farms - organic');
    await user.click(within(dialog).getByRole('button', { name: 'Add answer to question 1' }));
    expect(await within(notifications()).findByText('Answer saved successfully!')).toBeInTheDocument();
    expect(api.calls('journey.saveAnswer')[0]?.body).toEqual({ answers: ['Local farms - organic'] });
    expect(
      within(box('Key Partners'))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Local farms - organic']);
  });

  it('asks before deleting: Cancel (focused first) and Escape keep the answers and send nothing', async () => {
    const { user, api } = renderBm({ answers: { [PARTNERS_Q]: ['Alpha', 'Beta'] } });
    const dialog = await openQuestions(user, 'Key Partners');

    await user.click(within(dialog).getByRole('button', { name: 'Delete answer 2 to question 1' }));
    let confirm = within(dialog).getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveAccessibleDescription(
      'This will delete answer 2 to question 1: "Beta". You can restore it from History.',
    );
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();
    // Escape closes the confirmation only, not the questions dialog behind it.
    await user.click(within(dialog).getByRole('button', { name: 'Delete all answers to question 1' }));
    confirm = within(dialog).getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveAccessibleDescription(
      'This will delete all 2 of your answers to question 1. You can restore them from History.',
    );
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Questions for Key Partners' })).toBeInTheDocument();

    expect(api.calls('journey.deleteAnswer')).toHaveLength(0);
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);
    expect(within(dialog).getByText('Alpha')).toBeInTheDocument();
    expect(within(dialog).getByText('Beta')).toBeInTheDocument();
  });

  it("shows when a question's answers were submitted, and the latest edit's time once they change", async () => {
    const { user } = renderBm({ answers: { [PARTNERS_Q]: ['Alpha'] } });
    const dialog = await openQuestions(user, 'Key Partners');
    const line = () => dialog.querySelector('.answer-time');
    expect(line()).toHaveTextContent(/^Submitted Jan [12], 2025, \d{1,2}:00 [AP]M$/);

    await user.click(within(dialog).getByRole('button', { name: 'Edit answer 1 to question 1' }));
    const box = within(dialog).getByLabelText('Edit answer 1 to question 1');
    await user.clear(box);
    await user.type(box, 'Alpha farms');
    await user.click(within(dialog).getByRole('button', { name: 'Save answer 1 to question 1' }));
    await within(notifications()).findByText('Answer saved successfully!');
    const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
      new Date(),
    );
    expect(line()).toHaveTextContent(new RegExp(`^Submitted Jan [12], 2025, .* · edited ${today}, `));
    const times = [...(line()?.querySelectorAll('time') ?? [])].map((t) => t.getAttribute('datetime'));
    expect(times[0]).toBe('2025-01-02T00:00:00.000Z');
    expect(Date.parse(times[1] ?? '')).toBeGreaterThan(Date.parse('2025-01-02T00:00:00.000Z'));
  });

  it("words the confirmation for a question's only answer", async () => {
    const { user } = renderBm({ answers: { [PARTNERS_Q]: ['Alpha'] } });
    const dialog = await openQuestions(user, 'Key Partners');
    await user.click(within(dialog).getByRole('button', { name: 'Delete all answers to question 1' }));
    expect(within(dialog).getByRole('dialog', { name: 'Are you sure?' })).toHaveAccessibleDescription(
      'This will delete your answer to question 1. You can restore it from History.',
    );
  });

  it('deletes all answers of a question', async () => {
    const { user, api } = renderBm({ answers: { [PARTNERS_Q]: ['Alpha', 'Beta'] } });
    const dialog = await openQuestions(user, 'Key Partners');
    await user.click(within(dialog).getByRole('button', { name: 'Delete all answers to question 1' }));
    await confirmDelete(user, dialog, { button: 'Delete all' });
    expect(await within(notifications()).findByText('All answers deleted successfully!')).toBeInTheDocument();
    expect(api.calls('journey.deleteAnswer')).toHaveLength(1);
    expect(within(dialog).getByText('No answers yet.')).toBeInTheDocument();
    expect(within(box('Key Partners')).getByText('No data yet')).toBeInTheDocument();
  });

  it('brings the answers back when deleting them fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderBm({
      answers: { [PARTNERS_Q]: ['Alpha', 'Beta'] },
      onDelete: () => apiError(500, 'boom'),
    });
    const dialog = await openQuestions(user, 'Key Partners');
    await user.click(within(dialog).getByRole('button', { name: 'Delete all answers to question 1' }));
    await confirmDelete(user, dialog, { button: 'Delete all' });
    expect(await within(notifications()).findByText('Failed to delete answers. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByText('Alpha')).toBeInTheDocument();
    expect(within(box('Key Partners')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('deleting the last answer deletes the row; deleting another saves the rest', async () => {
    const { user, api } = renderBm({ answers: { [PARTNERS_Q]: ['Alpha', 'Beta'] } });
    const dialog = await openQuestions(user, 'Key Partners');
    await user.click(within(dialog).getByRole('button', { name: 'Delete answer 2 to question 1' }));
    await confirmDelete(user, dialog);
    await within(notifications()).findByText('Answer deleted successfully!');
    expect(api.calls('journey.saveAnswer').map((r) => r.body)).toEqual([{ answers: ['Alpha'] }]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete answer 1 to question 1' }));
    await confirmDelete(user, dialog);
    await waitFor(() => expect(api.calls('journey.deleteAnswer')).toHaveLength(1));
    expect(await within(dialog).findByText('No answers yet.')).toBeInTheDocument();
  });

  it("shows 'No questions available for this section.' for a block without questions", async () => {
    const { user } = renderBm({ questions: [canvasQuestion('business-model', 'Key Partners', 1)] });
    const dialog = await openQuestions(user, 'Revenue Streams');
    expect(within(dialog).getByText('No questions available for this section.')).toBeInTheDocument();
  });

  it('falls back to the built-in examples in the suggestions dialog', async () => {
    const { user } = renderBm();
    await user.click(await screen.findByRole('button', { name: 'Our Suggestions for Revenue Streams' }));
    const dialog = screen.getByRole('dialog', { name: 'Our Suggestions for Revenue Streams' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThan(0));
    const { BUILT_IN_SUGGESTIONS } = await import('#shared/domain/built-in-suggestions');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(BUILT_IN_SUGGESTIONS['business-model']['Revenue Streams']);
  });
});

describe('Business Model completion', () => {
  const allAnswered = () =>
    Object.fromEntries(canvasFake({ type: 'business-model' }).questions.map((q) => [q.id, [`About ${q.category}`]]));

  it('asks to wait 36 hours until the coach has reviewed the answers', async () => {
    renderBm({ answers: allAnswered() });
    expect(await screen.findByText(/wait for 36 hours to let us review your answers/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You have answered every question' })).toBeInTheDocument();
  });

  it('points to the data room once the Business Model is reviewed', async () => {
    renderBm({ answers: allAnswered(), phases: { ...OPEN, bmc_status: true } });
    expect(await screen.findByRole('heading', { name: 'Your Business Model Canvas is complete' })).toBeInTheDocument();
    expect(screen.queryByText(/wait for 36 hours/)).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Go to the Data Room' });
    expect(link).toHaveAttribute('href', '/data-room');
    // Above the canvas: in reach without scrolling past the nine blocks.
    const canvas = screen.getByRole('heading', { level: 2, name: 'Build your canvas' });
    expect(link.compareDocumentPosition(canvas) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
