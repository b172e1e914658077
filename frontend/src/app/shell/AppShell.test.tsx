import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOL_IDS, VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import { type FakeReply, type FakeRoutes, meReply } from '../../test/fake-api';
import { ADMIN, FOUNDER } from '../../test/fake-auth';
import { FakeWebSocket } from '../../test/fake-websocket';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';
import { SIDEBAR_COOKIE } from './sidebar-cookie';

const sidebarCookie = () =>
  document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));

const sidebar = () => document.getElementById('app-sidebar');
const toggleButton = () => screen.getByRole('button', { name: 'Toggle sidebar' });

async function renderShell(path = '/dashboard', user = FOUNDER, api?: FakeRoutes) {
  const app = renderApp(path, { user }, { api });
  await screen.findByRole('banner');
  // The page itself shows once the founder's account (payment, phases) has loaded.
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('shell header', () => {
  it('shows the title, the email and a log out button; no Admin badge for founders', async () => {
    await renderShell();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Preseed')).toBeInTheDocument();
    expect(within(header).getByText('founder@example.com')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(header).queryByText('Admin')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Dashboard' }));
  });

  it('shows the Admin badge for admins', async () => {
    await renderShell('/admin-home', ADMIN);
    expect(within(screen.getByRole('banner')).getByText('Admin')).toBeInTheDocument();
  });

  it('logs out: signs out, goes to /login and says so', async () => {
    const { user, router } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('status');
    expect(toast).toHaveTextContent('Logged out');
    expect(toast).toHaveTextContent('You have been successfully logged out.');
    expect(await screen.findByLabelText('Email or username')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('sidebar items', () => {
  it('gives founders the Build group with locked phase pages and twelve locked Validate entries', async () => {
    await renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const build = within(nav).getByRole('list', { name: 'Build' });
    expect(within(build).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(build).getByRole('link', { name: 'Generate Your Idea' })).toHaveAttribute('href', '/generate-idea');
    expect(within(build).getByRole('link', { name: 'Data Room' })).toHaveAttribute('href', '/data-room');
    for (const name of ['Trigger Questions', 'Value Proposition', 'Business Model']) {
      const locked = within(build).getByRole('link', { name: `${name} (locked)` });
      expect(locked).toHaveAttribute('aria-disabled', 'true');
      expect(locked).not.toHaveAttribute('href');
    }
    const validate = within(nav).getByRole('list', { name: 'Validate' });
    const locked = within(validate).getAllByRole('link');
    expect(locked.map((l) => l.textContent)).toEqual(
      [
        'Validation Tests',
        'Test Evaluation',
        'Branding',
        'Industry Insights',
        'SWOT Analysis',
        'Pestel Analysis',
        'Market Research',
        'Business One Pager',
        'Product Requirements',
        'Path To MVP',
        'Market Plan',
        'Go-to Market Strategy',
      ].map((label) => `${label} (locked)`),
    );
    for (const link of locked) {
      expect(link).toHaveAttribute('aria-disabled', 'true');
      expect(link).not.toHaveAttribute('href');
    }
    expect(within(nav).queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('shows a disabled Loading entry while the phase flags load, then opens the unlocked phases', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    const pending = new Promise<FakeReply>((resolve) => (answer = resolve));
    renderApp('/dashboard', { user: FOUNDER }, { api: { 'accounts.me': () => pending } });
    const build = await screen.findByRole('list', { name: 'Build' });
    const loading = within(build).getByRole('status');
    expect(loading).toHaveTextContent('Loading');
    expect(within(build).queryByRole('link', { name: /Value Proposition/ })).not.toBeInTheDocument();
    expect(within(build).getAllByRole('listitem')).toHaveLength(4);

    answer(meReply({ phases: { generate_idea_status: true, trigger_questions_status: true } }));
    const valueProposition = await within(build).findByRole('link', { name: 'Value Proposition' });
    expect(valueProposition).toHaveAttribute('href', '/value-proposition');
    expect(within(build).getByRole('link', { name: 'Trigger Questions' })).toHaveAttribute(
      'href',
      '/trigger-questions',
    );
    expect(within(build).getByRole('link', { name: 'Business Model (locked)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(build).queryByRole('status')).not.toBeInTheDocument();
  });

  it('opens each phase page with its own flag', async () => {
    await renderShell('/dashboard', FOUNDER, {
      'accounts.me': meReply({ phases: { value_proposition_status: true, bmc_status: true } }),
    });
    const build = screen.getByRole('list', { name: 'Build' });
    expect(within(build).getByRole('link', { name: 'Trigger Questions (locked)' })).toBeInTheDocument();
    expect(within(build).getByRole('link', { name: 'Value Proposition (locked)' })).toBeInTheDocument();
    expect(within(build).getByRole('link', { name: 'Business Model' })).toHaveAttribute('href', '/business-model');
    // bmc_status (PAGE_GATES.validation) opens Validation Tests, Test Evaluation and every tool.
    const validate = screen.getByRole('list', { name: 'Validate' });
    expect(within(validate).getByRole('link', { name: 'Validation Tests' })).toHaveAttribute(
      'href',
      '/validation-tests',
    );
    expect(within(validate).getByRole('link', { name: 'Test Evaluation' })).toHaveAttribute('href', '/test-evaluation');
    expect(within(validate).getByRole('link', { name: 'SWOT Analysis' })).toHaveAttribute(
      'href',
      '/tools/swot-analysis',
    );
    const links = within(validate).getAllByRole('link');
    expect(links).toHaveLength(12);
    for (const link of links) expect(link).not.toHaveAttribute('aria-disabled');
  });

  it('gives admins only the admin groups: Admin, then every Validate tool', async () => {
    await renderShell('/admin-home', ADMIN);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(screen.getByRole('list', { name: 'Admin' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Admin Dashboard', '/admin-home'],
      ['Trigger Questions', '/admin-trigger-questions'],
      ['Value Proposition', '/admin-value-proposition'],
      ['Business Model', '/admin-business-model'],
      ['Founders', '/admin-founders'],
    ]);
    const tools = within(screen.getByRole('list', { name: 'Validate tools' })).getAllByRole('link');
    expect(tools.map((l) => [l.textContent, l.getAttribute('href')])).toEqual(
      VALIDATE_TOOLS.map((tool) => [tool.title, `/admin-tools/${tool.slug}`]),
    );
    expect(within(nav).getAllByRole('link')).toHaveLength(links.length + TOOL_IDS.length);
    expect(within(nav).queryByRole('list', { name: 'Build' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('list', { name: 'Validate' })).not.toBeInTheDocument();
  });
});

describe('sidebar collapse', () => {
  it('collapses to icons with the toggle button and remembers it for 7 days in a cookie', async () => {
    const { user } = await renderShell();
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggleButton());
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sidebarCookie()).toBe(`${SIDEBAR_COOKIE}=false`);
    // Labels stay in the accessible names of the icon-only rail.
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();

    await user.click(toggleButton());
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(sidebarCookie()).toBe(`${SIDEBAR_COOKIE}=true`);
  });

  it('toggles with ctrl+b and meta+b', async () => {
    await renderShell();
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(sidebarCookie()).toBe(`${SIDEBAR_COOKIE}=false`);
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
  });

  it('starts collapsed when the cookie says so', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: arranging the stored preference.
    document.cookie = `${SIDEBAR_COOKIE}=false; path=/`;
    await renderShell();
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
  });
});

describe('sidebar as a drawer below 768 px', () => {
  const originalWidth = window.innerWidth;
  afterEach(() => {
    act(() => setViewportWidth(originalWidth));
  });

  it('is hidden, opens with the toggle, closes on Escape and on navigation', async () => {
    // /data-room is not built yet, so following the link logs a not-found.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setViewportWidth(500);
    const { user, router } = await renderShell();
    expect(sidebar()).not.toBeVisible();
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggleButton());
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    expect(drawer).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(sidebar()).not.toBeVisible();
    await waitFor(() => expect(toggleButton()).toHaveFocus());
    // The collapse cookie belongs to the desktop rail; the drawer does not touch it.
    expect(sidebarCookie()).toBeUndefined();

    await user.click(toggleButton());
    await user.click(
      within(screen.getByRole('dialog', { name: 'Navigation' })).getByRole('link', { name: 'Data Room' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/data-room'));
  });

  it('closes when a link inside is followed, even to the current page', async () => {
    setViewportWidth(500);
    const { user, router } = await renderShell('/admin-home', ADMIN);
    await user.click(toggleButton());
    await user.click(
      within(screen.getByRole('dialog', { name: 'Navigation' })).getByRole('link', { name: 'Admin Dashboard' }),
    );
    expect(router.state.location.pathname).toBe('/admin-home');
    await waitFor(() => expect(sidebar()).not.toBeVisible());
  });

  it('keeps the page behind an open drawer inert', async () => {
    setViewportWidth(500);
    const { user } = await renderShell();
    await user.click(toggleButton());
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');
    expect(document.querySelector('header')).toHaveAttribute('inert');
    await user.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });
});

describe('live phase flags', () => {
  const LOCKED_TRIGGER = { generate_idea_status: true, trigger_questions_status: false };

  it("opens one connection for a paid founder and opens the next page when a coach's unlock arrives", async () => {
    await renderShell('/dashboard', FOUNDER, { 'accounts.me': meReply({ phases: LOCKED_TRIGGER }) });
    const build = screen.getByRole('list', { name: 'Build' });
    expect(within(build).getByRole('link', { name: 'Value Proposition (locked)' })).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws?userId=founder-sub');
    expect(socket.protocols).toEqual(['preseed.v1', 'test-token']);

    act(() => {
      socket.serverOpens();
      socket.serverSends({
        type: 'phases',
        phases: {
          ...LOCKED_TRIGGER,
          trigger_questions_status: true,
          value_proposition_status: false,
          bmc_status: false,
        },
        version: 4,
      });
    });
    expect(await within(build).findByRole('link', { name: 'Value Proposition' })).toHaveAttribute(
      'href',
      '/value-proposition',
    );
    // An older push that arrives late does not lock the page again.
    act(() =>
      socket.serverSends({
        type: 'phases',
        phases: { ...LOCKED_TRIGGER, value_proposition_status: false, bmc_status: false },
        version: 3,
      }),
    );
    expect(within(build).getByRole('link', { name: 'Value Proposition' })).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('refetches the flags after each (re)connection, so changes missed while offline show up', async () => {
    let phases = LOCKED_TRIGGER;
    await renderShell('/dashboard', FOUNDER, { 'accounts.me': () => meReply({ phases }) });
    const build = screen.getByRole('list', { name: 'Build' });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    phases = { ...LOCKED_TRIGGER, trigger_questions_status: true };
    act(() => FakeWebSocket.latest().serverOpens());
    expect(await within(build).findByRole('link', { name: 'Value Proposition' })).toBeInTheDocument();
  });

  it("clears the Trigger Questions badge when the coach's unlock arrives, without waiting for the overview to go stale", async () => {
    let unlocked = false;
    const overview = (): FakeReply => {
      const open = unlocked ? 0 : 1;
      const status = unlocked ? 'unlocked' : 'pending';
      return {
        body: {
          phases: [
            { phase: 'trigger', status, comments: 1, open },
            { phase: 'value-proposition', status: 'not-started', comments: 0, open: 0 },
          ],
          open,
        },
      };
    };
    const { api } = await renderShell('/dashboard', FOUNDER, {
      'accounts.me': meReply({ phases: { ...LOCKED_TRIGGER, trigger_questions_status: false } }),
      'feedback.founderOverview': overview,
    });
    const build = screen.getByRole('list', { name: 'Build' });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpens());
    expect(await within(build).findByTestId('feedback-badge')).toHaveTextContent('1');
    await waitFor(() => expect(api.calls('feedback.founderOverview').length).toBeGreaterThan(0));
    const before = api.calls('feedback.founderOverview').length;

    unlocked = true;
    act(() =>
      socket.serverSends({
        type: 'phases',
        phases: {
          ...LOCKED_TRIGGER,
          trigger_questions_status: true,
          value_proposition_status: false,
          bmc_status: false,
        },
        version: 5,
      }),
    );
    await waitFor(() => expect(within(build).queryByTestId('feedback-badge')).toBeNull());
    expect(api.calls('feedback.founderOverview').length).toBeGreaterThan(before);
  });

  it('opens no connection for administrators', async () => {
    await renderShell('/admin-home', ADMIN);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('closes the connection when the founder logs out', async () => {
    const { user } = await renderShell();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByLabelText('Email or username');
    expect(FakeWebSocket.latest().closedWith).toBe(1000);
  });
});
