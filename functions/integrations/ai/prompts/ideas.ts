/** Idea generation: three sharper versions of the founder's idea, grounded in their setup answers. */
import type { FounderGrounding } from '../port';
import { clean, setupSection, withinBudget } from './material';
import { MAX_OUTPUT_TOKENS, type Prompt, systemPrompt } from './template';

export const IDEAS_PROMPT_VERSION = 'ideas@1';

const SYSTEM = systemPrompt(
  'You are a startup coach helping a pre-seed founder sharpen their business idea.',
  "Read the founder's description in <request> (and their startup setup in <setup>, when given) and write three " +
    "distinct, sharper versions of that same idea. Each keeps the founder's customer and problem but makes one " +
    'choice clearer: who exactly the customer is, what the product does for them, or how it earns money.',
  '{"<title>": "<description>", "<title>": "<description>", "<title>": "<description>"} — exactly three entries; ' +
    'each title a name for the idea of at most 8 words, each description two or three sentences (at most 60 ' +
    'words) saying who it is for, what it does and why they would pay.',
);

export function ideasPrompt(text: string, grounding: FounderGrounding | null): Prompt {
  const user = withinBudget([`<request>\n${clean(text)}\n</request>`, setupSection(grounding?.setup ?? null)]);
  return {
    operation: 'ideas',
    version: IDEAS_PROMPT_VERSION,
    system: SYSTEM,
    user,
    maxTokens: MAX_OUTPUT_TOKENS.ideas,
    temperature: 0.7,
  };
}
