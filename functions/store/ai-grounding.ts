/**
 * A founder's grounding for an AI prompt (functions/integrations/ai/prompts/): their setup answers and idea (their
 * profile item), their answers to the phases before the one the operation serves, and the coach-authored questions.
 * Every founder record read here is keyed by the `sub` passed in — the caller's verified token or the event's own
 * founder — so no other founder's words can reach the prompt.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { storedOnboarding } from '#shared/contract/accounts';
import type { QuestionType } from '#shared/domain/questions';
import type { AiOperation, FounderGrounding, GroundingQuestion } from '../integrations/ai/port';
import { listAnswers } from './answers';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { listQuestions } from './questions';

/** Per operation: the phases whose answers it builds on, in journey order, and the phase its suggestions serve. */
export const GROUNDING_PHASES: Record<AiOperation, { earlier: readonly QuestionType[]; target: QuestionType | null }> =
  {
    ideas: { earlier: [], target: null },
    trigger: { earlier: [], target: 'trigger' },
    valueProposition: { earlier: ['trigger'], target: 'value-proposition' },
    businessModel: { earlier: ['trigger', 'value-proposition'], target: 'business-model' },
  };

async function phaseQuestions(sub: string, type: QuestionType, withAnswers: boolean): Promise<GroundingQuestion[]> {
  const [questions, answers] = await Promise.all([
    listQuestions(type),
    withAnswers ? listAnswers(sub, type) : Promise.resolve([]),
  ]);
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer.answers]));
  return questions.map((question) => ({
    category: question.category,
    text: question.text,
    answers: byQuestion.get(question.id) ?? [],
  }));
}

export async function readGrounding(sub: string, operation: AiOperation): Promise<FounderGrounding> {
  const { earlier, target } = GROUNDING_PHASES[operation];
  const [profile, phases, targetQuestions] = await Promise.all([
    ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub) })),
    Promise.all(earlier.map(async (type) => ({ type, questions: await phaseQuestions(sub, type, true) }))),
    target ? phaseQuestions(sub, target, false) : Promise.resolve(null),
  ]);
  // Stored as the wizard saved it; anything that no longer reads as its answers is left out rather than quoted.
  const setup = storedOnboarding.safeParse(profile.Item?.onboarding);
  const idea = profile.Item?.idea;
  return {
    setup: setup.success ? setup.data : null,
    idea: typeof idea === 'string' && idea.trim() ? idea : null,
    phases,
    target: target && targetQuestions ? { type: target, questions: targetQuestions } : null,
  };
}
