import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Question } from '#shared/domain/questions';
import { toolFieldQuestionId } from '#shared/domain/validate-tools';
import { formatDateTimeToSecond } from '../../../lib/format-date-time';
import { apiError } from '../../../test/fake-api';
import { toolFake } from '../../../test/fixtures/tool-history-fake';
import { renderComponent } from '../../../test/render-component';
import { ToolHistory } from './ToolHistory';

const SLOW = { timeout: 8000 };
const NAME = toolFieldQuestionId('branding', 'name');
const PERSONALITY = toolFieldQuestionId('branding', 'personality');
const T1 = '2026-02-01T10:00:00.000Z';
const T2 = '2026-02-02T10:00:00.000Z';
const T3 = '2026-02-03T10:00:00.000Z';
const GUIDANCE: Question = {
  id: 'guidance-1',
  type: 'branding',
  category: 'Voice',
  text: 'Which brands do your customers already love?',
  explanation: null,
  example: null,
  videoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  order: 0,
};

const HISTORY = {
  [NAME]: [
    { at: T1, answers: ['Crumb'] },
    { at: T3, answers: ['Crumb & Co'] },
  ],
  [PERSONALITY]: [
    { at: T1, answers: ['Warm', 'Local'] },
    { at: T2, answers: ['Warm', 'Bold'] },
  ],
  'guidance-1': [
    { at: T1, answers: ['Patagonia'] },
    { at: T2, answers: [], deleted: true },
  ],
};

function renderHistory(options: Partial<Parameters<typeof toolFake>[0]> = {}) {
  const fake = toolFake({ tool: 'branding', guidance: [GUIDANCE], history: HISTORY, ...options });
  return { ...renderComponent(<ToolHistory tool="branding" />, { api: fake.routes }), fake };
}

