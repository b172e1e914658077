import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '#shared/api-types';
import { NO_PHASES, type PhaseFlags } from '#shared/domain/phases';
import { byType } from '../../test/by-type';
import { apiError, type FakeReply, type FakeRoutes, founderProfile, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { TEST_CONFIG } from '../../test/test-config';
import { formatShortDate, overallProgress } from './DashboardPage';
import { type NextStepInput, nextStep } from './next-step';
import { SUPPORT_CHAT_SCRIPT_ID, supportChatUrl } from './SupportChat';
import { greeting, visitedKey } from './welcome';

/** Lazy pages compile on first import: on a loaded machine that takes longer than findBy's default second. */
const SLOW = { timeout: 8000 };

beforeEach(() => localStorage.clear());

function dashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    progress: byType(
      {
        trigger: { answered: 9, total: 27, percent: 33 },
        'value-proposition': { answered: 0, total: 18, percent: 0 },
        'business-model': { answered: 0, total: 18, percent: 0 },
      },
      { answered: 0, total: 5, percent: 0 },
    ),
    reviews: byType(
      {
        trigger: { status: 'in-progress', submittedAt: null, unlockedAt: null },
        'value-proposition': { status: 'not-started', submittedAt: null, unlockedAt: null },
        'business-model': { status: 'not-started', submittedAt: null, unlockedAt: null },
      },
      { status: 'not-started', submittedAt: null, unlockedAt: null },
    ),
    validationTests: { count: 2 },
    documents: { count: 0, lastUploadedAt: null },
    ...overrides,
  };
}

function renderDashboard(reply: FakeReply | (() => FakeReply | Promise<FakeReply>), api: FakeRoutes = {}) {
  return renderApp('/dashboard', { user: FOUNDER }, { api: { 'journey.dashboard': reply, ...api } });
}

const card = (label: string) => {
  const item = screen.getByText(label, { selector: '.dashboard__card-label' }).closest('li');
  if (!item) throw new Error(`No card ${label}`);
  return item;
};

