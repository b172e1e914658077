/** Business Model suggestions, on the value-proposition unlock: built on everything the founder has answered. */
import { RESPONSE_KEYS } from '../keys';
import type { FounderGrounding } from '../port';
import { answersMaterial } from './material';
import { listShape, MAX_OUTPUT_TOKENS, type Prompt, systemPrompt } from './template';

export const BUSINESS_MODEL_PROMPT_VERSION = 'businessModel@1';

// The automation's own spelling (valuePrepositions) comes first in RESPONSE_KEYS and is what parse.ts reads first.
const KEYS = Object.values(RESPONSE_KEYS['business-model']).map((aliases) => aliases[0] as string);

const SYSTEM = systemPrompt(
  "You are a startup coach helping a pre-seed founder fill in Strategyzer's Business Model Canvas.",
  'Build on what the founder has already said: their idea in <idea>, their setup in <setup>, and their answers in ' +
    '<phase> (the trigger questions and the Value Proposition Canvas). Suggest entries for each of the nine boxes ' +
    '(the key "valuePrepositions" is the Value Propositions box), each one following from those answers and ' +
    "fitted to their coach's questions in <questions>. Keep the customer segments and value propositions the " +
    'founder already chose; suggest how to reach, keep and earn from them.',
  listShape(KEYS, '2 to 3', 12),
);

/** `answersText`: the value-proposition answers by category (the webhook's {text}), used when there is no grounding. */
export function businessModelPrompt(answersText: string, grounding: FounderGrounding | null): Prompt {
  const user = answersMaterial(answersText, grounding, 'latestFirst');
  return {
    operation: 'businessModel',
    version: BUSINESS_MODEL_PROMPT_VERSION,
    system: SYSTEM,
    user,
    maxTokens: MAX_OUTPUT_TOKENS.businessModel,
    temperature: 0.4,
  };
}
