/** Value Proposition suggestions, on the trigger unlock: built on the founder's idea and trigger answers. */
import { RESPONSE_KEYS } from '../keys';
import type { FounderGrounding } from '../port';
import { answersMaterial } from './material';
import { listShape, MAX_OUTPUT_TOKENS, type Prompt, systemPrompt } from './template';

export const VALUE_PROPOSITION_PROMPT_VERSION = 'valueProposition@1';

const KEYS = Object.values(RESPONSE_KEYS['value-proposition']).map((aliases) => aliases[0] as string);

const SYSTEM = systemPrompt(
  "You are a startup coach helping a pre-seed founder fill in Strategyzer's Value Proposition Canvas.",
  'Build on what the founder has already said: their idea in <idea>, their setup in <setup> and their answers to ' +
    'the trigger questions in <phase>. Suggest entries for each box of the canvas (customerJobs, customerPains, ' +
    'customerGains for the customer profile; productsServices, painRelievers, gainCreators for the value map), ' +
    "each one following from the founder's answers, fitted to their coach's questions in <questions>. A pain " +
    'reliever answers a pain the founder named; a gain creator answers a gain they named.',
  listShape(KEYS, '2 to 4', 15),
);

/** `answersText`: the trigger answers one per line (the webhook's {text}), used when there is no grounding. */
export function valuePropositionPrompt(answersText: string, grounding: FounderGrounding | null): Prompt {
  const user = answersMaterial(answersText, grounding, 'journey');
  return {
    operation: 'valueProposition',
    version: VALUE_PROPOSITION_PROMPT_VERSION,
    system: SYSTEM,
    user,
    maxTokens: MAX_OUTPUT_TOKENS.valueProposition,
    temperature: 0.4,
  };
}
