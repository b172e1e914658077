import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, founderProfile, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';

type User = ReturnType<typeof renderApp>['user'];

const progress = () => screen.getByRole('progressbar', { name: 'Setup progress' });
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

async function fillStep1(user: User, name?: string) {
  if (name) await user.type(screen.getByLabelText('Startup name'), name);
  await user.selectOptions(screen.getByLabelText('Business type'), 'SaaS');
  await user.selectOptions(screen.getByLabelText('Stage'), 'MVP');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillStep2(user: User) {
  await user.selectOptions(screen.getByLabelText('Industry'), 'Healthcare');
  await user.selectOptions(screen.getByLabelText('Customer type'), 'B2B (businesses)');
  await user.type(screen.getByLabelText('Brief description'), 'Scheduling for clinics');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillStep3(user: User) {
  await user.selectOptions(screen.getByLabelText('Team size'), '2-5 people');
  await user.selectOptions(screen.getByLabelText('Funding status'), 'Series A');
}

describe('OnboardingPage', () => {
  it('walks through three steps at 33, 66 and 99 with the listed options', async () => {
    const { user } = renderApp('/onboarding', { user: FOUNDER });
    await waitFor(() => expect(screen.getByLabelText('Startup name')).toHaveValue('Acme Rockets'));
    await user.clear(screen.getByLabelText('Startup name'));
    expect(progress()).toHaveAttribute('aria-valuenow', '33');
    const businessTypes = within(screen.getByLabelText('Business type')).getAllByRole('option');
    expect(businessTypes.map((o) => o.textContent)).toEqual([
      'Select an option',
      'SaaS',
      'Marketplace',
      'E-commerce',
      'Hardware',
      'Consumer',
      'Other',
    ]);
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await fillStep1(user, 'Acme');

    expect(progress()).toHaveAttribute('aria-valuenow', '66');
    expect(screen.getByRole('heading', { level: 2, name: 'Your market' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByLabelText('Startup name')).toHaveValue('Acme');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillStep2(user);

    expect(progress()).toHaveAttribute('aria-valuenow', '99');
    expect(screen.getByLabelText('Website (optional)')).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeInTheDocument();
    const teamSizes = within(screen.getByLabelText('Team size')).getAllByRole('option');
    expect(teamSizes.map((o) => o.textContent)).toContain('2-5 people');
  });

  it('asks for the required fields of a step before moving on', async () => {
    const { user } = renderApp('/onboarding', { user: FOUNDER });
    await waitFor(() => expect(screen.getByLabelText('Startup name')).toHaveValue('Acme Rockets'));
    await user.clear(screen.getByLabelText('Startup name'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('Please fill in this field.')).toBeInTheDocument();
    expect(screen.getAllByText('Please choose an option.')).toHaveLength(2);
    expect(screen.getByLabelText('Startup name')).toHaveFocus();
  });

  it('signed out: asks to log in first, offers no form to fill and saves nothing', async () => {
    const { user, router, api } = renderApp('/onboarding');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your startup' })).toBeInTheDocument();
    expect(screen.getByText(/saved to your account, so log in first/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Setup progress' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Startup name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Setup' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('Setup complete!')).not.toBeInTheDocument();
    expect(api.calls('accounts.saveOnboarding')).toHaveLength(0);
    expect(api.calls('accounts.me')).toHaveLength(0);
  });

  it('signed in: prefills the startup name, saves the answers, then goes to the dashboard', async () => {
    const { user, router, api } = renderApp(
      '/onboarding',
      { user: FOUNDER },
      { api: { 'accounts.saveOnboarding': { status: 204 } } },
    );
    await waitFor(() => expect(screen.getByLabelText('Startup name')).toHaveValue('Acme Rockets'));
    await fillStep1(user);
    await fillStep2(user);
    await fillStep3(user);
    await user.type(screen.getByLabelText('Website (optional)'), ' https://acme.example ');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Setup complete!');
    expect(api.calls('accounts.saveOnboarding').map((c) => c.body)).toEqual([
      {
        startupName: 'Acme Rockets',
        businessType: 'saas',
        stage: 'mvp',
        industry: 'healthcare',
        customerType: 'b2b',
        description: 'Scheduling for clinics',
        teamSize: '2-5',
        fundingStatus: 'seriesA',
        website: 'https://acme.example',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('signed in: refuses a website with no domain ending on the step, and saves a bare host as https://', async () => {
    const { user, api } = renderApp(
      '/onboarding',
      { user: FOUNDER },
      { api: { 'accounts.saveOnboarding': { status: 204 } } },
    );
    await waitFor(() => expect(screen.getByLabelText('Startup name')).toHaveValue('Acme Rockets'));
    await fillStep1(user);
    await fillStep2(user);
    await fillStep3(user);
    const website = screen.getByLabelText('Website (optional)');
    await user.type(website, 'kitchenloop');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(website).toHaveAccessibleDescription(expect.stringContaining('such as kitchenloop.com'));
    expect(website).toHaveFocus();
    expect(api.calls('accounts.saveOnboarding')).toHaveLength(0);

    await user.type(website, '.com');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Setup complete!');
    expect(api.calls('accounts.saveOnboarding').map((c) => (c.body as { website: unknown }).website)).toEqual([
      'https://kitchenloop.com',
    ]);
  });

  it('signed in: prefills earlier answers', async () => {
    renderApp(
      '/onboarding',
      { user: FOUNDER },
      {
        api: {
          'accounts.me': meReply({
            profile: founderProfile({
              onboarding: {
                startupName: 'Acme Rockets',
                businessType: 'hardware',
                stage: 'idea',
                industry: 'tech',
                customerType: 'b2c',
                description: 'Rockets',
                teamSize: 'solo',
                fundingStatus: 'angel',
                website: null,
              },
            }),
          }),
        },
      },
    );
    await waitFor(() => expect(screen.getByLabelText('Business type')).toHaveValue('hardware'));
    expect(screen.getByLabelText('Stage')).toHaveValue('idea');
  });

  it('signed in: leads back to the dashboard without saving', async () => {
    const { user, router, api } = renderApp('/onboarding', { user: FOUNDER });
    const back = await screen.findByRole('link', { name: 'Back to Dashboard' });
    expect(back).toHaveAttribute('href', '/dashboard');
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls('accounts.saveOnboarding')).toHaveLength(0);
  });

  it('signed out: offers no way into the dashboard', async () => {
    renderApp('/onboarding');
    await screen.findByRole('link', { name: 'Log in' });
    expect(screen.queryByRole('link', { name: 'Back to Dashboard' })).not.toBeInTheDocument();
  });

  it('signed in: stays on the last step with an error toast when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = renderApp(
      '/onboarding',
      { user: FOUNDER },
      { api: { 'accounts.saveOnboarding': apiError(400, 'Website must be a valid URL.') } },
    );
    await waitFor(() => expect(screen.getByLabelText('Startup name')).toHaveValue('Acme Rockets'));
    await fillStep1(user);
    await fillStep2(user);
    await fillStep3(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Website must be a valid URL.');
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(progress()).toHaveAttribute('aria-valuenow', '99');
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeEnabled();
  });
});
