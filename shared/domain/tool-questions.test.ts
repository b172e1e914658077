import { describe, expect, it } from 'vitest';
import { PHASE_TYPES, sortQuestions } from './questions';
import {
  builtInAnswerProblem,
  builtInQuestion,
  builtInQuestionCount,
  builtInQuestions,
  questionTotal,
  toolFieldQuestion,
} from './tool-questions';
import { TOOL_IDS, toolFields } from './validate-tools';

describe('built-in questions', () => {
  it('a reviewed phase has none: its questions are all stored', () => {
    for (const type of PHASE_TYPES) {
      expect(builtInQuestions(type)).toEqual([]);
      expect(builtInQuestionCount(type)).toBe(0);
      expect(questionTotal(type, 7)).toBe(7);
      expect(builtInQuestion(type, 'tool-swot-strengths')).toBeNull();
    }
  });

  it('a tool has one per field, in sheet order, filed under its section', () => {
    const questions = builtInQuestions('market-research');
    expect(questions.map((q) => q.id)).toEqual(
      toolFields('market-research').map((ref) => `tool-market-research-${ref.field.id}`),
    );
    expect(questions[0]).toEqual({
      id: 'tool-market-research-method',
      type: 'market-research',
      category: 'Method',
      text: 'Method',
      explanation: expect.stringContaining('Top-down'),
      example: null,
      videoUrl: null,
      createdAt: '2026-11-27T00:00:00.000Z',
      order: -1000,
    });
    expect(questions.map((q) => q.order)).toEqual(questions.map((_, i) => -1000 + i));
    for (const tool of TOOL_IDS) expect(builtInQuestionCount(tool)).toBe(toolFields(tool).length);
  });

  it('the question of a field reads its label and help', () => {
    const [ref] = toolFields('branding');
    if (!ref) throw new Error('branding has fields');
    expect(toolFieldQuestion(ref)).toMatchObject({ text: ref.field.label, explanation: ref.field.help });
  });

  it("sorts before a coach's guidance questions in the same section", () => {
    const guidance = {
      id: 'g1',
      type: 'swot' as const,
      category: 'Strengths' as const,
      order: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const sorted = sortQuestions([guidance, ...builtInQuestions('swot')]);
    expect(sorted.map((q) => q.id)).toEqual([
      'tool-swot-strengths',
      'g1',
      'tool-swot-weaknesses',
      'tool-swot-opportunities',
      'tool-swot-threats',
    ]);
  });

  it('finds a built-in question by id and nothing else', () => {
    expect(builtInQuestion('swot', 'tool-swot-threats')?.category).toBe('Threats');
    expect(builtInQuestion('swot', 'tool-pestel-political')).toBeNull();
    expect(builtInQuestion('swot', '5f0c5b2e-0000-4000-8000-000000000000')).toBeNull();
  });

  it("a type's total is its built-in fields plus its stored questions", () => {
    expect(questionTotal('swot', 0)).toBe(4);
    expect(questionTotal('swot', 3)).toBe(7);
    expect(questionTotal('market-research', 2)).toBe(toolFields('market-research').length + 2);
  });

  it("checks a save against the field's kind only for a built-in field", () => {
    expect(builtInAnswerProblem('market-research', 'tool-market-research-tam', ['1e3'])).toMatch(/must be a number/);
    expect(builtInAnswerProblem('market-research', 'tool-market-research-tam', ['1000'])).toBeNull();
    expect(builtInAnswerProblem('market-research', 'guidance-question', ['a', 'b'])).toBeNull();
    expect(builtInAnswerProblem('trigger', 'tool-market-research-tam', ['1e3'])).toBeNull();
  });
});
