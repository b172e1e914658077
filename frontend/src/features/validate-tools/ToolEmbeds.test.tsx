import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { toolFieldQuestionId, toolFields } from '#shared/domain/validate-tools';
import { type PhaseEmbeds, PhaseEmbedsProvider } from '../../lib/phase-embeds';
import { QueryProvider } from '../../lib/query-client';
import { type ToolEmbeds, ToolEmbedsProvider } from '../../lib/tool-embeds';
import { installFakeApi } from '../../test/fake-api';
import { FakeAuthProvider, FOUNDER } from '../../test/fake-auth';
import { toolFake } from '../../test/fixtures/tool-fake';
import { ValidateToolPage } from './ValidateToolPage';

const MR = (field: string) => toolFieldQuestionId('market-research', field);

/** Stand-ins for the other features' parts: each prints the props it was given. */
const PHASE: PhaseEmbeds = {
  ReviewStatus: ({ type }) => <p>Review status of {type}</p>,
  FeedbackBanner: ({ type }) => <p>Feedback banner of {type}</p>,
  AnswerFeedback: ({ type, questionId }) => <p>Thread of {`${type} ${questionId}`}</p>,
};

const TOOL: ToolEmbeds = {
  Export: ({ tool }) => <button type="button">Export {tool}</button>,
  History: ({ tool }) => <button type="button">History of {tool}</button>,
  Suggestions: ({ tool, section }) => <p>Suggestions for {`${tool} / ${section}`}</p>,
  Prefill: ({ tool, questionId, hasAnswer, onUse }) => (
    <button type="button" onClick={() => onUse(['4000000'])}>
      {`Use the proposal for ${tool} ${questionId} (${hasAnswer ? 'answered' : 'empty'})`}
    </button>
  ),
  SizingPanel: ({ answers }) => (
    <p>Sizing of {answers.map((a) => `${a.questionId}=${a.answers.join('|')}`).join(', ')}</p>
  ),
};

function renderPage(embeds: ToolEmbeds) {
  const fake = toolFake({ tool: 'market-research', answers: { [MR('tam')]: ['90000000'] } });
  const api = installFakeApi(fake.routes);
  render(
    <FakeAuthProvider options={{ user: FOUNDER }}>
      <QueryProvider>
        <MemoryRouter>
          <PhaseEmbedsProvider embeds={PHASE}>
            <ToolEmbedsProvider embeds={embeds}>
              <ValidateToolPage tool="market-research" />
            </ToolEmbedsProvider>
          </PhaseEmbedsProvider>
        </MemoryRouter>
      </QueryProvider>
    </FakeAuthProvider>,
  );
  return { api, user: userEvent.setup() };
}

describe("a tool page's parts from other features", () => {
  it('renders each provided part with the tool, section, field and answers it is for', async () => {
    const { api, user } = renderPage(TOOL);
    expect(await screen.findByRole('button', { name: 'Export market-research' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'History of market-research' })).toBeInTheDocument();
    expect(screen.getByText('Review status of market-research')).toBeInTheDocument();
    expect(screen.getByText('Feedback banner of market-research')).toBeInTheDocument();

    await screen.findByRole('heading', { level: 2, name: 'Method' });
    for (const section of CATEGORIES['market-research']) {
      expect(screen.getByText(`Suggestions for market-research / ${section}`)).toBeInTheDocument();
    }
    for (const { field } of toolFields('market-research')) {
      const id = MR(field.id);
      const state = field.id === 'tam' ? 'answered' : 'empty';
      expect(
        screen.getByRole('button', { name: `Use the proposal for market-research ${id} (${state})` }),
      ).toBeVisible();
      expect(screen.getByText(`Thread of market-research ${id}`)).toBeInTheDocument();
    }
    const panel = screen.getByRole('complementary', { name: 'Market size' });
    expect(panel).toHaveTextContent(`Sizing of ${MR('tam')}=90000000`);

    // A proposal goes into the editor unsaved; the founder saves it.
    const sam = screen.getByRole('article', { name: 'SAM per year' });
    await user.click(within(sam).getByRole('button', { name: /Use the proposal/ }));
    expect(within(sam).getByRole('textbox', { name: 'SAM per year' })).toHaveValue('4000000');
    expect(within(sam).getByRole('status')).toHaveTextContent(/not saved yet/);
    expect(api.calls('journey.saveAnswer')).toHaveLength(0);
    await user.click(within(sam).getByRole('button', { name: 'Save SAM per year' }));
    await within(sam).findByText('Saved.');
    expect(api.calls('journey.saveAnswer').map((r) => r.body)).toEqual([{ answers: ['4000000'] }]);
    // The panel follows the saved answers.
    expect(await within(panel).findByText(new RegExp(`${MR('sam')}=4000000`))).toBeInTheDocument();
  });

  it('works without any of them', async () => {
    renderPage({});
    expect(await screen.findByRole('heading', { level: 2, name: 'Method' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export|History|Use the proposal/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
