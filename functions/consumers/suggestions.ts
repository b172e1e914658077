/**
 * Asks the automation for the next phase's suggestions and stores them. A failed or
 * malformed answer stores empty suggestions (spec §7) and never fails the delivery.
 */
import { aiAutomationsFromEnv, emptySuggestions } from '../integrations/ai/index';
import { createConsumer } from '../lib/consumer';
import { putSuggestions } from '../store/suggestions';

export const handler = createConsumer('suggestions', {
  IdeaSaved: async ({ userId, idea }, log) => {
    const outcome = await aiAutomationsFromEnv(process.env, log).triggerSuggestions(idea);
    await putSuggestions(userId, 'trigger', {
      sections: outcome.ok ? outcome.value : emptySuggestions('trigger'),
      source: outcome.ok ? outcome.source : 'failed',
      createdAt: new Date().toISOString(),
    });
  },
});
