import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import { FULL_TOOLS, guidanceQuestion } from '../../test/fixtures/tool-sheet-answers';
import { ToolSheet } from './ToolSheet';

describe('ToolSheet', () => {
  it.each(VALIDATE_TOOLS.map((tool) => [tool.id, tool] as const))(
    'draws %s in its layout, every section headed, a guidance answer in its section',
    (_, tool) => {
      const last = tool.sections.at(-1)?.title ?? '';
      const question = guidanceQuestion(tool.id, 'g-1', last, 'What did your coach ask?');
      const { container } = render(
        <ToolSheet
          tool={tool}
          answers={[...FULL_TOOLS[tool.id], { questionId: 'g-1', answers: ['An answer to the coach'] }]}
          guidance={[question]}
        />,
      );
      expect(container.firstElementChild).toHaveAttribute('data-layout', tool.layout);
      for (const section of tool.sections) {
        expect(screen.getByRole('region', { name: section.title })).toBeVisible();
      }
      const home = screen.getByRole('region', { name: last });
      expect(within(home).getByRole('heading', { level: 4, name: 'What did your coach ask?' })).toBeVisible();
      expect(home).toHaveTextContent('An answer to the coach');
      expect(screen.queryByText('Not filled in yet')).toBeNull();
    },
  );

  it.each(VALIDATE_TOOLS.map((tool) => [tool.id, tool] as const))(
    'draws an empty %s without a guidance answer nobody gave',
    (_, tool) => {
      const question = guidanceQuestion(tool.id, 'g-1', tool.sections[0]?.title ?? '', 'Unanswered?');
      render(<ToolSheet tool={tool} answers={[]} guidance={[question]} />);
      expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(tool.sections.length);
      expect(screen.queryByText('Unanswered?')).toBeNull();
    },
  );

  it('never draws a built-in field twice when the whole question list is passed as guidance', () => {
    const tool = VALIDATE_TOOLS.find((t) => t.id === 'swot');
    if (!tool) throw new Error('SWOT is a tool');
    const builtIn = guidanceQuestion('swot', 'tool-swot-strengths', 'Strengths', 'Strengths');
    render(<ToolSheet tool={tool} answers={FULL_TOOLS.swot} guidance={[builtIn]} />);
    expect(screen.getAllByText('Founder grew up on a farm')).toHaveLength(1);
  });
});
