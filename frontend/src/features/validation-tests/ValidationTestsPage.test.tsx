import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { byType } from '../../test/by-type';
import { apiError, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { sampleTests, validationFake, validationTest } from '../../test/fixtures/fake-validation-api';
import { renderApp } from '../../test/render-app';
import { matchesSearch } from './ValidationTestsPage';

const PLAN = {
  hypothesis: 'People want it.',
  method: 'Ask them.',
  metric: 'Yes answers',
  successCriterion: 'Half say yes',
};

/** A page's first render on a busy machine (CI shares 2 cores) can take past the default second. */
const SLOW = { timeout: 5000 };

const notifications = () => screen.getByRole('region', { name: 'Notifications' });

function renderTests(fake = validationFake()) {
  const app = renderApp('/validation-tests', { user: FOUNDER }, { api: fake.routes });
  return { ...app, fake };
}

const cardOf = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
const shownNames = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('Validation Tests page', () => {
  it('lists the tests with difficulty, status, category, time, progress and evaluation', async () => {
    renderTests();
    // The first render loads the page's lazy chunk, slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Validation Tests' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Validate your business model with structured experiments')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Test Library' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 3, name: 'Customer Interview' });

    const interview = cardOf('Customer Interview');
    expect(within(interview).getByText('Easy')).toBeInTheDocument();
    expect(within(interview).getByText('Not Started')).toBeInTheDocument();
    expect(within(interview).getByText('Problem Validation')).toBeInTheDocument();
    expect(within(interview).getByText('1-2 weeks')).toBeInTheDocument();
    expect(within(interview).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(interview).getByRole('button', { name: 'Start Test' })).toHaveAccessibleDescription(
      'Customer Interview',
    );

    const landing = cardOf('Landing Page Test');
    expect(within(landing).getByText('Medium')).toBeInTheDocument();
    expect(within(landing).getByRole('progressbar', { name: 'Landing Page Test progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(landing).getByRole('button', { name: 'Continue' })).toBeInTheDocument();

    const presale = cardOf('Pre-sale Campaign');
    expect(within(presale).getByText('Hard')).toBeInTheDocument();
    expect(within(presale).getByText('Completed')).toBeInTheDocument();
    expect(within(presale).getByText('Success')).toBeInTheDocument();
    expect(within(presale).getByRole('button', { name: 'View Results' })).toBeInTheDocument();
    expect(within(cardOf('Competitive Analysis')).getByText('Partial')).toBeInTheDocument();
  });

  it('searches names and descriptions ignoring case, and filters by status tab', async () => {
    const { user } = renderTests();
    await screen.findByRole('heading', { level: 3, name: 'Customer Interview' });
    const search = screen.getByRole('searchbox', { name: 'Search tests' });
    expect(search).toHaveAttribute('placeholder', 'Search tests...');

    await user.type(search, 'LANDING');
    expect(shownNames()).toEqual(['Landing Page Test']);
    await user.clear(search);
    await user.type(search, 'commit MONEY');
    expect(shownNames()).toEqual(['Pre-sale Campaign']);
    await user.clear(search);

    const tabs = within(screen.getByRole('tablist', { name: 'Test status' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All Tests', 'Not Started', 'In Progress', 'Completed']);
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(shownNames()).toEqual(['Competitive Analysis', 'Pre-sale Campaign']);
    await user.click(screen.getByRole('tab', { name: 'In Progress' }));
    expect(shownNames()).toEqual(['Landing Page Test']);
    await user.click(screen.getByRole('tab', { name: 'Not Started' }));
    expect(shownNames()).toEqual(['Customer Interview']);
    await user.type(search, 'zzz');
    expect(screen.getByText('No tests match your search.')).toBeInTheDocument();
  });

  it('starts a test: saves it, says so and opens its page with the steps to check off', async () => {
    const { user, api, router } = renderTests();
    await user.click(
      within(
        await screen
          .findByRole('heading', { level: 3, name: 'Customer Interview' })
          .then((h) => h.closest('li') as HTMLElement),
      ).getByRole('button', { name: 'Start Test' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Customer Interview' });
    expect(dialog).toHaveAccessibleDescription(/Talk to people who have the problem/);
    expect(within(dialog).getByText('Easy')).toBeInTheDocument();
    expect(within(dialog).getByText('Problem Validation')).toBeInTheDocument();
    expect(within(dialog).getByText('1-2 weeks')).toBeInTheDocument();
    const steps = within(dialog).getByRole('list');
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Start This Test' }));
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Test Started');
    expect(toast).toHaveTextContent("You've started the Customer Interview validation test.");
    const put = api.calls('validation.update')[0];
    expect(put?.url.pathname).toBe('/api/validation-tests/test-1');
    expect(put?.body).toEqual({ start: true });

    // The test's own page: its steps, none checked yet.
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Interview' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?test=test-1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('0 of 3 steps done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Customer Interview progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    await user.click(screen.getByRole('link', { name: 'All tests' }));
    const card = cardOf('Customer Interview');
    expect(within(card).getByText('In Progress')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  }, 20_000);

  it('Continue opens the test: progress follows the checked steps, the last one completes it', async () => {
    const { user, api } = renderTests();
    await screen.findByRole('heading', { level: 3, name: 'Landing Page Test' });
    await user.click(within(cardOf('Landing Page Test')).getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('dialog', { name: 'Landing Page Test' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue This Test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Landing Page Test' }, SLOW)).toBeInTheDocument();
    expect(api.calls('validation.update')).toHaveLength(0);
    expect(screen.getByText('2 of 5 steps done')).toBeInTheDocument();

    const box = (n: number) => screen.getByRole('checkbox', { name: new RegExp(`^Step ${n}:`) });
    expect(box(1)).toBeChecked();
    expect(box(3)).not.toBeChecked();
    await user.click(box(3));
    await waitFor(() => expect(screen.getByText('3 of 5 steps done')).toBeInTheDocument());
    expect(api.calls('validation.update')[0]?.body).toEqual({ checkedSteps: [0, 1, 2] });
    expect(screen.getByRole('progressbar', { name: 'Landing Page Test progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    // Unchecking takes it back.
    await user.click(box(1));
    await waitFor(() => expect(screen.getByText('2 of 5 steps done')).toBeInTheDocument());
    expect(api.calls('validation.update')[1]?.body).toEqual({ checkedSteps: [1, 2] });

    for (const n of [1, 4, 5]) {
      await user.click(box(n));
      await waitFor(() => expect(box(n)).toBeChecked());
    }
    expect(await within(notifications()).findByText('Test completed')).toBeInTheDocument();
    expect(screen.getByText('Completed', { selector: '.test-status' })).toBeInTheDocument();

    // What happened is recorded with the test.
    await user.type(screen.getByLabelText('What happened'), '  120 visitors, 9 sign-ups (7.5 %).  ');
    await user.click(screen.getByRole('button', { name: 'Save Results' }));
    expect(await within(notifications()).findByText('Results saved')).toBeInTheDocument();
    expect(api.calls('validation.update').at(-1)?.body).toEqual({ results: '120 visitors, 9 sign-ups (7.5 %).' });
  }, 20_000);

  it('View Test Results opens the test at its results and evaluation, where it is evaluated', async () => {
    const { user, api, router } = renderTests();
    await screen.findByRole('heading', { level: 3, name: 'Competitive Analysis' });
    await user.click(within(cardOf('Competitive Analysis')).getByRole('button', { name: 'View Results' }));
    await user.click(screen.getByRole('button', { name: 'View Test Results' }));
    const results = await screen.findByRole('heading', { level: 2, name: 'Results' }, SLOW);
    expect(router.state.location.search).toBe('?test=test-3&view=results');
    await waitFor(() => expect(results).toHaveFocus());
    expect(screen.getByLabelText('What happened')).toHaveValue('Two strong competitors, both expensive.');
    expect(screen.getByText('Partial', { selector: '.result-badge' })).toBeInTheDocument();
    expect(screen.getByText('Two strong competitors.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compare all tests in Test Evaluation' })).toHaveAttribute(
      'href',
      '/test-evaluation',
    );

    await user.click(screen.getByRole('button', { name: 'Evaluate This Test' }));
    const dialog = screen.getByRole('dialog', { name: 'Competitive Analysis' });
    await user.click(within(dialog).getByLabelText('Success - Hypothesis validated'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Evaluation' }));
    expect(await within(notifications()).findByText('Evaluation saved')).toBeInTheDocument();
    expect(api.calls('validation.update')[0]?.body).toEqual({
      evaluation: { result: 'success', notes: 'Two strong competitors.' },
    });
    expect(screen.getByText('Success', { selector: '.result-badge' })).toBeInTheDocument();
  }, 20_000);

  it('deletes a test only after confirming, and restores it from Removed tests as it was', async () => {
    const { user, api, fake } = renderTests();
    await screen.findByRole('heading', { level: 3, name: 'Landing Page Test' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Removed tests' })).not.toBeInTheDocument();
    await user.click(within(cardOf('Landing Page Test')).getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Delete Test' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(api.calls('validation.delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Test' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete Test' }),
    );
    expect(await within(notifications()).findByText('Test deleted')).toBeInTheDocument();
    expect(api.calls('validation.delete')[0]?.url.pathname).toBe('/api/validation-tests/test-2');
    await waitFor(() => expect(shownNames()).not.toContain('Landing Page Test'));

    const removed = screen.getByRole('region', { name: 'Removed tests' });
    expect(within(removed).getByText('Landing Page Test')).toBeInTheDocument();
    expect(within(removed).getByText('Market Validation · 2 of 5 steps done')).toBeInTheDocument();
    // A library test cannot go for good: only restore.
    expect(within(removed).queryByRole('button', { name: 'Delete for Good' })).not.toBeInTheDocument();
    await user.click(within(removed).getByRole('button', { name: 'Restore' }));
    expect(await within(notifications()).findByText('Test restored')).toBeInTheDocument();
    await waitFor(() => expect(shownNames()).toContain('Landing Page Test'));
    expect(within(cardOf('Landing Page Test')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('region', { name: 'Removed tests' })).not.toBeInTheDocument();
    expect(fake.state.removed).toEqual([]);
  });

  it("the deleted toast's Undo brings the test straight back", async () => {
    const { user, api, fake } = renderTests();
    await screen.findByRole('heading', { level: 3, name: 'Customer Interview' });
    await user.click(within(cardOf('Customer Interview')).getByRole('button', { name: 'Start Test' }));
    await user.click(screen.getByRole('button', { name: 'Delete Test' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete Test' }),
    );
    await within(notifications()).findByText('Test deleted');
    await waitFor(() => expect(shownNames()).not.toContain('Customer Interview'));
    await user.click(within(notifications()).getByRole('button', { name: 'Undo' }));
    expect(await within(notifications()).findByText('Customer Interview is back in your tests.')).toBeInTheDocument();
    expect(api.calls('validation.restore')[0]?.url.pathname).toBe('/api/validation-tests/test-1/restore');
    await waitFor(() => expect(shownNames()).toContain('Customer Interview'));
    expect(fake.state.removed).toEqual([]);
  });

  it('adds a test of your own: says what is missing, then saves it once and opens it', async () => {
    const { user, api, router } = renderTests();
    await screen.findByRole('heading', { level: 3, name: 'Customer Interview' });
    expect(screen.getByText('0 of 50 tests of your own')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your Own Test' }));
    const dialog = screen.getByRole('dialog', { name: 'Add your own test' });
    await user.type(within(dialog).getByLabelText('Name'), 'Price anchoring');
    await user.type(within(dialog).getByLabelText('Steps'), 'Write both offers\nwrite both offers');
    await user.click(within(dialog).getByRole('button', { name: 'Add Test' }));
    expect(within(dialog).getByText('Hypothesis is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Success criterion is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Each step must be different.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Hypothesis')).toHaveFocus());
    expect(api.calls('validation.createCustom')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Hypothesis'), 'Parents pay 20 euros a month.');
    await user.type(within(dialog).getByLabelText('Method'), 'Show two offers to 30 parents.');
    await user.type(within(dialog).getByLabelText('Metric'), 'Share choosing 20 euros');
    await user.type(within(dialog).getByLabelText('Success criterion'), 'At least 30 %');
    await user.clear(within(dialog).getByLabelText('Steps'));
    await user.type(within(dialog).getByLabelText('Steps'), 'Write both offers\n\n  Show them to 30 parents  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Test' }));

    expect(await within(notifications()).findByText('Test added')).toBeInTheDocument();
    const sent = api.calls('validation.createCustom')[0]?.body as Record<string, unknown>;
    expect(sent).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Price anchoring',
      hypothesis: 'Parents pay 20 euros a month.',
      method: 'Show two offers to 30 parents.',
      metric: 'Share choosing 20 euros',
      successCriterion: 'At least 30 %',
      steps: ['Write both offers', 'Show them to 30 parents'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Price anchoring' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?test=custom-${String(sent.id)}`);
    expect(screen.getByText('Share choosing 20 euros')).toBeInTheDocument();
    expect(screen.getByText('0 of 2 steps done')).toBeInTheDocument();

    // Edited on its page: the checks follow the steps' text.
    await user.click(screen.getByRole('checkbox', { name: /Show them to 30 parents/ }));
    await waitFor(() => expect(screen.getByText('1 of 2 steps done')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Test' }));
    const edit = screen.getByRole('dialog', { name: 'Edit your test' });
    expect(within(edit).getByLabelText('Steps')).toHaveValue('Write both offers\nShow them to 30 parents');
    await user.type(within(edit).getByLabelText('Steps'), '\nCount the choices');
    await user.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByText('1 of 3 steps done')).toBeInTheDocument());
    expect(api.calls('validation.editCustom')[0]?.url.pathname).toBe(`/api/custom-tests/custom-${String(sent.id)}`);
  }, 20_000);

  it('at the limit of your own tests, says how to make room instead of offering the form', async () => {
    const own = Array.from({ length: 50 }, (_, i) =>
      validationTest({ id: `custom-${i}`, name: `Own ${i}`, difficulty: null, estimatedTime: null, custom: PLAN }),
    );
    renderTests(validationFake([...sampleTests(), ...own]));
    await screen.findByRole('heading', { level: 3, name: 'Own 49' });
    const add = screen.getByRole('button', { name: 'Add Your Own Test' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(/the most allowed. Delete a removed one of yours for good/);
    expect(within(cardOf('Own 0')).getByText('Your own')).toBeInTheDocument();
  });

  it('a removed test of your own can go for good, after a confirmation that says so', async () => {
    const gone = validationTest({
      id: 'custom-1',
      name: 'Old idea',
      difficulty: null,
      estimatedTime: null,
      custom: PLAN,
      removedAt: '2026-11-24T10:00:00.000Z',
    });
    const { user, api } = renderTests(validationFake(sampleTests(), {}, [gone]));
    const removed = await screen.findByRole('region', { name: 'Removed tests' });
    await user.click(within(removed).getByRole('button', { name: 'Delete for Good' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveAccessibleDescription(/This action cannot be undone. This will permanently delete Old idea/);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(notifications()).findByText('Test deleted for good')).toBeInTheDocument();
    expect(api.calls('validation.purgeCustom')[0]?.url.pathname).toBe('/api/custom-tests/custom-1');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Removed tests' })).not.toBeInTheDocument());
  });

  it('an empty tab leads back to all tests', async () => {
    const { user } = renderTests(validationFake([validationTest()]));
    await screen.findByRole('heading', { level: 3, name: 'Customer Interview' });
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(screen.getByText('No tests in this list.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show All Tests' }));
    expect(shownNames()).toEqual(['Customer Interview']);
  });

  it('keeps the dialog open and says so when starting fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = validationFake(sampleTests(), {
      'validation.update': { status: 409, body: { error: 'Conflict', message: 'This test was removed.' } },
    });
    const { user } = renderTests(fake);
    await screen.findByRole('heading', { level: 3, name: 'Customer Interview' });
    await user.click(within(cardOf('Customer Interview')).getByRole('button', { name: 'Start Test' }));
    await user.click(screen.getByRole('button', { name: 'Start This Test' }));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not update the test');
    expect(alert).toHaveTextContent('This test was removed.');
    expect(screen.getByRole('dialog', { name: 'Customer Interview' })).toBeInTheDocument();
  });

  it("a step whose save fails is unchecked again, with the server's reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const removed = 'This test was removed. Restore it from Removed tests to work on it again.';
    const fake = validationFake(sampleTests(), { 'validation.update': apiError(409, removed) });
    renderApp('/validation-tests?test=test-2', { user: FOUNDER }, { api: fake.routes });
    const box = await screen.findByRole('checkbox', { name: /^Step 3:/ }, SLOW);
    box.click();
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not update the test');
    expect(alert).toHaveTextContent(removed);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.getByText('2 of 5 steps done')).toBeInTheDocument();
  });

  it('a test that is not among yours says so, with the way back', async () => {
    renderApp('/validation-tests?test=custom-gone', { user: FOUNDER }, { api: validationFake().routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Test not found' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All tests' })).toHaveAttribute('href', '/validation-tests');
  });

  it("a removed test's page offers to restore it, and then shows its steps again", async () => {
    const [first, ...others] = sampleTests();
    const gone = { ...validationTest({ ...first, checkedSteps: [0] }), removedAt: '2026-11-24T10:00:00.000Z' };
    const { user } = renderApp(
      '/validation-tests?test=test-1',
      { user: FOUNDER },
      { api: validationFake(others, {}, [gone]).routes },
    );
    expect(await screen.findByText('This test was removed.', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Test' }));
    expect(await screen.findByText('1 of 3 steps done')).toBeInTheDocument();
  });

  it('is open to a paid founder whose business model is not unlocked yet', async () => {
    renderTests();
    expect(await screen.findByRole('heading', { level: 1, name: 'Validation Tests' })).toBeInTheDocument();
  });

  it("shows the server's reason in a neutral locked notice, with no retry, search or tabs, when the phase is not unlocked yet (403)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const locked = 'Validation tests open once a coach has reviewed your Business Model canvas.';
    renderTests(validationFake(sampleTests(), { 'validation.list': apiError(403, locked) }));
    const notice = await screen.findByRole('region', { name: 'Validation tests are locked' }, SLOW);
    expect(notice).toHaveTextContent(locked);
    expect(within(notice).getByRole('link', { name: 'Go to the Business Model' })).toHaveAttribute(
      'href',
      '/business-model',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search tests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Your Own Test' })).not.toBeInTheDocument();
  });

  it('keeps the alert and its retry for any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTests(validationFake(sampleTests(), { 'validation.list': apiError(500, 'Internal error') }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Could not load the validation tests.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('matchesSearch', () => {
  it('matches name or description, ignoring case and surrounding spaces', () => {
    const test = { name: 'Smoke Test', description: 'Advertise a product that does not exist yet.' };
    expect(matchesSearch(test, '  smoke ')).toBe(true);
    expect(matchesSearch(test, 'ADVERTISE')).toBe(true);
    expect(matchesSearch(test, 'interview')).toBe(false);
    expect(matchesSearch(test, '')).toBe(true);
  });
});

const NOT_STARTED = { status: 'not-started', submittedAt: null, unlockedAt: null } as const;

describe('Validation pages in the sidebar', () => {
  it('lead from the sidebar to both pages once the business model is unlocked', async () => {
    const fake = validationFake();
    const { user, router } = renderApp(
      '/dashboard',
      { user: FOUNDER },
      {
        api: {
          ...fake.routes,
          'accounts.me': meReply({ phases: { bmc_status: true } }),
          'journey.dashboard': {
            body: {
              progress: byType(
                {
                  trigger: { answered: 0, total: 27, percent: 0 },
                  'value-proposition': { answered: 0, total: 9, percent: 0 },
                  'business-model': { answered: 0, total: 9, percent: 0 },
                },
                { answered: 0, total: 5, percent: 0 },
              ),
              reviews: byType(
                {
                  trigger: NOT_STARTED,
                  'value-proposition': NOT_STARTED,
                  'business-model': NOT_STARTED,
                },
                NOT_STARTED,
              ),
              validationTests: { count: 0 },
              documents: { count: 0, lastUploadedAt: null },
            },
          },
        },
      },
    );
    const validate = await screen.findByRole('list', { name: 'Validate' });
    await user.click(await within(validate).findByRole('link', { name: 'Validation Tests' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Validation Tests' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/validation-tests');
    expect(within(validate).getByRole('link', { name: 'Validation Tests' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(validate).getByRole('link', { name: 'Test Evaluation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Evaluation' })).toBeInTheDocument();
  });
});
