import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionHistory } from '#shared/domain/answer-history';
import { formatDateTimeToSecond } from '../../lib/format-date-time';
import { FOUNDER } from '../../test/fake-auth';
import { canvasFake } from '../../test/fixtures/canvas-fake';
import { renderApp } from '../../test/render-app';

const OPEN = {
  generate_idea_status: true,
  trigger_questions_status: true,
  value_proposition_status: true,
  bmc_status: false,
};
const SLOW = { timeout: 8000 };
const PARTNERS = 'business-model-0-1';
const CHANNELS = 'business-model-5-1';
const T1 = '2026-01-01T10:00:00.000Z';
const T2 = '2026-01-02T10:00:00.000Z';
const T3 = '2026-01-03T10:00:00.000Z';

const HISTORY: QuestionHistory[] = [
  {
    questionId: PARTNERS,
    category: 'Key Partners',
    versions: [
      { at: T1, answers: ['Bakeries'], deleted: false },
      { at: T3, answers: ['Flour mills'], deleted: false },
    ],
  },
  { questionId: CHANNELS, category: 'Channels', versions: [{ at: T2, answers: ['Markets'], deleted: false }] },
];

function renderHistory() {
  const fake = canvasFake({
    type: 'business-model',
    phases: OPEN,
    answers: { [PARTNERS]: ['Flour mills'], [CHANNELS]: ['Markets'] },
  });
  const saves: { questionId: string; answers: string[] }[] = [];
  const saveAnswer = fake.routes['journey.saveAnswer'];
  const app = renderApp(
    '/business-model',
    { user: FOUNDER },
    {
      api: {
        ...fake.routes,
        'journey.answerHistory': { body: { questions: HISTORY } },
        'journey.saveAnswer': async (request) => {
          saves.push({
            questionId: decodeURIComponent(request.url.pathname.split('/').pop() ?? ''),
            answers: (request.body as { answers: string[] }).answers,
          });
          if (typeof saveAnswer !== 'function') throw new Error('the canvas fake saves');
          return saveAnswer(request);
        },
      },
    },
  );
  return { ...app, saves };
}

async function openHistory(user: ReturnType<typeof renderHistory>['user']) {
  // Lazy page and dialog chunks compile on first import: on a loaded machine that takes longer than a second.
  await user.click(await screen.findByRole('button', { name: /History of the Business Model Canvas/ }, SLOW));
  return screen.findByRole('dialog', { name: 'Canvas history' }, SLOW);
}

describe('canvas history', () => {
  it('shows the canvas at its latest change, then as it was at an earlier moment', async () => {
    const { user } = renderHistory();
    const dialog = await openHistory(user);
    const moment = await within(dialog).findByRole('combobox', { name: 'Show the canvas as it was on' });
    expect(
      within(moment)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      `${formatDateTimeToSecond(T3)} (latest change) — Key Partners: added “Flour mills”; removed “Bakeries”`,
      `${formatDateTimeToSecond(T2)} — Channels: added “Markets”`,
      `${formatDateTimeToSecond(T1)} — Key Partners: added “Bakeries”`,
    ]);
    const changed = within(dialog).getByRole('region', { name: 'What changed at this moment' });
    expect(within(changed).getByRole('heading')).toHaveTextContent(`Changed on ${formatDateTimeToSecond(T3)}`);
    expect(
      within(changed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Key Partners: added “Flour mills”; removed “Bakeries”']);
    expect(within(dialog).getByRole('region', { name: 'Key Partners' })).toHaveTextContent('Flour mills');
    await user.selectOptions(moment, T1);
    expect(within(dialog).getByRole('region', { name: 'Key Partners' })).toHaveTextContent('Bakeries');
    // Channels had no answer yet on the first day: its block is left out.
    expect(within(dialog).queryByRole('region', { name: 'Channels' })).toBeNull();
  });

  it('restores an earlier answer with the save the canvas uses, and offers no restore for an unchanged one', async () => {
    const { user, saves } = renderHistory();
    const dialog = await openHistory(user);
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Show the canvas as it was on' }), T2);
    const channels = within(dialog).getByRole('region', { name: 'Channels' });
    expect(within(channels).queryByRole('button', { name: 'Restore this answer' })).toBeNull();
    const partners = within(dialog).getByRole('region', { name: 'Key Partners' });
    await user.click(within(partners).getByRole('button', { name: 'Restore this answer' }));
    await waitFor(() => expect(saves).toEqual([{ questionId: PARTNERS, answers: ['Bakeries'] }]));
    expect(await screen.findByText('Answer restored.')).toBeInTheDocument();
  });

  it('marks what was added and removed between two moments, always read from the older to the newer', async () => {
    const { user } = renderHistory();
    const dialog = await openHistory(user);
    const compare = await within(dialog).findByRole('combobox', { name: 'Compare with' });
    await user.selectOptions(compare, T1);
    const legend = `Comparing from ${formatDateTimeToSecond(T1)} (older) to ${formatDateTimeToSecond(T3)} (newer)`;
    expect(within(dialog).getByText(new RegExp(`^${legend.replace(/[()]/g, '\\$&')}`))).toBeInTheDocument();
    const marked = () => {
      const partners = within(dialog).getByRole('region', { name: 'Key Partners' });
      expect(within(partners).getByText('Flour mills').closest('li')).toHaveClass('canvas-history__added');
      expect(within(partners).getByText('Bakeries').closest('li')).toHaveClass('canvas-history__removed');
      expect(within(partners).getByText('Bakeries').tagName).toBe('DEL');
      // A restore while two moments show would be ambiguous: it is offered without a comparison only.
      expect(within(partners).queryByRole('button', { name: 'Restore this answer' })).toBeNull();
    };
    marked();

    // Showing the older moment and comparing with the newer reads the same way, not backwards.
    await user.selectOptions(compare, '');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Show the canvas as it was on' }), T1);
    await user.selectOptions(compare, T3);
    expect(within(dialog).getByText(new RegExp(`^${legend.replace(/[()]/g, '\\$&')}`))).toBeInTheDocument();
    marked();
  });
});
