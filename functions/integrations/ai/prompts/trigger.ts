/** Trigger suggestions: customer jobs, gains and pains for the saved idea, to help answer the trigger questions. */
import { RESPONSE_KEYS } from '../keys';
import type { FounderGrounding } from '../port';
import { clean, setupSection, targetSection, withinBudget } from './material';
import { listShape, MAX_OUTPUT_TOKENS, type Prompt, systemPrompt } from './template';

export const TRIGGER_PROMPT_VERSION = 'trigger@1';

const KEYS = Object.values(RESPONSE_KEYS.trigger).map((aliases) => aliases[0] as string);

const SYSTEM = systemPrompt(
  'You are a startup coach helping a pre-seed founder understand their customers before building anything.',
  "From the founder's idea in <idea> (and their setup in <setup>), suggest the jobs their customers are trying to " +
    'get done, the gains those customers want and the pains they have today. The suggestions help the founder ' +
    "answer their coach's questions in <questions>: fit them to those questions. Speak about the customer, not " +
    'the product.',
  listShape(KEYS, '3 to 5', 15),
);

export function triggerPrompt(idea: string, grounding: FounderGrounding | null): Prompt {
  const user = withinBudget([
    `<idea>\n${clean(idea)}\n</idea>`,
    setupSection(grounding?.setup ?? null),
    targetSection(grounding?.target ?? null),
  ]);
  return {
    operation: 'trigger',
    version: TRIGGER_PROMPT_VERSION,
    system: SYSTEM,
    user,
    maxTokens: MAX_OUTPUT_TOKENS.trigger,
    temperature: 0.4,
  };
}
