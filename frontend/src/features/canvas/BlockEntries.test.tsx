import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_LIMITS } from '#shared/domain/answers';
import { deferred } from '../../test/deferred';
import { apiError } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { type CanvasFakeOptions, canvasFake, canvasQuestion, confirmDelete } from '../../test/fixtures/canvas-fake';
import { renderApp } from '../../test/render-app';
import { lastAdded, reopenedForm } from './use-block-entries';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

const BM_OPEN = { trigger_questions_status: true, value_proposition_status: true };
const Q1 = 'business-model-0-1';
const Q2 = 'business-model-0-2';
/** Key Partners with two questions, so a block holds two saved lists. */
const TWO_QUESTIONS = [
  canvasQuestion('business-model', 'Key Partners', 1),
  canvasQuestion('business-model', 'Key Partners', 2),
  canvasQuestion('business-model', 'Channels', 1),
];

function renderBm(options: Partial<CanvasFakeOptions> = {}) {
  const fake = canvasFake({ type: 'business-model', phases: BM_OPEN, questions: TWO_QUESTIONS, ...options });
  const app = renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
  return { ...app, fake };
}

async function partners() {
  await screen.findByRole('button', { name: 'Add an entry to Key Partners' }, SLOW);
  return screen.getByRole('region', { name: 'Key Partners' });
}

/** The "Answers the question" radios of a block's open form: which is chosen, and one of them by question id. */
const questionRadios = (block: HTMLElement) =>
  within(within(block).getByRole('group', { name: 'Answers the question' })).getAllByRole<HTMLInputElement>('radio');
const chosenQuestion = (block: HTMLElement) => questionRadios(block).find((r) => r.checked)?.value;
const questionChoice = (block: HTMLElement, id: string) => {
  const radio = questionRadios(block).find((r) => r.value === id);
  if (!radio) throw new Error(`no question ${id}`);
  return radio;
};

const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const saves = (api: ReturnType<typeof renderBm>['api']) => api.calls('journey.saveAnswer').map((r) => r.body);

