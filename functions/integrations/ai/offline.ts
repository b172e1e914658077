/**
 * The offline adapter: no network, no model. It drafts ideas and suggestions from the
 * founder's own text (its first sentence and key phrases) combined with generic prompts
 * per category, so local runs, tests and unconfigured stages still show useful starting
 * points. Every value is returned with `source: 'offline'` for the UI to label, and the
 * same text always gives the same drafts.
 */
import { CATEGORIES, type Category, type QuestionType } from '#shared/domain/questions';
import { toStringList } from './parse';
import { keyPhrases, sentences, shorten } from './phrases';
import {
  AI_LIMITS,
  type AiAutomations,
  type AiOutcome,
  emptySuggestions,
  type GeneratedIdea,
  type SuggestionsFor,
} from './port';

/** A sentence the UI can show next to offline drafts. */
export const OFFLINE_NOTE = 'Offline draft: written from your own text, without the AI service.';

const TITLE_CORE_CHARS = 60;
const PHRASE_CHARS = 60;
const PHRASES_USED = 3;
/** The topic when the text has no content words: it still reads as English in every prompt. */
const FALLBACK_TOPIC = 'what you described';

/**
 * Three prompts per category; `{p}` becomes one of the founder's key phrases. Each prompt takes the phrase as a plain
 * noun phrase after a preposition or as an object, never quoted and never at the start, so any phrase reads as part
 * of the sentence ("Get the work around internal audit teams done faster").
 */
const PROMPTS: Record<Category, readonly [string, string, string]> = {
  'Customer Jobs': [
    'Get the work around {p} done faster',
    'Make confident decisions about {p}',
    'Keep everything to do with {p} organised without extra effort',
  ],
  'Customer Gains': [
    'Save time and money on {p}',
    'See visible, measurable results with {p}',
    'Feel in control of {p}',
  ],
  'Customer Pains': [
    'Too much time lost on {p}',
    'Worry about making costly mistakes with {p}',
    'Current options for {p} are expensive or clumsy',
  ],
  'Products & Services': [
    'A simple product that takes care of {p}',
    'Guidance or a hands-on service for {p}',
    'A low-risk starter plan for {p}',
  ],
  'Pain Relievers': [
    'Removes the manual steps around {p}',
    'Lowers the risk of mistakes with {p}',
    'Cuts the cost of {p}',
  ],
  'Gain Creators': [
    'Shows progress on {p} at a glance',
    'Delivers a quick first win with {p}',
    'Gives customers a reason to recommend you for {p}',
  ],
  'Key Partners': [
    'Suppliers or platforms already active around {p}',
    'Experts or communities around {p}',
    'Distribution partners who reach people interested in {p}',
  ],
  'Key Activities': [
    'Build and improve the offering for {p}',
    'Win and onboard customers for {p}',
    'Measure what customers value about {p}',
  ],
  'Key Resources': ['Know-how about {p}', 'The product and data behind {p}', 'A brand customers trust for {p}'],
  'Value Propositions': [
    'Make {p} easier, faster or cheaper',
    'Take the risk out of {p}',
    'One place for everything about {p}',
  ],
  'Customer Relationships': [
    'Self-service help for {p}',
    'Personal onboarding for {p}',
    'A community of people working on {p}',
  ],
  Channels: [
    'Online communities where people discuss {p}',
    'Helpful content and search around {p}',
    'Partners who already sell to people interested in {p}',
  ],
  'Customer Segments': [
    'People who struggle with {p}',
    'Early adopters already paying for {p}',
    'Small businesses that depend on {p}',
  ],
  'Cost Structure': [
    'Developing and running the product for {p}',
    'Acquiring customers for {p}',
    'Support and operations for {p}',
  ],
  'Revenue Streams': ['A subscription for {p}', 'Pay-per-use fees for {p}', 'A premium tier or services around {p}'],
};

/**
 * The phrases to build drafts from. A text with words but no content words ("It is what it is.") gets a neutral
 * topic: its own sentence would read as a quotation inside the prompt.
 */
function subjects(text: string): string[] {
  const phrases = keyPhrases(text, PHRASES_USED).map((phrase) => shorten(phrase, PHRASE_CHARS));
  if (phrases.length > 0) return phrases;
  return sentences(text).length > 0 ? [FALLBACK_TOPIC] : [];
}

function withoutEndPunctuation(sentence: string): string {
  return sentence.replace(/[\s.!?;:,]+$/, '');
}

function draftSuggestions<T extends QuestionType>(type: T, text: string): SuggestionsFor<T> {
  const result = emptySuggestions(type);
  const topics = subjects(text);
  if (topics.length === 0) return result;
  const categories: readonly Category<T>[] = CATEGORIES[type];
  for (const category of categories) {
    // Rotate through the phrases so each category touches several parts of the text.
    const drafts = PROMPTS[category].map((prompt, i) => prompt.replace('{p}', topics[i % topics.length] ?? ''));
    const list = toStringList(drafts, category);
    result[category] = list.ok ? list.value : [];
  }
  return result;
}

/**
 * Three directions for the founder's own idea. The title carries their first sentence; the descriptions speak of
 * "your idea" rather than splice in a key phrase, which may be any part of speech ("plans weekly meals"). They
 * carry no "drafted offline" prefix: the response's `source: 'offline'` is what the UI labels, and a chosen idea
 * is saved as the founder's idea text.
 */
function draftIdeas(text: string): GeneratedIdea[] {
  const first = sentences(text)[0];
  if (!first) return [];
  const shortened = shorten(withoutEndPunctuation(first), TITLE_CORE_CHARS);
  // A title starts with a capital even when the founder typed their description in lower case.
  const core = shortened.charAt(0).toUpperCase() + shortened.slice(1);
  const ideas: GeneratedIdea[] = [
    {
      title: `${core} — for a specific niche`,
      description:
        'Start with the one group of customers who need your idea most, win them over completely, and widen out from there.',
    },
    {
      title: `${core} — as a subscription service`,
      description:
        'Offer your idea as a recurring subscription, so customers keep getting value and you earn predictable revenue.',
    },
    {
      title: `${core} — with a marketplace model`,
      description:
        'Connect the people who need what your idea offers with those who can provide it, and earn a fee on each match.',
    },
  ];
  return ideas.slice(0, AI_LIMITS.ideas).map((idea) => ({
    title: idea.title.slice(0, AI_LIMITS.ideaTitleChars),
    description: idea.description.slice(0, AI_LIMITS.ideaDescriptionChars),
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
