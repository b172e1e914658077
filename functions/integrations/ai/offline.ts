/**
 * The offline adapter: no network, no model. Without a model nothing can be said about a founder's market that they
 * did not say themselves, so the drafts stay honest: each suggestion quotes one of the founder's own statements
 * (a sentence or clause, or an answer line, never cut) and asks the category's question about it, and each idea
 * restates the founder's first statement in one of three business shapes. Quoting keeps every draft grammatical
 * whatever the founder wrote, a noun phrase ("dog walking for busy commuters") or a clause ("vans return empty from
 * Leeds"). Every value is returned with `source: 'offline'` for the UI to label, and the same text always gives the
 * same drafts.
 */
import { CATEGORIES, type Category, type PhaseType } from '#shared/domain/questions';
import { keyPhrases, statements } from './phrases';
import { type AiAutomations, type AiOutcome, emptySuggestions, type GeneratedIdea, type SuggestionsFor } from './port';

/** A sentence the UI can show next to offline drafts. */
export const OFFLINE_NOTE = 'Offline draft: written from your own text, without the AI service.';

/** A quoted statement longer than this would bury the question around it. */
export const QUOTE_CHARS = 120;
/** An idea title restates the founder's first statement; the longest prefix below keeps it within the title limit. */
export const CORE_CHARS = 150;

/**
 * Three questions per category; `{q}` becomes one of the founder's statements, in quotation marks. Each frame opens
 * with a phrase that takes any quotation ("Thinking of …", "About …:", "From …,"), so a noun phrase and a whole
 * clause read equally well, and asks something the founder can answer for that category.
 */
const FRAMES: Record<Category<PhaseType>, readonly [string, string, string]> = {
  'Customer Jobs': [
    'Thinking of “{q}”, which task is your customer trying to get done?',
    'About “{q}”: what decision does your customer need to make, and by when?',
    'From “{q}”, which part of the work would your customer gladly hand over?',
  ],
  'Customer Gains': [
    'Thinking of “{q}”, what result would make your customer say it was worth it?',
    'About “{q}”: how much time or money would your customer like to save?',
    'From “{q}”, what would your customer be proud to show others afterwards?',
  ],
  'Customer Pains': [
    'Thinking of “{q}”, what takes your customer too long today?',
    'About “{q}”: which mistake is your customer most afraid of making?',
    'From “{q}”, what is expensive or clumsy about the options your customer has now?',
  ],
  'Products & Services': [
    'Thinking of “{q}”, what is the smallest product your customer would buy?',
    'About “{q}”: would a done-for-you service suit your customer better than a tool?',
    'From “{q}”, what could a customer try for free before buying?',
  ],
  'Pain Relievers': [
    'Thinking of “{q}”, which manual step could you remove for your customer?',
    'About “{q}”: how could you lower the risk of a costly mistake?',
    'From “{q}”, where could you cut what your customer spends today?',
  ],
  'Gain Creators': [
    'Thinking of “{q}”, how could your customer see their progress at a glance?',
    'About “{q}”: what quick first win could you give your customer?',
    'From “{q}”, what would make your customer recommend you to others?',
  ],
  'Key Partners': [
    'Thinking of “{q}”, which suppliers or platforms are already active in this space?',
    'About “{q}”: which experts or communities could vouch for you?',
    'From “{q}”, who already sells to the customers you want to reach?',
  ],
  'Key Activities': [
    'Thinking of “{q}”, what must you build and keep improving yourself?',
    'About “{q}”: how will you win and onboard your first customers?',
    'From “{q}”, what should you measure each week to learn what customers value?',
  ],
  'Key Resources': [
    'Thinking of “{q}”, which know-how does your team need that others lack?',
    'About “{q}”: which data or technology must you own rather than rent?',
    'From “{q}”, what would make customers trust your brand?',
  ],
  'Value Propositions': [
    'Thinking of “{q}”, what becomes easier, faster or cheaper for your customer?',
    'About “{q}”: which risk do you take off your customer’s shoulders?',
    'From “{q}”, why would a customer choose you over doing nothing?',
  ],
  'Customer Relationships': [
    'Thinking of “{q}”, which questions could customers answer themselves with self-service help?',
    'About “{q}”: where would personal onboarding make the difference?',
    'From “{q}”, could customers help each other in a community?',
  ],
  Channels: [
    'Thinking of “{q}”, where do your customers already look for answers online?',
    'About “{q}”: what helpful content would bring customers to you through search?',
    'From “{q}”, which partners already reach the customers you want?',
  ],
  'Customer Segments': [
    'Thinking of “{q}”, who struggles with this most often?',
    'About “{q}”: who already pays for a workaround today?',
    'From “{q}”, which small group could you serve first and win over completely?',
  ],
  'Cost Structure': [
    'Thinking of “{q}”, what will it cost each month to build and run the product?',
    'About “{q}”: what will you spend to win one customer?',
    'From “{q}”, how much support and operations work will each customer need?',
  ],
  'Revenue Streams': [
    'Thinking of “{q}”, would customers pay a monthly subscription?',
    'About “{q}”: could customers pay per use instead?',
    'From “{q}”, would some customers pay more for a premium tier or an extra service?',
  ],
};

