import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '#shared/api-types';
import { NO_PHASES, type PhaseFlags } from '#shared/domain/phases';
import { type ToolId, VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import { TOOL_PAGES } from '../../lib/paths';
import { byType } from '../../test/by-type';
import { founderProfile, meReply } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { renderApp } from '../../test/render-app';
import { type NextStepInput, nextStep } from './next-step';

const SLOW = { timeout: 8000 };
const ALL_OPEN: PhaseFlags = {
  ...NO_PHASES,
  generate_idea_status: true,
  trigger_questions_status: true,
  value_proposition_status: true,
  bmc_status: true,
};
const UNLOCKED = {
  status: 'unlocked',
  submittedAt: '2026-11-01T09:00:00.000Z',
  unlockedAt: '2026-11-02T09:00:00.000Z',
};
const NOT_STARTED = { status: 'not-started', submittedAt: null, unlockedAt: null } as const;
type Progress = DashboardResponse['progress']['swot'];
type Review = DashboardResponse['reviews']['swot'];

/** Every reviewed phase done and unlocked; the tools as given, the rest not started with five questions. */
function toolkit(tools: Partial<Record<ToolId, { progress?: Progress; review?: Review }>> = {}) {
  const done = { answered: 18, total: 18, percent: 100 };
  const progress = byType({ trigger: done, 'value-proposition': done, 'business-model': done }, {
    answered: 0,
    total: 5,
    percent: 0,
  } as Progress);
  const reviews = byType(
    { trigger: UNLOCKED, 'value-proposition': UNLOCKED, 'business-model': UNLOCKED } as Record<string, Review>,
    NOT_STARTED as Review,
  );
  for (const [id, t] of Object.entries(tools) as [ToolId, { progress?: Progress; review?: Review }][]) {
    if (t.progress) progress[id] = t.progress;
    if (t.review) reviews[id] = t.review;
  }
  return { progress, reviews };
}

const response = (tools: Parameters<typeof toolkit>[0] = {}): DashboardResponse => ({
  ...toolkit(tools),
  validationTests: { count: 1 },
  documents: { count: 0, lastUploadedAt: null },
});

const step = (tools: Parameters<typeof toolkit>[0], extra: Partial<NextStepInput> = {}) =>
  nextStep({
    phases: ALL_OPEN,
    hasIdea: true,
    ...toolkit(tools),
    validationTests: { count: 1 },
    documents: { count: 0 },
    ...extra,
  });

const waiting = (answered: number): { progress: Progress; review: Review } => ({
  progress: { answered, total: answered, percent: 100 },
  review: { status: 'waiting', submittedAt: '2026-11-20T09:00:00.000Z', unlockedAt: null },
});

describe('nextStep: the Validate toolkit', () => {
  it('comes after the first validation test', () => {
    expect(step({}, { validationTests: { count: 0 } }).id).toBe('validation-tests');
    expect(step({})).toMatchObject({
      id: 'validate-tool',
      title: 'Work on your Branding',
      text: VALIDATE_TOOLS[0]?.summary,
      action: { label: 'Open Branding', to: '/tools/branding' },
      waiting: false,
    });
  });

  it('goes on with a sheet already begun before starting another, each in the sidebar order', () => {
    const begun = step({
      swot: { progress: { answered: 1, total: 4, percent: 25 } },
      'market-research': { progress: { answered: 12, total: 13, percent: 92 } },
    });
    expect(begun).toMatchObject({
      id: 'validate-tool',
      title: 'Continue your SWOT Analysis',
      text: '3 questions left on the sheet (1 of 4 answered).',
      action: { label: 'Open SWOT Analysis', to: TOOL_PAGES.swot },
    });
    // A complete sheet waiting for its review needs nothing: the next unfinished one is next.
    expect(step({ branding: waiting(5) }).title).toBe('Work on your Industry Insights');
  });

  it("puts a sheet the coach sent back first, over one begun and over the validation tests' absence", () => {
    const sentBack = {
      progress: { answered: 4, total: 4, percent: 100 },
      review: { status: 'changes-requested', submittedAt: '2026-11-20T09:00:00.000Z', unlockedAt: null } as Review,
    };
    const tools = { branding: { progress: { answered: 2, total: 5, percent: 40 } }, swot: sentBack };
    expect(step(tools)).toMatchObject({
      id: 'validate-tool-changes',
      title: 'Your coach asked for changes to your SWOT Analysis',
      action: { label: 'Open SWOT Analysis', to: '/tools/swot-analysis' },
      waiting: false,
    });
    // The first test still comes first: the toolkit follows it.
    expect(step(tools, { validationTests: { count: 0 } }).id).toBe('validation-tests');
  });

  it('moves on to the Data Room and the evaluation once every sheet is complete', () => {
    const all = Object.fromEntries(VALIDATE_TOOLS.map((t) => [t.id, waiting(5)]));
    expect(step(all).id).toBe('data-room');
    expect(step(all, { documents: { count: 1 } }).id).toBe('test-evaluation');
  });
});

function renderDashboard(body: DashboardResponse, phases: Partial<PhaseFlags>) {
  return renderApp(
    '/dashboard',
    { user: FOUNDER },
    {
      api: {
        'journey.dashboard': { body },
        'accounts.me': meReply({ profile: founderProfile({ idea: 'Meal plans' }), phases }),
      },
    },
  );
}

describe('DashboardPage: the Validate toolkit', () => {
  it('says the toolkit opens with the Business Model review, and lists no sheet, before the unlock', async () => {
    renderDashboard(response(), { generate_idea_status: true, trigger_questions_status: true });
    expect(await screen.findByRole('heading', { name: 'Validate toolkit' }, SLOW)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ten worksheets, from market sizing to your investor one-pager, open with your coach’s review of your Business Model.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Branding' })).toBeNull();
  });

  it('lists every sheet with its progress and review state, linked to its page', async () => {
    renderDashboard(
      response({
        swot: { progress: { answered: 2, total: 4, percent: 50 }, review: { ...NOT_STARTED, status: 'in-progress' } },
        'market-research': waiting(13),
        pestel: {
          progress: { answered: 6, total: 7, percent: 86 },
          review: { status: 'changes-requested', submittedAt: '2026-11-20T09:00:00.000Z', unlockedAt: null },
        },
      }),
      ALL_OPEN,
    );
    const list = await screen.findByRole('list', { name: 'Validate toolkit' }, SLOW);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(
      VALIDATE_TOOLS.map((t) => {
        if (t.id === 'swot') return 'SWOT Analysis2/4In progress';
        if (t.id === 'market-research') return 'Market Research13/13Pending review';
        if (t.id === 'pestel') return 'Pestel Analysis6/7Changes requested';
        return `${t.title}0/5Not started`;
      }),
    );
    for (const tool of VALIDATE_TOOLS) {
      expect(within(list).getByRole('link', { name: tool.title })).toHaveAttribute('href', TOOL_PAGES[tool.id]);
    }
    // The next step names the sheet sent back.
    expect(
      await screen.findByRole('region', { name: 'Your coach asked for changes to your Pestel Analysis' }),
    ).toBeInTheDocument();
  });
});
