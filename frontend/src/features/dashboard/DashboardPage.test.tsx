import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '#shared/api-types';
import { apiError, type FakeReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { TEST_CONFIG } from '../../test/test-config';
import { formatShortDate, overallProgress } from './DashboardPage';
import { SUPPORT_CHAT_SCRIPT_ID, supportChatUrl } from './SupportChat';

function dashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    progress: {
      trigger: { answered: 9, total: 27, percent: 33 },
      'value-proposition': { answered: 0, total: 18, percent: 0 },
      'business-model': { answered: 0, total: 18, percent: 0 },
    },
    validationTests: { count: 2 },
    documents: { count: 0, lastUploadedAt: null },
    ...overrides,
  };
}

function renderDashboard(reply: FakeReply | (() => FakeReply | Promise<FakeReply>)) {
  return renderApp('/dashboard', { user: FOUNDER }, { api: { 'journey.dashboard': reply } });
}

const card = (label: string) => {
  const item = screen.getByText(label, { selector: '.dashboard__card-label' }).closest('li');
  if (!item) throw new Error(`No card ${label}`);
  return item;
};

describe('DashboardPage', () => {
  it('greets the founder and shows the five cards and four bars from one call', async () => {
    const { api } = renderDashboard({ body: dashboard() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText(/Welcome back, Ada!/)).toBeInTheDocument();
    expect(await screen.findByText('33%', { selector: '.dashboard__card-value' })).toBeInTheDocument();

    expect(card('Trigger Questions')).toHaveTextContent('33%9 of 27 questions answered');
    expect(card('Value Proposition')).toHaveTextContent('0%');
    expect(card('Business Model')).toHaveTextContent('0%');
    expect(card('Validation Tests')).toHaveTextContent('2');
    expect(card('Documents')).toHaveTextContent('0Last upload: N/A');

    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Trigger Questions',
      'Value Proposition',
      'Business Model',
      'Overall Progress',
    ]);
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['33', '0', '0', '14']);
    expect(api.calls('journey.dashboard')).toHaveLength(1);
  });

  it('shows the date of the last upload', async () => {
    renderDashboard({ body: dashboard({ documents: { count: 3, lastUploadedAt: '2025-01-05T12:00:00.000Z' } }) });
    expect(await screen.findByText('Last upload: Jan 5, 2025')).toBeInTheDocument();
    expect(card('Documents')).toHaveTextContent('3');
  });

  it("shows '...' while loading", async () => {
    renderDashboard(() => new Promise<FakeReply>(() => undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(within(card('Trigger Questions')).getByText('...', { selector: '.dashboard__card-value' })).toBeVisible();
    expect(within(card('Documents')).getByText('...', { selector: '.dashboard__card-value' })).toBeVisible();
  });

  it('says when the progress cannot load and tries again', async () => {
    let fail = true;
    const { user, api } = renderDashboard(() => (fail ? apiError(404, 'Not here') : { body: dashboard() }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your progress');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('33%', { selector: '.dashboard__card-value' })).toBeInTheDocument();
    expect(api.calls('journey.dashboard')).toHaveLength(2);
  });

  it('loads no support chat script without a chat id', async () => {
    expect(TEST_CONFIG.supportChatId).toBeUndefined();
    renderDashboard({ body: dashboard() });
    await screen.findByText('33%', { selector: '.dashboard__card-value' });
    expect(document.getElementById(SUPPORT_CHAT_SCRIPT_ID)).toBeNull();
    expect(document.querySelector('script[src*="tawk"]')).toBeNull();
  });
});

describe('dashboard helpers', () => {
  it('formats dates as short US dates, N/A without one', () => {
    expect(formatShortDate('2025-03-14T12:00:00Z')).toBe('Mar 14, 2025');
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatShortDate('not a date')).toBe('N/A');
  });

  it('computes overall progress over every question', () => {
    expect(overallProgress(dashboard().progress)).toEqual({ answered: 9, total: 63, percent: 14 });
  });

  it('builds the chat embed URL from the id', () => {
    expect(supportChatUrl('abc123/default')).toBe('https://embed.tawk.to/abc123/default');
  });
});
