import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ToolPrefillResponse } from '#shared/api-types';
import { toolFieldQuestionId } from '#shared/domain/validate-tools';
import { apiError, type FakeRoutes } from '../../../test/fake-api';
import { renderComponent } from '../../../test/render-component';
import { ToolPrefill } from './ToolPrefill';

const STRENGTHS = toolFieldQuestionId('swot', 'strengths');
const OPPORTUNITIES = toolFieldQuestionId('swot', 'opportunities');
const WEAKNESSES = toolFieldQuestionId('swot', 'weaknesses');
const CUSTOMERS = toolFieldQuestionId('market-research', 'customers');
const FROM = 'Business Model · Key Resources';

const PREFILL: ToolPrefillResponse = {
  fields: [
    {
      questionId: STRENGTHS,
      sources: [{ from: FROM, lines: ['Our own bakery', 'Two trained bakers'] }],
      proposal: ['Our own bakery', 'Two trained bakers'],
    },
    { questionId: OPPORTUNITIES, sources: [{ from: 'Value Proposition · Customer Gains', lines: [] }], proposal: null },
  ],
};

function renderPrefill(
  props: { questionId?: string; hasAnswer?: boolean; tool?: 'swot' | 'market-research' } = {},
  api: FakeRoutes = {},
) {
  const onUse = vi.fn();
  const app = renderComponent(
    <ToolPrefill
      tool={props.tool ?? 'swot'}
      questionId={props.questionId ?? STRENGTHS}
      hasAnswer={props.hasAnswer ?? false}
      onUse={onUse}
    />,
    { api: { 'journey.toolPrefill': { body: PREFILL }, ...api } },
  );
  return { ...app, onUse };
}

describe('a tool field’s earlier answers', () => {
  it('shows each source with its lines, and "Use these" fills the editor without saving anything', async () => {
    const { user, onUse, api } = renderPrefill();
    const panel = await screen.findByRole('region', { name: 'From your earlier answers for Strengths' });
    expect(within(panel).getByText(FROM)).toBeVisible();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Our own bakery', 'Two trained bakers']);
    expect(panel).toHaveTextContent('You can edit before saving; nothing is saved until you do.');
    await user.click(within(panel).getByRole('button', { name: 'Use these for Strengths' }));
    expect(onUse).toHaveBeenCalledExactlyOnceWith(['Our own bakery', 'Two trained bakers']);
    expect(within(panel).getByRole('status')).toHaveTextContent('Your earlier answers are in Strengths');
    expect(api.requests.map((r) => r.routeId)).toEqual(['journey.toolPrefill']);
    expect(api.calls('journey.toolPrefill')[0]?.url.pathname).toBe('/api/tools/swot/prefill');
  });

  it('folds to one line naming the sources when the field already has an answer, and opens from the keyboard', async () => {
    const { user } = renderPrefill({ hasAnswer: true });
    const panel = await screen.findByRole('region', { name: 'From your earlier answers for Strengths' });
    // The one line names the sources; their lines wait behind Show.
    expect(
      within(panel)
        .getAllByText(FROM)
        .filter((el) => !el.closest('[hidden]')),
    ).toHaveLength(1);
    expect(within(panel).getByText('Our own bakery')).not.toBeVisible();
    const toggle = within(panel).getByRole('button', { name: 'Show your earlier answers for Strengths' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(panel).getByText('Our own bakery')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Hide your earlier answers for Strengths' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(panel).toHaveTextContent('They replace what is in the field.');
    await user.click(within(panel).getByRole('button', { name: 'Hide your earlier answers for Strengths' }));
    expect(within(panel).getByText('Our own bakery')).not.toBeVisible();
  });

  it('shows sources for reference only when the field cannot take them as they are (a number)', async () => {
    renderPrefill(
      { tool: 'market-research', questionId: CUSTOMERS },
      {
        'journey.toolPrefill': {
          body: {
            fields: [
              {
                questionId: CUSTOMERS,
                sources: [{ from: 'Business Model · Customer Segments', lines: ['Office workers'] }],
                proposal: null,
              },
            ],
          },
        },
      },
    );
    const panel = await screen.findByRole('region', { name: /^From your earlier answers for / });
    expect(panel).toHaveTextContent('For reference: this field takes one number');
    expect(within(panel).queryByRole('button', { name: /^Use these/ })).toBeNull();
  });

  it('shows nothing for a field whose sources hold no lines, nor for one the tool proposes nothing for', async () => {
    const { api } = renderPrefill({ questionId: OPPORTUNITIES });
    await waitFor(() => expect(api.calls('journey.toolPrefill')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /earlier answers/ })).toBeNull();
    expect(document.body.textContent).not.toContain('From your earlier answers');
  });

  it('asks nothing for a field without prefill sources in its definition', async () => {
    const { api } = renderPrefill({ questionId: WEAKNESSES });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('journey.toolPrefill')).toEqual([]);
    expect(document.body.textContent).not.toContain('earlier answers');
  });

  it('reads the tool’s proposals once for all of its fields', async () => {
    const onUse = vi.fn();
    const { api } = renderComponent(
      <>
        <ToolPrefill tool="swot" questionId={STRENGTHS} hasAnswer={false} onUse={onUse} />
        <ToolPrefill tool="swot" questionId={OPPORTUNITIES} hasAnswer={false} onUse={onUse} />
        <ToolPrefill tool="swot" questionId={STRENGTHS} hasAnswer onUse={onUse} />
      </>,
      { api: { 'journey.toolPrefill': { body: PREFILL } } },
    );
    expect(await screen.findAllByRole('region', { name: 'From your earlier answers for Strengths' })).toHaveLength(2);
    expect(api.calls('journey.toolPrefill')).toHaveLength(1);
  });

  it('says when the earlier answers could not be read, and reads them again on Retry', async () => {
    let reads = 0;
    const { user } = renderPrefill(
      {},
      {
        'journey.toolPrefill': () => {
          reads += 1;
          return reads === 1 ? apiError(429, 'Too many requests. Please wait a moment.') : { body: PREFILL };
        },
      },
    );
    expect(await screen.findByText('Your earlier answers for this field could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'From your earlier answers for Strengths' })).toBeInTheDocument();
  });

  it('prints the amounts it quotes from Market Research as the documents do, and "Use these" fills them so', async () => {
    const marketSize = toolFieldQuestionId('one-pager', 'market-size');
    const raw = ['TAM per year: GBP 71400000', 'SAM per year: GBP 12000000', 'SOM per year: GBP 950000'];
    const body: ToolPrefillResponse = {
      fields: [
        {
          questionId: marketSize,
          sources: [{ from: 'Market Research · TAM per year', lines: raw }],
          proposal: [raw.join('\n')],
        },
      ],
    };
    const onUse = vi.fn();
    const { user } = renderComponent(
      <ToolPrefill tool="one-pager" questionId={marketSize} hasAnswer={false} onUse={onUse} />,
      { api: { 'journey.toolPrefill': { body } } },
    );
    const panel = await screen.findByRole('region', { name: 'From your earlier answers for Market size' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['TAM per year: £71.4 M', 'SAM per year: £12 M', 'SOM per year: £950,000']);
    await user.click(within(panel).getByRole('button', { name: 'Use these for Market size' }));
    expect(onUse).toHaveBeenCalledExactlyOnceWith([
      'TAM per year: £71.4 M\nSAM per year: £12 M\nSOM per year: £950,000',
    ]);
  });
});
