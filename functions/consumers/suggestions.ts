/**
 * Asks the automation for the next phase's suggestions and stores them. A failed or
 * malformed answer stores empty suggestions (spec §7) and never fails the delivery.
 */
import type { Category, PhaseType, QuestionType } from '#shared/domain/questions';
import {
  type AiOutcome,
  aiAutomationsFromEnv,
  emptySuggestions,
  joinAnswersByCategory,
  joinAnswersByLine,
  type SuggestionsFor,
} from '../integrations/ai/index';
import { createConsumer } from '../lib/consumer';
import type { Logger } from '../lib/logger';
import { AccountClosedError } from '../store/account-guard';
import { countAiGeneration } from '../store/ai-generations';
import { readGrounding } from '../store/ai-grounding';
import { listAnswers } from '../store/answers';
import { getSuggestions, putSuggestions } from '../store/suggestions';

/** Stores an automation outcome; a failed or malformed answer becomes empty suggestions (never an error). */
async function store<T extends PhaseType>(
  userId: string,
  type: T,
  outcome: AiOutcome<SuggestionsFor<T>>,
): Promise<void> {
  await putSuggestions(userId, type, {
    sections: outcome.ok ? outcome.value : emptySuggestions(type),
    source: outcome.ok ? outcome.source : 'failed',
    createdAt: new Date().toISOString(),
  });
}

/**
 * Suggestions already prepared are kept: a repeated announcement (a retried save or unlock) must
 * not call the automation again or replace what the founder may already have read. Failed ones
 * are prepared again.
 */
async function prepared(userId: string, type: QuestionType, log: Logger): Promise<boolean> {
  const existing = await getSuggestions(userId, type);
  if (!existing || existing.source === 'failed') return false;
  log.info('suggestions already prepared', { userId, type });
  return true;
}

/** A consumer can wait longer for a slow automation than an API request (timeouts.ts). */
const AI_OPTIONS = { kind: 'consumer' } as const;

export const handler = createConsumer('suggestions', {
  // A trigger unlock prepares the Value Proposition suggestions from the trigger answers (one per line);
  // a value-proposition unlock prepares the Business Model ones from the canvas answers, by category order.
  PhaseUnlocked: async ({ userId, phase }, log) => {
    const ai = aiAutomationsFromEnv(process.env, log, AI_OPTIONS);
    if (phase === 'trigger') {
      if (await prepared(userId, 'value-proposition', log)) return;
      const answers = await listAnswers(userId, 'trigger');
      const text = joinAnswersByLine(answers.flatMap((a) => a.answers));
      await store(
        userId,
        'value-proposition',
        await ai.valuePropositionSuggestions(text, () => readGrounding(userId, 'valueProposition')),
      );
    } else if (phase === 'value-proposition') {
      if (await prepared(userId, 'business-model', log)) return;
      const answers = await listAnswers(userId, 'value-proposition');
      const text = joinAnswersByCategory(
        'value-proposition',
        answers.map((a) => ({ category: a.category as Category<'value-proposition'>, answers: a.answers })),
      );
      await store(
        userId,
        'business-model',
        await ai.businessModelSuggestions(text, () => readGrounding(userId, 'businessModel')),
      );
    }
    // A business-model unlock calls no automation (spec §7).
  },
  IdeaSaved: async ({ userId, idea }, log) => {
    if (await prepared(userId, 'trigger', log)) return;
    // The founder announces this (every save of the same idea does, while the automation keeps failing), so it
    // counts against their AI limits like a generation they asked for; past them the built-in examples stay.
    let quota: Awaited<ReturnType<typeof countAiGeneration>>;
    try {
      quota = await countAiGeneration(userId, Math.floor(Date.now() / 1000));
    } catch (err) {
      // Delivered after the account was deleted: nothing is drafted, nothing written back.
      if (err instanceof AccountClosedError) return log.info('no suggestions: the account is deleted', { userId });
      throw err;
    }
    if (!quota.allowed) {
      log.warn('trigger suggestions not prepared: the founder reached an AI generation limit', { userId });
      return;
    }
    const ai = aiAutomationsFromEnv(process.env, log, AI_OPTIONS);
    await store(userId, 'trigger', await ai.triggerSuggestions(idea, () => readGrounding(userId, 'trigger')));
  },
});
