import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getQueryClient } from '../../lib/query-client';
import { FOUNDER } from '../../test/fake-auth';
import { sampleTests, validationFake, validationTest } from '../../test/fixtures/fake-validation-api';
import { renderApp } from '../../test/render-app';
import { evaluationSummary } from './evaluation-summary';

const notifications = () => screen.getByRole('region', { name: 'Notifications' });

function renderEvaluation(fake = validationFake()) {
  const app = renderApp('/test-evaluation', { user: FOUNDER }, { api: fake.routes });
  return { ...app, fake };
}

function card(label: string) {
  return screen.getByText(label, { selector: '.evaluation__card-label' }).closest('li') as HTMLElement;
}

const rows = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('button')
    .map((b) => b.querySelector('.result-row__name')?.textContent);

describe('Test Evaluation page', () => {
  it('shows the success rate, completion and insights', async () => {
    renderEvaluation();
    // The first render loads the page's lazy chunk, slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Test Evaluation' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Analyze test results and derive insights for your business model')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Test Results' });
    // Evaluated: partial and success → 1 of 2, 50%.
    expect(card('Success Rate')).toHaveTextContent('50%');
    expect(card('Success Rate')).toHaveTextContent('1 of 2 tests validated');
    expect(card('Test Completion')).toHaveTextContent('2/4');
    expect(card('Test Completion')).toHaveTextContent('Completed validation tests');
    expect(card('Insights')).toHaveTextContent('1');
    expect(card('Insights')).toHaveTextContent('Tests with documented learnings');
  });

  it('filters the results by evaluation', async () => {
    const { user } = renderEvaluation();
    await screen.findByRole('heading', { level: 2, name: 'Test Results' });
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All', 'Success', 'Partial', 'Failure', 'Not Evaluated']);
    expect(rows()).toHaveLength(4);
    await user.click(screen.getByRole('tab', { name: 'Success' }));
    expect(rows()).toEqual(['Pre-sale Campaign']);
    await user.click(screen.getByRole('tab', { name: 'Not Evaluated' }));
    expect(rows()).toEqual(['Customer Interview', 'Landing Page Test']);
    await user.click(screen.getByRole('tab', { name: 'Failure' }));
    expect(screen.getByText('No tests found for this filter.')).toBeInTheDocument();
  });

  it('saves an evaluation on the server, so it is still there after a reload', async () => {
    const fake = validationFake();
    const { user, api, unmount } = renderEvaluation(fake);
    await user.click(await screen.findByRole('button', { name: /Customer Interview/ }));
    const dialog = screen.getByRole('dialog', { name: 'Customer Interview' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => (r.closest('label') as HTMLElement).textContent)).toEqual([
      'Success - Hypothesis validated',
      'Partial - Mixed results',
      'Failure - Hypothesis invalidated',
    ]);
    for (const radio of radios) expect(radio).not.toBeChecked();
    const notes = within(dialog).getByLabelText('Insights & Learnings');
    expect(notes).toHaveAttribute('placeholder', 'Add notes about what you learned from this test...');

    await user.click(within(dialog).getByLabelText('Success - Hypothesis validated'));
    await user.type(notes, '  People pay for a fix today.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Evaluation' }));
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Evaluation saved');
    expect(toast).toHaveTextContent('Your test evaluation has been updated.');
    expect(api.calls('validation.update')[0]?.url.pathname).toBe('/api/validation-tests/test-1');
    expect(api.calls('validation.update')[0]?.body).toEqual({
      evaluation: { result: 'success', notes: 'People pay for a fix today.' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card('Success Rate')).toHaveTextContent('67%');
    expect(card('Success Rate')).toHaveTextContent('2 of 3 tests validated');
    expect(card('Insights')).toHaveTextContent('2');

    // A fresh page load reads the saved evaluation back from the server.
    unmount();
    getQueryClient().clear();
    const { user: again } = renderEvaluation(fake);
    await again.click(await screen.findByRole('button', { name: /Customer Interview/ }));
    const reopened = screen.getByRole('dialog', { name: 'Customer Interview' });
    expect(within(reopened).getByLabelText('Success - Hypothesis validated')).toBeChecked();
    expect(within(reopened).getByLabelText('Insights & Learnings')).toHaveValue('People pay for a fix today.');
  });

  it('drops blank notes when saving', async () => {
    const { user, api } = renderEvaluation();
    await user.click(await screen.findByRole('button', { name: /Competitive Analysis/ }));
    const dialog = screen.getByRole('dialog', { name: 'Competitive Analysis' });
    expect(within(dialog).getByLabelText('Partial - Mixed results')).toBeChecked();
    const notes = within(dialog).getByLabelText('Insights & Learnings');
    expect(notes).toHaveValue('Two strong competitors.');
    await user.clear(notes);
    await user.type(notes, '   ');
    await user.click(within(dialog).getByLabelText('Failure - Hypothesis invalidated'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Evaluation' }));
    await within(notifications()).findByText('Evaluation saved');
    expect(api.calls('validation.update')[0]?.body).toEqual({ evaluation: { result: 'failure', notes: null } });
  });

  it('deletes a test, and says there are none left after the last one', async () => {
    const fake = validationFake([validationTest({ id: 'test-5', name: 'Smoke Test' })]);
    const { user, api } = renderEvaluation(fake);
    await user.click(await screen.findByRole('button', { name: /Smoke Test/ }));
    await user.click(screen.getByRole('button', { name: 'Delete Test' }));
    // It asks first, Cancel focused; cancelling deletes nothing.
    let confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveAccessibleDescription(/You can restore it from Removed tests/);
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('validation.delete')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Smoke Test' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Test' }));
    confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Test' }));
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Test deleted');
    expect(toast).toHaveTextContent('Smoke Test has been removed from your tests. Restore it from Removed tests.');
    expect(api.calls('validation.delete')[0]?.url.pathname).toBe('/api/validation-tests/test-5');
    expect(fake.state.removed.map((t) => t.id)).toEqual(['test-5']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No tests available');
    expect(alert).toHaveTextContent(
      "You haven't added any validation tests yet. Go to Validation Tests to get started.",
    );
    expect(within(alert).getByRole('link', { name: 'Validation Tests' })).toHaveAttribute('href', '/validation-tests');
    expect(screen.queryByRole('heading', { name: 'Test Results' })).not.toBeInTheDocument();
    expect(card('Test Completion')).toHaveTextContent('0/0');
    expect(card('Success Rate')).toHaveTextContent('0%');
    expect(card('Success Rate')).toHaveTextContent('0 of 0 tests validated');
  });
});

describe('evaluationSummary', () => {
  it('computes the spec success rate over evaluated tests only', () => {
    const tests = sampleTests();
    const failure = validationTest({ id: 'x', evaluation: { result: 'failure', notes: '  ' } });
    expect(evaluationSummary(tests)).toEqual({
      rate: 50,
      successes: 1,
      evaluated: 2,
      completed: 2,
      total: 4,
      insights: 1,
    });
    // success, partial, failure → 1/3 = 33%; blank notes are no insight.
    expect(evaluationSummary([...tests, failure])).toMatchObject({ rate: 33, evaluated: 3, insights: 1 });
    expect(evaluationSummary([])).toMatchObject({ rate: 0, successes: 0, evaluated: 0, completed: 0, total: 0 });
    expect(evaluationSummary([validationTest()])).toMatchObject({ rate: 0, evaluated: 0 });
  });
});