describe('DashboardPage', () => {
  it('greets the founder and shows the five cards and four bars from one call', async () => {
    const { api } = renderDashboard({ body: dashboard() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(/Welcome, Ada!/)).toBeInTheDocument();
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

describe('DashboardPage: welcome', () => {
  it("says 'Welcome' on the founder's first visit and 'Welcome back' on the next, remembered per user", async () => {
    const first = renderDashboard({ body: dashboard() });
    expect(await screen.findByText(/^Welcome, Ada! Here is where you start/)).toBeInTheDocument();
    expect(localStorage.getItem(visitedKey(FOUNDER.sub))).not.toBeNull();
    first.unmount();

    renderDashboard({ body: dashboard() });
    expect(await screen.findByText(/^Welcome back, Ada! Here is how your startup is coming along/)).toBeInTheDocument();
    // Another founder in the same browser is new here.
    expect(localStorage.getItem(visitedKey('someone-else'))).toBeNull();
  });
});

describe('DashboardPage: next step', () => {
  it('names the one thing to do next and links to it', async () => {
    const { user, router } = renderDashboard(
      { body: dashboard() },
      {
        'accounts.me': meReply({
          profile: founderProfile({ idea: 'Meal plans' }),
          phases: { generate_idea_status: true },
        }),
        'questions.list': { body: { questions: [] } },
        'journey.listAnswers': { body: { answers: [] } },
      },
    );
    const card = await screen.findByRole('region', { name: 'Answer the trigger questions' });
    expect(card).toHaveTextContent('18 questions left about your customers');
    const link = within(card).getByRole('link', { name: 'Continue the trigger questions' });
    expect(link).toHaveAttribute('href', '/trigger-questions');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/trigger-questions'));
  });

  it('sends a founder without an idea to Generate Your Idea', async () => {
    renderDashboard({
      body: dashboard({ progress: { ...dashboard().progress, trigger: { answered: 0, total: 27, percent: 0 } } }),
    });
    const card = await screen.findByRole('region', { name: 'Generate your idea' });
    expect(within(card).getByRole('link', { name: 'Generate your idea' })).toHaveAttribute('href', '/generate-idea');
  });

  it('says a coach is reviewing when every trigger question is answered', async () => {
    renderDashboard(
      {
        body: dashboard({ progress: { ...dashboard().progress, trigger: { answered: 27, total: 27, percent: 100 } } }),
      },
      {
        'accounts.me': meReply({
          profile: founderProfile({ idea: 'Meal plans' }),
          phases: { generate_idea_status: true },
        }),
      },
    );
    const card = await screen.findByRole('region', { name: 'Your coach is reviewing your trigger answers' });
    expect(card).toHaveTextContent('Waiting for your coach');
    expect(within(card).getByRole('link', { name: 'Go to the Data Room' })).toHaveAttribute('href', '/data-room');
  });

  it('says the coach asked for changes, not that they are reviewing, once the phase is sent back', async () => {
    renderDashboard(
      {
        body: dashboard({
          progress: { ...dashboard().progress, trigger: { answered: 27, total: 27, percent: 100 } },
          reviews: {
            ...dashboard().reviews,
            trigger: { status: 'changes-requested', submittedAt: '2026-11-20T09:00:00.000Z', unlockedAt: null },
          },
        }),
      },
      {
        'accounts.me': meReply({
          profile: founderProfile({ idea: 'Meal plans' }),
          phases: { generate_idea_status: true },
        }),
      },
    );
    const card = await screen.findByRole('region', { name: 'Your coach asked for changes to your trigger answers' });
    expect(card).not.toHaveTextContent('Waiting for your coach');
    expect(within(card).getByRole('link', { name: 'Open the trigger questions' })).toHaveAttribute(
      'href',
      '/trigger-questions',
    );
    expect(screen.queryByText('Your coach is reviewing your trigger answers')).toBeNull();
  });
});

const NO_REVIEW = { status: 'not-started', submittedAt: null, unlockedAt: null } as const;

describe('nextStep', () => {
  const flags = (...open: (keyof PhaseFlags)[]): PhaseFlags => ({
    ...NO_PHASES,
    ...Object.fromEntries(open.map((f) => [f, true])),
  });
  const input = (
    overrides: Partial<NextStepInput> & {
      answered?: [number, number, number];
      tool?: NextStepInput['progress']['swot'];
    } = {},
  ): NextStepInput => {
    const [t, vp, bm] = overrides.answered ?? [0, 0, 0];
    return {
      phases: overrides.phases ?? NO_PHASES,
      hasIdea: overrides.hasIdea ?? true,
      progress: byType(
        {
          trigger: { answered: t, total: 27, percent: 0 },
          'value-proposition': { answered: vp, total: 18, percent: 0 },
          'business-model': { answered: bm, total: 18, percent: 0 },
        },
        overrides.tool ?? { answered: 0, total: 5, percent: 0 },
      ),
      reviews:
        overrides.reviews ??
        byType({ trigger: NO_REVIEW, 'value-proposition': NO_REVIEW, 'business-model': NO_REVIEW }, NO_REVIEW),
      validationTests: overrides.validationTests ?? { count: 0 },
      documents: overrides.documents ?? { count: 0 },
    };
  };
  const review = (status: NextStepInput['reviews']['trigger']['status']) => ({
    status,
    submittedAt: status === 'not-started' || status === 'in-progress' ? null : '2026-11-20T09:00:00.000Z',
    unlockedAt: null,
  });
  const idOf = (i: NextStepInput) => nextStep(i).id;

  it('walks the journey in order, one step at a time', () => {
    expect(idOf(input({ hasIdea: false }))).toBe('generate-idea');
    expect(idOf(input({ phases: flags('generate_idea_status'), hasIdea: false }))).toBe('generate-idea');
    expect(idOf(input({ phases: flags('generate_idea_status') }))).toBe('trigger-questions');
    expect(idOf(input({ phases: flags('generate_idea_status'), answered: [26, 0, 0] }))).toBe('trigger-questions');
    expect(idOf(input({ phases: flags('generate_idea_status'), answered: [27, 0, 0] }))).toBe('trigger-review');
    const vpOpen = flags('generate_idea_status', 'trigger_questions_status');
    expect(idOf(input({ phases: vpOpen, answered: [27, 3, 0] }))).toBe('value-proposition');
    expect(idOf(input({ phases: vpOpen, answered: [27, 18, 0] }))).toBe('value-proposition-review');
    const bmOpen = flags('generate_idea_status', 'trigger_questions_status', 'value_proposition_status');
    expect(idOf(input({ phases: bmOpen, answered: [27, 18, 0] }))).toBe('business-model');
    expect(idOf(input({ phases: bmOpen, answered: [27, 18, 18] }))).toBe('business-model-review');
    const all = flags('generate_idea_status', 'trigger_questions_status', 'value_proposition_status', 'bmc_status');
    expect(idOf(input({ phases: all, answered: [27, 18, 18] }))).toBe('validation-tests');
    expect(idOf(input({ phases: all, validationTests: { count: 1 } }))).toBe('validate-tool');
    const toolsDone = { answered: 5, total: 5, percent: 100 };
    expect(idOf(input({ phases: all, validationTests: { count: 1 }, tool: toolsDone }))).toBe('data-room');
    expect(idOf(input({ phases: all, validationTests: { count: 1 }, documents: { count: 2 }, tool: toolsDone }))).toBe(
      'test-evaluation',
    );
  });

  it("follows a coach's unlock even before the earlier phase's count is complete", () => {
    expect(
      idOf(input({ phases: flags('generate_idea_status', 'trigger_questions_status'), answered: [5, 0, 0] })),
    ).toBe('value-proposition');
  });

  it('waits for review only when every question is answered, and never with no questions authored', () => {
    const step = nextStep(input({ phases: flags('generate_idea_status'), answered: [27, 0, 0] }));
    expect(step.waiting).toBe(true);
    expect(step.action.to).toBe('/data-room');
    const none = nextStep({
      ...input({ phases: flags('generate_idea_status') }),
      progress: { ...input().progress, trigger: { answered: 0, total: 0, percent: 0 } },
    });
    expect(none.id).toBe('trigger-questions');
    expect(none.waiting).toBe(false);
  });

  it("follows the review state: the coach's request for changes, then the wait again after the resave", () => {
    const idea = flags('generate_idea_status');
    const reviews = (status: Parameters<typeof review>[0]) => ({
      ...input().reviews,
      trigger: review(status),
    });
    // Waiting: every question answered, the phase with the coach.
    expect(idOf(input({ phases: idea, answered: [27, 0, 0], reviews: reviews('waiting') }))).toBe('trigger-review');
    // Sent back: the founder has work to do, on the trigger page — never "your coach is reviewing".
    const changes = nextStep(input({ phases: idea, answered: [27, 0, 0], reviews: reviews('changes-requested') }));
    expect(changes).toMatchObject({
      id: 'trigger-changes',
      title: 'Your coach asked for changes to your trigger answers',
      action: { label: 'Open the trigger questions', to: '/trigger-questions' },
      waiting: false,
    });
    // Resaved: waiting again.
    expect(idOf(input({ phases: idea, answered: [27, 0, 0], reviews: reviews('waiting') }))).toBe('trigger-review');
    // Unlocked: the next phase, whatever the old status said.
    expect(
      idOf(
        input({
          phases: flags('generate_idea_status', 'trigger_questions_status'),
          answered: [27, 0, 0],
          reviews: reviews('changes-requested'),
        }),
      ),
    ).toBe('value-proposition');
    // The same rule in the later phases.
    const vpOpen = flags('generate_idea_status', 'trigger_questions_status');
    expect(
      idOf(
        input({
          phases: vpOpen,
          answered: [27, 18, 0],
          reviews: { ...input().reviews, 'value-proposition': review('changes-requested') },
        }),
      ),
    ).toBe('value-proposition-changes');
    const bmOpen = flags('generate_idea_status', 'trigger_questions_status', 'value_proposition_status');
    expect(
      idOf(
        input({
          phases: bmOpen,
          answered: [27, 18, 18],
          reviews: { ...input().reviews, 'business-model': review('changes-requested') },
        }),
      ),
    ).toBe('business-model-changes');
  });

  it('counts what is left', () => {
    expect(nextStep(input({ phases: flags('generate_idea_status'), answered: [26, 0, 0] })).text).toContain(
      '1 question left',
    );
    expect(nextStep(input({ phases: flags('generate_idea_status'), answered: [0, 0, 0] })).action.label).toBe(
      'Start the trigger questions',
    );
  });
});

describe('dashboard helpers', () => {
  it('greets by first name, welcome or welcome back', () => {
    expect(greeting('Ada', true)).toBe('Welcome, Ada!');
    expect(greeting('Ada', false)).toBe('Welcome back, Ada!');
    expect(greeting(undefined, false)).toBe('Welcome back!');
  });

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
