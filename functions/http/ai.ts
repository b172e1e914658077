/**
 * AI area: the founder's routes that wait on the AI model — idea generation and a Validate tool's drafted
 * suggestions. A function of its own (its routes keep their journey.* ids): a call can take up to 7 s, and in the
 * journey function a burst of them would hold the executions answer saves need
 * (docs/decisions/027-capacity-from-expected-founders.md).
 */

import type { GenerateIdeasResponse } from '#shared/api-types';
import { aiContract } from '#shared/contract/ai';
import { IDEA_FAILURE_MESSAGES } from '#shared/domain/ai-failures';
import { aiLimitMessage } from '#shared/domain/ai-limits';
import { aiAutomationsFromEnv } from '../integrations/ai/index';
import { TooManyRequestsError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { countAiGeneration } from '../store/ai-generations';
import { readGrounding } from '../store/ai-grounding';
import { draftToolSuggestions } from './tool-suggestions';

export const aiRoutes: AreaRoutes<'ai'> = {
  'journey.generateIdeas': defineRoute('journey.generateIdeas', {
    handle: async ({ body, log, principal }) => {
      // Counted before the call, so a burst cannot start more automation runs than the limit while they are slow.
      const quota = await countAiGeneration(principal.sub, Math.floor(Date.now() / 1000));
      if (!quota.allowed) {
        throw new TooManyRequestsError(aiLimitMessage(quota.reached, quota.retryAfterSeconds), quota.retryAfterSeconds);
      }
      const text = body.context?.trim() ? `${body.text}\n\n${body.context.trim()}` : body.text;
      const outcome = await aiAutomationsFromEnv(process.env, log).generateIdeas(text, () =>
        readGrounding(principal.sub, 'ideas'),
      );
      const response: GenerateIdeasResponse = outcome.ok
        ? { ideas: outcome.value, source: outcome.source }
        : { ideas: [], source: null, error: IDEA_FAILURE_MESSAGES[outcome.reason] };
      return { body: response };
    },
  }),

  'journey.draftToolSuggestions': defineRoute('journey.draftToolSuggestions', {
    handle: async ({ params, principal, log }) => ({
      body: await draftToolSuggestions(principal.sub, params.type, log),
    }),
  }),
};

export const handler = createAreaHandler('ai', aiRoutes, aiContract);
