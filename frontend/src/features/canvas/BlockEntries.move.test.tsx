import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { type CanvasFakeOptions, canvasFake, canvasQuestion } from '../../test/fixtures/canvas-fake';
import { renderApp } from '../../test/render-app';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

const BM_OPEN = { trigger_questions_status: true, value_proposition_status: true };
const Q1 = 'business-model-0-1';
const Q2 = 'business-model-0-2';
const CHANNELS = canvasQuestion('business-model', 'Channels', 1).id;
/** Key Partners with two questions, Channels with one; the other blocks have none, so take no entry. */
const QUESTIONS = [
  canvasQuestion('business-model', 'Key Partners', 1),
  canvasQuestion('business-model', 'Key Partners', 2),
  canvasQuestion('business-model', 'Channels', 1),
];

function renderBm(options: Partial<CanvasFakeOptions> = {}) {
  const fake = canvasFake({ type: 'business-model', phases: BM_OPEN, questions: QUESTIONS, ...options });
  const app = renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
  return { ...app, fake };
}

async function region(name: string) {
  await screen.findByRole('button', { name: `Add an entry to ${name}` }, SLOW);
  return screen.getByRole('region', { name });
}

/** The answer writes in the order they reached the API: which route, for which question, with which list. */
const writes = (api: ReturnType<typeof renderBm>['api']) =>
  api.requests
    .filter((r) => r.routeId === 'journey.saveAnswer' || r.routeId === 'journey.deleteAnswer')
    .map((r) => {
      const questionId = decodeURIComponent(r.url.pathname.split('/').pop() ?? '');
      return r.routeId === 'journey.saveAnswer'
        ? { save: questionId, answers: (r.body as { answers: string[] }).answers }
        : { delete: questionId };
    });

async function openMoveTo(user: ReturnType<typeof renderBm>['user'], block: HTMLElement, text: string) {
  await user.click(within(block).getByRole('button', { name: `Move "${text}" to another block` }));
  return screen.getByRole('dialog', { name: `Move "${text}" to…` });
}

const texts = (block: HTMLElement) => [...block.querySelectorAll('.canvas-entry__text')].map((p) => p.textContent);