/**
 * What the drafts quote: the founder's statements short enough to quote whole, else their key phrases (a text of
 * one long run-on sentence still has topics) that have a letter (a bare "42" is no topic), else nothing.
 */
export function quotable(text: string): string[] {
  const found = statements(text, QUOTE_CHARS);
  return found.length > 0 ? found : keyPhrases(text, 3).filter((phrase) => /\p{L}/u.test(phrase));
}

function draftSuggestions<T extends PhaseType>(type: T, text: string): SuggestionsFor<T> {
  const result = emptySuggestions(type);
  const quotes = quotable(text);
  if (quotes.length === 0) return result;
  const categories: readonly Category<T>[] = CATEGORIES[type];
  categories.forEach((category, c) => {
    // Each category starts at another statement, so a long text is quoted across the canvas, not only its opening.
    result[category] = FRAMES[category].map((frame, i) =>
      frame.replace('{q}', quotes[(c * FRAMES[category].length + i) % quotes.length] ?? ''),
    );
  });
  return result;
}

/** "I want to build a marketplace where …" restated as an idea is "A marketplace where …". */
const INTENT =
  /^(?:(?:I|we)\s+(?:want|would like|plan|aim|intend|hope)\s+to\s+(?:build|create|make|launch|start|develop|offer|run|open)|(?:I|we)(?:\s+am|\s+are|['’]m|['’]re)\s+(?:building|creating|making|launching|starting|developing))\s+/i;

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The founder's idea in one statement, their first sentence (or its first clause) never cut mid-way, and the next
 * statement they wrote, if any, for the descriptions to build on.
 */
function ideaStatements(text: string): { core: string; next: string | undefined } | undefined {
  const [first = keyPhrases(text, 1)[0], next] = statements(text, CORE_CHARS);
  return first === undefined ? undefined : { core: capitalised(first.replace(INTENT, '')), next };
}

/** The three shapes: a title prefix, and what the shape means as the rest of a sentence. */
const SHAPES = [
  [
    'Focused on one niche first',
    'pick the customers who need it most, win them over completely, and widen out from there.',
  ],
  [
    'As a subscription',
    'charge a monthly fee for ongoing help, so customers keep getting value and you earn predictable revenue.',
  ],
  [
    'As a marketplace',
    'bring together the people who need it and those who can provide it, and earn a fee on each match.',
  ],
] as const;

/**
 * Three business shapes for the founder's own idea. Each title is a sentence that restates their first statement
 * after the shape's name; each description says what the shape means, starting from their second statement when
 * they wrote one. Nothing else is added: a chosen idea is saved as its title and description, so every word must be
 * one the founder saw when choosing.
 */
function draftIdeas(text: string): GeneratedIdea[] {
  const found = ideaStatements(text);
  if (found === undefined) return [];
  return SHAPES.map(([shape, meaning]) => ({
    title: `${shape}: ${found.core}.`,
    description: found.next === undefined ? capitalised(meaning) : `Starting from “${found.next}”, ${meaning}`,
  }));
}

function offline<V>(value: V): Promise<AiOutcome<V>> {
  return Promise.resolve({ ok: true, value, source: 'offline' });
}

export function createOfflineAutomations(): AiAutomations {
  return {
    generateIdeas: (text) => offline(draftIdeas(text)),
    triggerSuggestions: (idea) => offline(draftSuggestions('trigger', idea)),
    valuePropositionSuggestions: (answersText) => offline(draftSuggestions('value-proposition', answersText)),
    businessModelSuggestions: (answersText) => offline(draftSuggestions('business-model', answersText)),
  };
}