async function openHistory(user: ReturnType<typeof renderHistory>['user']) {
  await user.click(screen.getByRole('button', { name: /^History of Branding/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Branding history' }, SLOW);
  await within(dialog).findByRole('combobox', { name: 'Field' }, SLOW);
  return dialog;
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('a tool’s history', () => {
  it('lists each field with kept versions in sheet order, labelled by field, its versions newest first', async () => {
    const { user } = renderHistory();
    const dialog = await openHistory(user);
    const field = within(dialog).getByRole('combobox', { name: 'Field' });
    expect(optionTexts(field)).toEqual([
      'Name (2 versions)',
      'Personality (2 versions)',
      'Which brands do your customers already love? (2 versions)',
    ]);
    expect(within(dialog).getByRole('group', { name: 'Voice' })).toBeInTheDocument();
    expect(optionTexts(within(dialog).getByRole('combobox', { name: 'Version' }))).toEqual([
      `${formatDateTimeToSecond(T3)} (latest) — added “Crumb & Co”; removed “Crumb”`,
      `${formatDateTimeToSecond(T1)} — added “Crumb”`,
    ]);
    const version = within(dialog).getByRole('region', { name: 'This version' });
    expect(version).toHaveTextContent('Crumb & Co');
    // The latest version is the current answer: nothing to restore.
    expect(within(dialog).queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('shows an earlier version and compares it with the current answer: a list by entries added and removed', async () => {
    const { user } = renderHistory();
    const dialog = await openHistory(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field' }), PERSONALITY);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Version' }), T1);
    const version = within(dialog).getByRole('region', { name: 'This version' });
    expect(
      within(version)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Warm', 'Local']);
    expect(within(dialog).queryByRole('region', { name: 'Compared with your current answer' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Compare with your current answer' }));
    const compared = within(dialog).getByRole('region', { name: 'Compared with your current answer' });
    expect(within(compared).getByText('Added since').nextElementSibling).toHaveTextContent('Bold');
    expect(within(compared).getByText('Removed since').nextElementSibling).toHaveTextContent('Local');
    expect(compared).not.toHaveTextContent('Warm');
  });

  it('compares a one-answer field as then and now', async () => {
    const { user } = renderHistory();
    const dialog = await openHistory(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Version' }), T1);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Compare with your current answer' }));
    const compared = within(dialog).getByRole('region', { name: 'Compared with your current answer' });
    expect(within(compared).getByText('Then').nextElementSibling).toHaveTextContent('Crumb');
    expect(within(compared).getByText('Now').nextElementSibling).toHaveTextContent('Crumb & Co');
  });

  it('restores a version only after confirming, as a new version that can itself be undone', async () => {
    const { user, api } = renderHistory();
    const dialog = await openHistory(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Version' }), T1);
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent(`Name goes back to how it was on ${formatDateTimeToSecond(T1)}`);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('journey.saveAnswer')).toEqual([]);

    const answerReads = api.calls('journey.listAnswers').length;
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Restore' }),
    );
    expect(await screen.findByText('Name restored.')).toBeInTheDocument();
    // The answers the tool page shows are read again.
    expect(api.calls('journey.listAnswers').length).toBeGreaterThan(answerReads);
    expect(api.calls('journey.saveAnswer').map((r) => [r.url.pathname, r.body])).toEqual([
      [`/api/answers/branding/${NAME}`, { answers: ['Crumb'] }],
    ]);
    // The restore is the newest version now; the chosen one equals the current answer, so it offers no restore.
    const versions = within(dialog).getByRole('combobox', { name: 'Version' });
    await waitFor(() => expect(optionTexts(versions)).toHaveLength(3));
    expect(optionTexts(versions)[0]).toMatch(/\(latest\) — added “Crumb”; removed “Crumb & Co”$/);
    expect(within(dialog).queryByRole('button', { name: 'Restore this version' })).toBeNull();

    // Undo: the version the restore replaced is restored the same way.
    await user.selectOptions(versions, T3);
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Restore' }),
    );
    await waitFor(() => expect(api.calls('journey.saveAnswer')).toHaveLength(2));
    expect(api.calls('journey.saveAnswer')[1]?.body).toEqual({ answers: ['Crumb & Co'] });
  });

  it('restores a deleted version by deleting the current answer', async () => {
    const { user, api, fake } = renderHistory({
      history: { ...HISTORY, 'guidance-1': [...HISTORY['guidance-1'], { at: T3, answers: ['Lego'] }] },
    });
    const dialog = await openHistory(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field' }), 'guidance-1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Version' }), T2);
    expect(within(dialog).getByRole('region', { name: 'This version' })).toHaveTextContent(
      'Empty: the answer was deleted.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('restoring that empties it now');
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.calls('journey.deleteAnswer')).toHaveLength(1));
    expect(api.calls('journey.saveAnswer')).toEqual([]);
    expect(fake.current('guidance-1')).toBeNull();
  });

  it('says why a refused restore failed, in the server’s words, and keeps the answer', async () => {
    const refusal = 'Business Model Canvas must be unlocked before you can answer these questions.';
    const { user, fake } = renderHistory({ onWrite: () => apiError(409, refusal) });
    const dialog = await openHistory(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Version' }), T1);
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Restore' }),
    );
    expect(await screen.findByText('Could not restore Name.')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(fake.current(NAME)).toEqual(['Crumb & Co']);
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });

  it('offers no restore for a guidance question the coach removed', async () => {
    const { user } = renderHistory({ guidance: [] });
    const dialog = await openHistory(user);
    const field = within(dialog).getByRole('combobox', { name: 'Field' });
    expect(optionTexts(field).at(-1)).toBe('A guidance question since removed (2 versions)');
    await user.selectOptions(field, 'guidance-1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Version' }), T1);
    expect(within(dialog).queryByRole('button', { name: 'Restore this version' })).toBeNull();
    expect(within(dialog).getByText(/cannot be restored/)).toBeInTheDocument();
  });

  it('says when nothing is kept yet', async () => {
    const { user } = renderHistory({ history: {} });
    await user.click(screen.getByRole('button', { name: /^History of Branding/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Branding history' }, SLOW);
    expect(await within(dialog).findByText(/No changes kept yet/, {}, SLOW)).toBeInTheDocument();
  });

  it('offers a retry when the history cannot be read', async () => {
    let reads = 0;
    const fake = toolFake({ tool: 'branding', history: HISTORY });
    const failing = renderComponent(<ToolHistory tool="branding" />, {
      api: {
        ...fake.routes,
        'journey.answerHistory': (request) => {
          reads += 1;
          const answer = fake.routes['journey.answerHistory'];
          return reads === 1 || typeof answer !== 'function' ? apiError(403, 'Not now.') : answer(request);
        },
      },
    });
    await failing.user.click(screen.getByRole('button', { name: /^History of Branding/ }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The history could not be loaded.');
    await failing.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Field' }, SLOW)).toBeInTheDocument();
  });

  it('is reached and worked from the keyboard: the button opens the dialog with focus inside, Escape closes it', async () => {
    const { user } = renderHistory();
    await user.tab();
    expect(screen.getByRole('button', { name: /^History of Branding/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Branding history' }, SLOW);
    const field = await within(dialog).findByRole('combobox', { name: 'Field' }, SLOW);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    field.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Branding history' })).toBeNull());
  });
});
