import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { sampleTests, validationFake } from './fake-validation-api';
import { matchesSearch } from './ValidationTestsPage';

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
    expect(await screen.findByRole('heading', { level: 1, name: 'Validation Tests' })).toBeInTheDocument();
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

  it('starts a test: saves it as in progress, says so and closes the dialog', async () => {
    const { user, api } = renderTests();
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
    expect(within(dialog).queryByRole('button', { name: 'Mark as Completed' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Start This Test' }));
    const toast = await within(notifications()).findByRole('status');
    expect(toast).toHaveTextContent('Test Started');
    expect(toast).toHaveTextContent("You've started the Customer Interview validation test.");
    const put = api.calls('validation.update')[0];
    expect(put?.url.pathname).toBe('/api/validation-tests/test-1');
    expect(put?.body).toEqual({ status: 'in-progress', progress: 10 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const card = cardOf('Customer Interview');
    expect(within(card).getByText('In Progress')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(within(card).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('continues an in-progress test without a call, and marks it completed', async () => {
    const { user, api } = renderTests();
    await screen.findByRole('heading', { level: 3, name: 'Landing Page Test' });
    await user.click(within(cardOf('Landing Page Test')).getByRole('button', { name: 'Continue' }));
    let dialog = screen.getByRole('dialog', { name: 'Landing Page Test' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue This Test' }));
    expect(
      await within(notifications()).findByText("You've started the Landing Page Test validation test."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('validation.update')).toHaveLength(0);

    await user.click(within(cardOf('Landing Page Test')).getByRole('button', { name: 'Continue' }));
    dialog = screen.getByRole('dialog', { name: 'Landing Page Test' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Completed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('validation.update')[0]?.body).toEqual({ status: 'completed', progress: 100 });
    expect(within(notifications()).getByText('Test completed')).toBeInTheDocument();
    const card = cardOf('Landing Page Test');
    expect(within(card).getByText('Completed')).toBeInTheDocument();
    expect(within(card).getByText('Not Evaluated')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'View Results' })).toBeInTheDocument();
  });

  it('shows the toast for a completed test too, as the spec does', async () => {
    const { user, api } = renderTests();
    await screen.findByRole('heading', { level: 3, name: 'Pre-sale Campaign' });
    await user.click(within(cardOf('Pre-sale Campaign')).getByRole('button', { name: 'View Results' }));
    const dialog = screen.getByRole('dialog', { name: 'Pre-sale Campaign' });
    expect(within(dialog).getByRole('link', { name: 'Evaluate this test in Test Evaluation' })).toHaveAttribute(
      'href',
      '/test-evaluation',
    );
    await user.click(within(dialog).getByRole('button', { name: 'View Test Results' }));
    expect(await within(notifications()).findByText('Test Started')).toBeInTheDocument();
    expect(api.calls('validation.update')).toHaveLength(0);
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

  it('is open to a paid founder whose business model is not unlocked yet', async () => {
    renderTests();
    expect(await screen.findByRole('heading', { level: 1, name: 'Validation Tests' })).toBeInTheDocument();
  });

  it("shows the server's reason, without a retry, when the phase is not unlocked yet (403)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const locked = 'Validation tests open once a coach has reviewed your Business Model canvas.';
    renderTests(validationFake(sampleTests(), { 'validation.list': apiError(403, locked) }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(locked);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
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
              progress: {
                trigger: { answered: 0, total: 27, percent: 0 },
                'value-proposition': { answered: 0, total: 9, percent: 0 },
                'business-model': { answered: 0, total: 9, percent: 0 },
              },
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
