import { describe, expect, it } from 'vitest';
import { byQuestionNumber, groupQuestions, questionLabel, questionNumbers, questionsPhrase } from './question-numbers';
import type { Category, QuestionType } from './questions';
import { builtInQuestions } from './tool-questions';

const q = (id: string, category: Category, order: number, type: QuestionType = 'trigger') => ({
  id,
  type,
  category,
  order,
  createdAt: '2026-01-01T00:00:00.000Z',
});

// Given out of display order, as a founder's answers (or a store query) would be.
const QUESTIONS = [
  q('pain-1', 'Customer Pains', 1),
  q('job-2', 'Customer Jobs', 2),
  q('gain-1', 'Customer Gains', 1),
  q('job-1', 'Customer Jobs', 1),
  q('vp-1', 'Customer Jobs', 1, 'value-proposition'),
];

describe('question numbers', () => {
  it('groups by category in display order and numbers across the phase, not per group', () => {
    const groups = groupQuestions('trigger', QUESTIONS);
    expect(groups.map((g) => g.category)).toEqual(['Customer Jobs', 'Customer Gains', 'Customer Pains']);
    expect(groups.map((g) => g.questions.map((n) => [n.question.id, n.number]))).toEqual([
      [
        ['job-1', 1],
        ['job-2', 2],
      ],
      [['gain-1', 3]],
      [['pain-1', 4]],
    ]);
  });

  it('keeps empty categories and leaves out other types', () => {
    const groups = groupQuestions('trigger', [q('pain-1', 'Customer Pains', 1)]);
    expect(groups.map((g) => g.questions.length)).toEqual([0, 0, 1]);
    expect(groups[2]?.questions[0]?.number).toBe(1);
    expect(questionNumbers('value-proposition', QUESTIONS)).toEqual(new Map([['vp-1', 1]]));
  });

  it('maps ids to the same numbers the groups show', () => {
    expect(questionNumbers('trigger', QUESTIONS)).toEqual(
      new Map([
        ['job-1', 1],
        ['job-2', 2],
        ['gain-1', 3],
        ['pain-1', 4],
      ]),
    );
    expect(questionLabel(4)).toBe('Question 4');
  });

  it('orders answers by their question number whatever order they were submitted in; removed questions last', () => {
    const numbers = questionNumbers('trigger', QUESTIONS);
    const answers = [
      { questionId: 'pain-1' },
      { questionId: 'gone' },
      { questionId: 'job-1' },
      { questionId: 'gain-1' },
    ];
    expect(byQuestionNumber(answers, numbers)).toEqual([
      { questionId: 'job-1', number: 1 },
      { questionId: 'gain-1', number: 3 },
      { questionId: 'pain-1', number: 4 },
      { questionId: 'gone', number: null },
    ]);
    expect(byQuestionNumber([], numbers)).toEqual([]);
  });

  it('names numbers in a sentence, sorted and once each', () => {
    expect(questionsPhrase([])).toBe('');
    expect(questionsPhrase([5])).toBe('question 5');
    expect(questionsPhrase([5, 1])).toBe('questions 1 and 5');
    expect(questionsPhrase([5, 3, 1, 3])).toBe('questions 1, 3 and 5');
  });

  it("numbers a Validate tool as its page shows it: each section's fields, then that section's guidance questions", () => {
    // A coach's guidance question is stored with order ≥ 0 (or its creation time), given here before the fields.
    const guidance = [q('g-threats', 'Threats', 0, 'swot'), q('g-strengths', 'Strengths', Date.now(), 'swot')];
    const numbers = questionNumbers('swot', [...guidance, ...builtInQuestions('swot')]);
    expect([...numbers]).toEqual([
      ['tool-swot-strengths', 1],
      ['g-strengths', 2],
      ['tool-swot-weaknesses', 3],
      ['tool-swot-opportunities', 4],
      ['tool-swot-threats', 5],
      ['g-threats', 6],
    ]);
  });
});