describe('a canvas block edited in place', () => {
  it('adds with the keyboard: Enter saves and keeps the field for the next entry, Escape closes it', async () => {
    const { user, api, fake } = renderBm({ answers: { [Q1]: ['Farms'] } });
    const block = await partners();
    await user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    const field = within(block).getByRole('textbox', { name: 'New entry in Key Partners' });
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Enter saves · Shift+Enter: new line · Esc cancels');
    // The first question without answers is offered first.
    expect(chosenQuestion(block)).toBe(Q2);
    await user.click(questionChoice(block, Q1));
    await user.click(field);
    await user.type(field, '  Bakeries{Shift>}{Enter}{/Shift}and mills  ');
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Farms', 'Bakeries\nand mills']));
    expect(saves(api)).toEqual([{ answers: ['Farms', 'Bakeries\nand mills'] }]);
    expect(within(block).getByRole('status')).toHaveTextContent('Added "Bakeries and mills" to Key Partners.');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Farms', 'Bakeries\nand mills']);

    await user.keyboard('{Escape}');
    expect(within(block).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Add an entry to Key Partners' })).toHaveFocus();
  });

  it('refuses a blank entry and a duplicate without calling the API', async () => {
    const { user, api } = renderBm({ answers: { [Q1]: ['Farms'], [Q2]: ['Banks'] } });
    const block = await partners();
    await user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    // Every question is answered: the first is offered.
    expect(chosenQuestion(block)).toBe(Q1);
    await user.keyboard('   {Enter}');
    expect(within(block).getByRole('alert')).toHaveTextContent('Please enter an answer before adding.');
    await user.clear(within(block).getByRole('textbox'));
    await user.keyboard(' Farms {Enter}');
    expect(within(block).getByRole('alert')).toHaveTextContent('This answer already exists.');
    expect(within(block).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);
  });

  it('keeps a paste over the length limit whole and says the limit in words, without calling the API', async () => {
    const { user, api } = renderBm({ answers: { [Q1]: ['Farms'] } });
    const block = await partners();
    const long = 'x'.repeat(ANSWER_LIMITS.maxLength + 1);
    await user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    await user.paste(long);
    await user.keyboard('{Enter}');
    expect(within(block).getByRole('alert')).toHaveTextContent(
      `Each answer must be at most ${ANSWER_LIMITS.maxLength} characters.`,
    );
    expect(within(block).getByRole('textbox', { name: 'New entry in Key Partners' })).toHaveValue(long);

    await user.keyboard('{Escape}');
    await user.click(within(block).getByRole('button', { name: 'Edit "Farms"' }));
    await user.paste(long);
    await user.keyboard('{Enter}');
    expect(within(block).getByRole('alert')).toHaveTextContent(`at most ${ANSWER_LIMITS.maxLength} characters`);
    expect(within(block).getByRole('textbox', { name: 'Edit entry in Key Partners' })).toHaveValue(`Farms${long}`);
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);
  });

  it('edits in place: Escape keeps the old text, Enter saves the trimmed text, focus returns to Edit', async () => {
    const { user, api, fake } = renderBm({ answers: { [Q1]: ['Farms', 'Mills'] } });
    const block = await partners();
    await user.click(within(block).getByRole('button', { name: 'Edit "Mills"' }));
    const field = within(block).getByRole('textbox', { name: 'Edit entry in Key Partners' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Mills');
    await user.type(field, ' and bakeries');
    await user.keyboard('{Escape}');
    expect(within(block).getByText('Mills')).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Edit "Mills"' })).toHaveFocus();
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);

    await user.keyboard('{Enter}');
    await user.clear(within(block).getByRole('textbox'));
    await user.keyboard('  Flour mills  {Enter}');
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Farms', 'Flour mills']));
    await waitFor(() => expect(within(block).getByRole('button', { name: 'Edit "Flour mills"' })).toHaveFocus());
    expect(within(block).getByRole('status')).toHaveTextContent('Saved "Flour mills".');

    // Saving the text unchanged sends nothing.
    await user.keyboard('{Enter}{Enter}');
    expect(saves(api)).toEqual([{ answers: ['Farms', 'Flour mills'] }]);
  });

  it("moves an entry within its question's list, announces it and keeps focus on the moved entry", async () => {
    const { user, api, fake } = renderBm({ answers: { [Q1]: ['A', 'B', 'C'], [Q2]: ['D'] } });
    const block = await partners();
    // The ends of each question's list cannot move further, so no move crosses into another question.
    expect(within(block).getByRole('button', { name: 'Move "A" up' })).toBeDisabled();
    expect(within(block).getByRole('button', { name: 'Move "C" down' })).toBeDisabled();
    expect(within(block).getByRole('button', { name: 'Move "D" up' })).toBeDisabled();
    expect(within(block).getByRole('button', { name: 'Move "D" down' })).toBeDisabled();

    await user.click(within(block).getByRole('button', { name: 'Move "C" up' }));
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['A', 'C', 'B']));
    expect(within(block).getByRole('status')).toHaveTextContent('Moved "C" up to place 2 of 3.');
    expect(within(block).getByRole('button', { name: 'Move "C" up' })).toHaveFocus();

    // Up again reaches the top: the disabled Up hands focus to Down.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['C', 'A', 'B']));
    await waitFor(() => expect(within(block).getByRole('button', { name: 'Move "C" down' })).toHaveFocus());
    expect(saves(api)).toEqual([{ answers: ['A', 'C', 'B'] }, { answers: ['C', 'A', 'B'] }]);
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['C', 'A', 'B', 'D']);
  });

  it('deletes after a confirmation that says History keeps it: the rest is saved, the last one deletes the row', async () => {
    const { user, api, fake } = renderBm({ answers: { [Q1]: ['Farms', 'Mills'] } });
    const block = await partners();
    await user.click(within(block).getByRole('button', { name: 'Delete "Farms"' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveAccessibleDescription(
      'This will delete "Farms" from Key Partners. You can restore it from History.',
    );
    await confirmDelete(user, document.body);
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Mills']));
    expect(within(block).getByRole('status')).toHaveTextContent(
      'Deleted "Farms" from Key Partners. You can restore it from History.',
    );

    await user.click(within(block).getByRole('button', { name: 'Delete "Mills"' }));
    await confirmDelete(user, document.body);
    await waitFor(() => expect(fake.store.has(Q1)).toBe(false));
    expect(api.calls('journey.deleteAnswer')).toHaveLength(1);
    expect(saves(api)).toEqual([{ answers: ['Mills'] }]);
    expect(within(block).getByText('No data yet')).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Add an entry to Key Partners' })).toHaveFocus();
  });

  it("shows an optimistic add at once, then takes it back and gives the text back with the server's reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const held = deferred<{ status: number; body: unknown }>();
    const { user } = renderBm({ answers: { [Q1]: ['Farms'] }, onSave: () => held.promise });
    const block = await partners();
    await user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    await user.click(questionChoice(block, Q1));
    await user.type(within(block).getByRole('textbox'), 'Mills{Enter}');
    expect(within(block).getByRole('list', { name: 'Entries in Key Partners' })).toHaveTextContent('Mills');

    held.resolve(apiError(409, 'The Business Model is locked while your coach reviews it.') as never);
    expect(
      await within(notifications()).findByText('The Business Model is locked while your coach reviews it.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(block).getAllByRole('listitem')).toHaveLength(1));
    expect(within(block).getByRole('textbox')).toHaveValue('Mills');
    expect(within(block).getByRole('status')).toHaveTextContent('locked while your coach reviews it');
  });

  it('shows a new entry last in the block, where Add was pressed, and the saved order once it is moved', async () => {
    const { user, fake } = renderBm({ answers: { [Q1]: ['Farms'], [Q2]: ['Banks'] } });
    const block = await partners();
    const shown = () =>
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.canvas-entry__text')?.textContent);
    await user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    await user.click(questionChoice(block, Q1));
    await user.type(within(block).getByRole('textbox', { name: 'New entry in Key Partners' }), 'Mills{Enter}');
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Farms', 'Mills']));
    // Saved under the first question, shown at the end, next to Add.
    expect(shown()).toEqual(['Farms', 'Banks', 'Mills']);
    await user.type(within(block).getByRole('textbox', { name: 'New entry in Key Partners' }), 'Bakeries{Enter}');
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Farms', 'Mills', 'Bakeries']));
    expect(shown()).toEqual(['Farms', 'Banks', 'Mills', 'Bakeries']);
    await user.keyboard('{Escape}');

    // A move is within the question's saved list: the block then shows the saved order, question by question.
    await user.click(within(block).getByRole('button', { name: 'Move "Bakeries" up' }));
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Farms', 'Bakeries', 'Mills']));
    await waitFor(() => expect(shown()).toEqual(['Farms', 'Bakeries', 'Mills', 'Banks']));
  });

  it('closes an untouched form when focus leaves it, and keeps one with typed text open', async () => {
    const { user } = renderBm({ answers: { [Q1]: ['Farms'] } });
    const block = await partners();
    await user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    await user.click(within(block).getByRole('button', { name: 'Edit "Farms"' }));
    // Opening the edit closed the untouched add; tabbing on from the unchanged edit closes it too.
    expect(within(block).getAllByRole('textbox')).toHaveLength(1);
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(block).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    await user.keyboard('Mills');
    // Text, radios, Add, Cancel, then out of the form.
    for (let i = 0; i < 4; i++) await user.tab();
    expect(within(block).getByRole('textbox', { name: 'New entry in Key Partners' })).not.toHaveFocus();
    expect(within(block).getByRole('textbox', { name: 'New entry in Key Partners' })).toHaveValue('Mills');
  });

  it('shows answers to a question a coach has removed, without tools to change them', async () => {
    const fake = canvasFake({ type: 'business-model', phases: BM_OPEN, questions: TWO_QUESTIONS });
    const at = '2025-01-02T00:00:00.000Z';
    const removed = { questionId: 'business-model-0-9', category: 'Key Partners', submittedAt: at, updatedAt: at };
    fake.routes['journey.listAnswers'] = { body: { answers: [{ ...removed, answers: ['Old partner'] }] } };
    renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
    const block = await partners();
    expect(within(block).getByText('Old partner')).toBeInTheDocument();
    expect(within(block).queryByRole('button', { name: /"Old partner"/ })).not.toBeInTheDocument();
  });
});

describe('a Value Proposition block edited in place', () => {
  it('changes only after the server accepted the save', async () => {
    const held = deferred<{ status: number; body: unknown } | undefined>();
    const fake = canvasFake({
      type: 'value-proposition',
      phases: { trigger_questions_status: true },
      answers: { 'value-proposition-0-1': ['Cook dinner'] },
      onSave: () => held.promise,
    });
    const { user } = renderApp('/value-proposition', { user: FOUNDER }, { api: fake.routes });
    await screen.findByRole('button', { name: 'Add an entry to Customer Jobs' }, SLOW);
    const block = screen.getByRole('region', { name: 'Customer Jobs' });
    await user.click(within(block).getByRole('button', { name: 'Add an entry to Customer Jobs' }));
    await user.type(within(block).getByRole('textbox', { name: 'New entry in Customer Jobs' }), 'Shop{Enter}');
    expect(within(block).getAllByRole('listitem')).toHaveLength(1);
    expect(within(block).getByRole('textbox')).toHaveValue('Shop');
    held.resolve(undefined);
    await waitFor(() => expect(within(block).getAllByRole('listitem')).toHaveLength(2));
    expect(within(block).getByRole('textbox')).toHaveValue('');
    expect(fake.store.get('value-proposition-0-1')).toEqual(['Cook dinner', 'Shop']);
  });
});

describe('what was typed in a block and not saved', () => {
  it('comes back after a reload into the same form, for the same question, and goes once added', async () => {
    const first = renderBm({ answers: { [Q1]: ['Farms'] } });
    let block = await partners();
    await first.user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    await first.user.click(questionChoice(block, Q1));
    await first.user.type(within(block).getByRole('textbox', { name: 'New entry in Key Partners' }), 'Mills');
    first.unmount();

    const { user, api, fake } = renderBm({ answers: { [Q1]: ['Farms'] } });
    // The form is open again, so the block shows no Add button to wait for.
    const field = await screen.findByRole('textbox', { name: 'New entry in Key Partners' }, SLOW);
    block = screen.getByRole('region', { name: 'Key Partners' });
    expect(field).toHaveValue('Mills');
    expect(chosenQuestion(block)).toBe(Q1);
    expect(within(block).getByText(/Restored what you typed on .* — not saved yet/)).toBeInTheDocument();
    await user.click(field);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Farms', 'Mills']));
    expect(saves(api)).toEqual([{ answers: ['Farms', 'Mills'] }]);
    expect(within(block).queryByText(/Restored what you typed/)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('reopens the edit of the same entry, and Discard closes it with the saved text', async () => {
    const first = renderBm({ answers: { [Q1]: ['Farms'] } });
    let block = await partners();
    await first.user.click(within(block).getByRole('button', { name: /^Edit/ }));
    await first.user.type(within(block).getByRole('textbox', { name: 'Edit entry in Key Partners' }), ' nearby');
    first.unmount();

    const { user, api } = renderBm({ answers: { [Q1]: ['Farms'] } });
    block = await partners();
    expect(within(block).getByRole('textbox', { name: 'Edit entry in Key Partners' })).toHaveValue('Farms nearby');
    await user.click(within(block).getByRole('button', { name: 'Discard' }));
    expect(within(block).queryByRole('textbox')).toBeNull();
    expect(within(block).getByRole('listitem')).toHaveTextContent('Farms');
    expect(saves(api)).toEqual([]);
    expect(localStorage.length).toBe(0);
  });
});

describe('lastAdded', () => {
  const entry = (questionId: string, index: number, text: string) => ({ questionId, index, text });
  it('puts the entries added this visit last, in the order they were added, the rest in their order', () => {
    const entries = [entry('a', 0, 'one'), entry('a', 1, 'two'), entry('b', 0, 'three'), entry('b', 1, 'four')];
    expect(
      lastAdded(entries, [
        { questionId: 'b', text: 'four' },
        { questionId: 'a', text: 'two' },
        { questionId: 'a', text: 'gone' },
      ]).map((e) => e.text),
    ).toEqual(['one', 'three', 'four', 'two']);
    expect(lastAdded(entries, [{ questionId: 'b', text: 'two' }])).toEqual(entries);
  });
});

describe('reopenedForm', () => {
  const entries = [{ key: `${Q1}:0`, questionId: Q1, text: 'Farms' }];
  const ids = new Set([Q1, Q2]);
  const kept = (context: string | undefined, text = 'Typed') => ({ text, keptAt: '2026-12-01T10:00:00.000Z', context });

  it('reopens an add for its question while the question is there', () => {
    expect(reopenedForm(kept(JSON.stringify({ kind: 'add', target: Q2 })), entries, ids)).toEqual({
      mode: { kind: 'add' },
      target: Q2,
      draft: 'Typed',
    });
    expect(reopenedForm(kept(JSON.stringify({ kind: 'add', target: 'gone' })), entries, ids)).toBeNull();
  });

  it('reopens the edit while the entry reads as it did, else adds the text to its question', () => {
    const edit = (original: string, key = `${Q1}:0`) => kept(JSON.stringify({ kind: 'edit', key, original }));
    expect(reopenedForm(edit('Farms'), entries, ids)).toEqual({
      mode: { kind: 'edit', key: `${Q1}:0` },
      target: '',
      draft: 'Typed',
    });
    expect(reopenedForm(edit('Fields'), entries, ids)).toEqual({ mode: { kind: 'add' }, target: Q1, draft: 'Typed' });
    expect(reopenedForm(edit('Farms', `${Q1}:3`), entries, ids)?.mode).toEqual({ kind: 'add' });
    expect(reopenedForm(edit('Farms', 'gone:0'), entries, ids)).toBeNull();
    // Typed back to what the entry says: nothing to restore.
    expect(
      reopenedForm(kept(JSON.stringify({ kind: 'edit', key: `${Q1}:0`, original: 'Farms' }), 'Farms'), entries, ids),
    ).toBeNull();
  });

  it('restores nothing without a readable context', () => {
    expect(reopenedForm(null, entries, ids)).toBeNull();
    expect(reopenedForm(kept(undefined), entries, ids)).toBeNull();
    expect(reopenedForm(kept('not json'), entries, ids)).toBeNull();
  });
});

describe('a block offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says its change is not saved yet while the write waits for the connection, and sends it on reconnect', async () => {
    const { user, api, fake } = renderBm({ answers: { [Q1]: ['Farms'] } });
    const block = await partners();
    act(() => onlineManager.setOnline(false));
    await user.click(within(block).getByRole('button', { name: 'Add an entry to Key Partners' }));
    await user.click(questionChoice(block, Q1));
    await user.type(within(block).getByRole('textbox', { name: 'New entry in Key Partners' }), 'Mills{Enter}');
    expect(
      await within(block).findByText(/Not saved yet: this block’s change goes out when you are back online\./),
    ).toBeInTheDocument();
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Farms', 'Mills']));
    await waitFor(() => expect(within(block).queryByText(/Not saved yet/)).toBeNull());
  });
});