describe('Move to… on a canvas entry', () => {
  it('lists the block’s other questions and the other blocks with questions', async () => {
    const { user } = renderBm({ answers: { [Q1]: ['Farms'] } });
    const dialog = await openMoveTo(user, await region('Key Partners'), 'Farms');
    expect(dialog).toHaveAccessibleDescription('It is added there first, then taken out of Key Partners.');
    const group = (name: string) => within(within(dialog).getByRole('region', { name })).getAllByRole('button');
    expect(group('Another question in Key Partners').map((b) => b.textContent)).toEqual(['Key Partners question 2?']);
    expect(group('Another block').map((b) => b.textContent)).toEqual(['Channels']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Move "Farms" to another block' })).toHaveFocus();
  });

  it('is not offered where there is nowhere to move to', async () => {
    const fake = canvasFake({ type: 'business-model', phases: BM_OPEN, questions: QUESTIONS.slice(2) });
    fake.store.set(CHANNELS, ['Website']);
    renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
    const channels = await region('Channels');
    expect(within(channels).getByRole('button', { name: 'Edit "Website"' })).toBeInTheDocument();
    expect(within(channels).queryByRole('button', { name: /to another block/ })).toBeNull();
  });

  it('adds to the other block first, then removes from the source; announces it; focus follows the entry', async () => {
    const { user, api, fake } = renderBm({ answers: { [Q1]: ['Farms', 'Mills'], [CHANNELS]: ['Website'] } });
    const partners = await region('Key Partners');
    const dialog = await openMoveTo(user, partners, 'Farms');
    await user.click(within(dialog).getByRole('button', { name: 'Channels' }));

    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Mills']));
    expect(writes(api)).toEqual([
      { save: CHANNELS, answers: ['Website', 'Farms'] },
      { save: Q1, answers: ['Mills'] },
    ]);
    expect(fake.store.get(CHANNELS)).toEqual(['Website', 'Farms']);
    expect(within(partners).getByRole('status')).toHaveTextContent('Moved "Farms" to Channels.');
    const channels = screen.getByRole('region', { name: 'Channels' });
    await waitFor(() =>
      expect(within(channels).getByRole('button', { name: 'Move "Farms" to another block' })).toHaveFocus(),
    );
    expect(texts(partners)).toEqual(['Mills']);
    expect(texts(channels)).toEqual(['Website', 'Farms']);
  });

  it('moves to another question of the block; the emptied list is deleted after the add', async () => {
    const { user, api, fake } = renderBm({ answers: { [Q1]: ['Farms'], [Q2]: ['Banks'] } });
    const partners = await region('Key Partners');
    const dialog = await openMoveTo(user, partners, 'Farms');
    await user.click(within(dialog).getByRole('button', { name: 'Key Partners question 2?' }));

    await waitFor(() => expect(fake.store.has(Q1)).toBe(false));
    expect(writes(api)).toEqual([{ save: Q2, answers: ['Banks', 'Farms'] }, { delete: Q1 }]);
    expect(within(partners).getByRole('status')).toHaveTextContent(
      'Moved "Farms" to "Key Partners question 2?" in Key Partners.',
    );
    await waitFor(() =>
      expect(within(partners).getByRole('button', { name: 'Move "Farms" to another block' })).toHaveFocus(),
    );
  });

  it('removes nothing when the server refuses the add, and says why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, api, fake } = renderBm({
      answers: { [Q1]: ['Farms'] },
      onSave: (questionId) =>
        questionId === CHANNELS
          ? apiError(409, 'The Business Model is locked while your coach reviews it.')
          : undefined,
    });
    const partners = await region('Key Partners');
    await user.click(within(await openMoveTo(user, partners, 'Farms')).getByRole('button', { name: 'Channels' }));

    await waitFor(() =>
      expect(within(partners).getByRole('status')).toHaveTextContent(
        'Could not move "Farms" to Channels: The Business Model is locked while your coach reviews it.',
      ),
    );
    expect(writes(api)).toEqual([{ save: CHANNELS, answers: ['Farms'] }]);
    expect(fake.store.get(Q1)).toEqual(['Farms']);
    expect(fake.store.has(CHANNELS)).toBe(false);
    // The optimistic copy in Channels is taken back; the entry stays where it was, with focus on its Move to….
    await waitFor(() => expect(texts(screen.getByRole('region', { name: 'Channels' }))).toEqual([]));
    expect(texts(partners)).toEqual(['Farms']);
    await waitFor(() =>
      expect(within(partners).getByRole('button', { name: 'Move "Farms" to another block' })).toHaveFocus(),
    );
  });

  it('refuses a duplicate in the target without calling the API', async () => {
    const { user, api, fake } = renderBm({ answers: { [Q1]: ['Farms'], [CHANNELS]: ['Farms'] } });
    const partners = await region('Key Partners');
    await user.click(within(await openMoveTo(user, partners, 'Farms')).getByRole('button', { name: 'Channels' }));
    expect(within(partners).getByRole('status')).toHaveTextContent(
      'Could not move "Farms" to Channels: This answer already exists.',
    );
    expect(writes(api)).toEqual([]);
    expect(fake.store.get(Q1)).toEqual(['Farms']);
  });

  it('keeps the copy when the removal fails after the add, and says the entry is in both', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, fake } = renderBm({
      answers: { [Q1]: ['Farms', 'Mills'] },
      onSave: (questionId) => (questionId === Q1 ? apiError(500, 'Failed to save answer.') : undefined),
    });
    const partners = await region('Key Partners');
    await user.click(within(await openMoveTo(user, partners, 'Farms')).getByRole('button', { name: 'Channels' }));
    await waitFor(() =>
      expect(within(partners).getByRole('status')).toHaveTextContent(
        '"Farms" is now in Channels, but also still in Key Partners:',
      ),
    );
    expect(fake.store.get(CHANNELS)).toEqual(['Farms']);
    expect(fake.store.get(Q1)).toEqual(['Farms', 'Mills']);
  });

  it('on the Value Proposition (changed only once saved), focus still reaches the entry in its new block', async () => {
    const gainsQ = canvasQuestion('value-proposition', 'Customer Gains', 1).id;
    const painsQ = canvasQuestion('value-proposition', 'Customer Pains', 1).id;
    const fake = canvasFake({
      type: 'value-proposition',
      phases: { trigger_questions_status: true },
      answers: { [gainsQ]: ['Evenings free'], [painsQ]: ['No time'] },
    });
    const { user, api } = renderApp('/value-proposition', { user: FOUNDER }, { api: fake.routes });
    const gains = await region('Customer Gains');
    const dialog = await openMoveTo(user, gains, 'Evenings free');
    await user.click(within(dialog).getByRole('button', { name: 'Customer Pains' }));
    const pains = screen.getByRole('region', { name: 'Customer Pains' });
    await waitFor(() =>
      expect(within(pains).getByRole('button', { name: 'Move "Evenings free" to another block' })).toHaveFocus(),
    );
    expect(writes(api)).toEqual([{ save: painsQ, answers: ['No time', 'Evenings free'] }, { delete: gainsQ }]);
    expect(within(gains).getByRole('status')).toHaveTextContent('Moved "Evenings free" to Customer Pains.');
  });
});

