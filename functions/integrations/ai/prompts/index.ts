/**
 * The prompts for a model provider, one versioned template per operation. Every prompt quotes one founder's material
 * only: the text the handler passes and that founder's grounding (functions/store/ai-grounding.ts reads it by the
 * founder's own id), with the coach-authored questions.
 */
import type { AiOperation, FounderGrounding } from '../port';
import { businessModelPrompt } from './business-model';
import { ideasPrompt } from './ideas';
import type { Prompt } from './template';
import { triggerPrompt } from './trigger';
import { valuePropositionPrompt } from './value-proposition';

export { BUSINESS_MODEL_PROMPT_VERSION } from './business-model';
export { IDEAS_PROMPT_VERSION } from './ideas';
export { MAX_MATERIAL_CHARS } from './material';
export { MAX_OUTPUT_TOKENS, type Prompt } from './template';
export { TRIGGER_PROMPT_VERSION } from './trigger';
export { VALUE_PROPOSITION_PROMPT_VERSION } from './value-proposition';

export const PROMPTS: Record<AiOperation, (text: string, grounding: FounderGrounding | null) => Prompt> = {
  ideas: ideasPrompt,
  trigger: triggerPrompt,
  valueProposition: valuePropositionPrompt,
  businessModel: businessModelPrompt,
};
