/** The founder's routes that wait on the AI model: idea generation and a Validate tool's drafted suggestions. */
import { generateIdeasBody, generateIdeasResponse, suggestionsResponse, toolParams } from './journey';
import type { AreaContract } from './schema';

export const aiContract = {
  'journey.generateIdeas': { body: generateIdeasBody, response: generateIdeasResponse },
  /** Drafts (and stores) suggestions for a tool's sections from the founder's earlier work. */
  'journey.draftToolSuggestions': { params: toolParams, response: suggestionsResponse },
} as const satisfies AreaContract<'ai'>;