/** A DataTransfer stand-in: jsdom has none. */
const transfer = () => ({ setData: vi.fn(), getData: vi.fn(), dropEffect: 'none', effectAllowed: 'all', types: [] });
const entryOf = (block: HTMLElement, text: string) => {
  const li = within(block).getByText(text).closest('li');
  if (!li) throw new Error(`no entry ${text}`);
  return li;
};

describe('dragging a canvas entry', () => {
  it('onto another block: highlights the block, then moves it as Move to… does', async () => {
    const { api, fake } = renderBm({ answers: { [Q1]: ['Farms', 'Mills'] } });
    const partners = await region('Key Partners');
    const channels = screen.getByRole('region', { name: 'Channels' });
    const farms = entryOf(partners, 'Farms');
    expect(farms).toHaveAttribute('draggable', 'true');
    const dataTransfer = transfer();
    fireEvent.dragStart(farms, { dataTransfer });
    expect(dataTransfer.setData).toHaveBeenCalledWith('application/x-preseed-canvas-entry', `${Q1}:0`);
    const target = channels.querySelector('.canvas-block');
    if (!target) throw new Error('no block');
    fireEvent.dragOver(within(channels).getByText('No data yet'), { dataTransfer });
    expect(target).toHaveClass('canvas-block--drop');
    // The entry's own block takes no drop onto itself.
    expect(partners.querySelector('.canvas-block')).not.toHaveClass('canvas-block--drop');
    fireEvent.drop(within(channels).getByText('No data yet'), { dataTransfer });
    fireEvent.dragEnd(farms, { dataTransfer });
    expect(target).not.toHaveClass('canvas-block--drop');

    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['Mills']));
    expect(writes(api)).toEqual([
      { save: CHANNELS, answers: ['Farms'] },
      { save: Q1, answers: ['Mills'] },
    ]);
    expect(within(partners).getByRole('status')).toHaveTextContent('Moved "Farms" to Channels.');
  });

  it('onto another entry of its question: takes its place in one save', async () => {
    const { api, fake } = renderBm({ answers: { [Q1]: ['A', 'B', 'C'], [Q2]: ['D'] } });
    const partners = await region('Key Partners');
    const dataTransfer = transfer();
    fireEvent.dragStart(entryOf(partners, 'C'), { dataTransfer });
    fireEvent.dragOver(within(partners).getByText('A'), { dataTransfer });
    expect(entryOf(partners, 'A')).toHaveClass('canvas-entry--drop');
    expect(entryOf(partners, 'C')).toHaveClass('canvas-entry--dragged');
    fireEvent.drop(within(partners).getByText('A'), { dataTransfer });

    await waitFor(() => expect(fake.store.get(Q1)).toEqual(['C', 'A', 'B']));
    expect(writes(api)).toEqual([{ save: Q1, answers: ['C', 'A', 'B'] }]);
    expect(within(partners).getByRole('status')).toHaveTextContent('Moved "C" to place 1 of 3.');
    expect(texts(partners)).toEqual(['C', 'A', 'B', 'D']);
  });

  it('is not offered for an answer to a removed question', async () => {
    const fake = canvasFake({ type: 'business-model', phases: BM_OPEN, questions: QUESTIONS });
    const at = '2025-01-02T00:00:00.000Z';
    const removed = { questionId: 'business-model-0-9', category: 'Key Partners', submittedAt: at, updatedAt: at };
    fake.routes['journey.listAnswers'] = { body: { answers: [{ ...removed, answers: ['Old partner'] }] } };
    renderApp('/business-model', { user: FOUNDER }, { api: fake.routes });
    const partners = await region('Key Partners');
    expect(entryOf(partners, 'Old partner')).toHaveAttribute('draggable', 'false');
  });
});
