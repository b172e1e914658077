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

const IDEA_PREFIX = 'Drafted offline from your description:';
const TITLE_CORE_CHARS = 60;
const PHRASE_CHARS = 60;
const PHRASES_USED = 3;

/** Three prompts per category; `{p}` becomes one of the founder's key phrases. */
const PROMPTS: Record<Category, readonly [string, string, string]> = {
  'Customer Jobs': [
    "Get '{p}' done faster",
    "Decide on '{p}' with confidence",
    "Keep '{p}' organised without extra effort",
  ],
  'Customer Gains': [
    "Save time and money on '{p}'",
    "Visible, measurable results from '{p}'",
    "Feel in control of '{p}'",
  ],
  'Customer Pains': [
    "Too much time lost on '{p}'",
    "Fear of getting '{p}' wrong",
    "Current options for '{p}' are costly or clumsy",
  ],
  'Products & Services': [
    "A simple product that handles '{p}'",
    "Guidance or a service around '{p}'",
    "A starter plan to try '{p}' without risk",
  ],
  'Pain Relievers': [
    "Removes the manual steps in '{p}'",
    "Lowers the risk of mistakes with '{p}'",
    "Cuts the cost of '{p}'",
  ],
  'Gain Creators': [
    "Shows progress on '{p}' at a glance",
    "Delivers a quick first win with '{p}'",
    "Makes '{p}' something customers recommend",
  ],
  'Key Partners': [
    "Suppliers or platforms already serving '{p}'",
    "Experts or communities around '{p}'",
    "Distribution partners reaching people who need '{p}'",
  ],
  'Key Activities': [
    "Build and improve the '{p}' offering",
    "Win and onboard customers for '{p}'",
    "Measure what customers value in '{p}'",
  ],
  'Key Resources': ["Know-how about '{p}'", "The product and data behind '{p}'", "A brand customers trust for '{p}'"],
  'Value Propositions': [
    "Make '{p}' easier, faster or cheaper",
    "Take the risk out of '{p}'",
    "One place for everything about '{p}'",
  ],
  'Customer Relationships': [
    "Self-service help for '{p}'",
    "Personal onboarding for '{p}'",
    "A community of people working on '{p}'",
  ],
  Channels: [
    "Online communities where people discuss '{p}'",
    "Content and search around '{p}'",
    "Partners who already sell to people who need '{p}'",
  ],
  'Customer Segments': [
    "People who struggle with '{p}'",
    "Early adopters already paying for '{p}'",
    "Small businesses that depend on '{p}'",
  ],
  'Cost Structure': [
    "Developing and running '{p}'",
    "Acquiring customers for '{p}'",
    "Support and operations for '{p}'",
  ],
  'Revenue Streams': ["Subscription for '{p}'", "Pay-per-use fees for '{p}'", "Premium tier or services around '{p}'"],
};

/** The phrases to build drafts from; a text without content words falls back to its first sentence. */
function subjects(text: string): string[] {
  const phrases = keyPhrases(text, PHRASES_USED).map((phrase) => shorten(phrase, PHRASE_CHARS));
  if (phrases.length > 0) return phrases;
  const first = sentences(text)[0];
  return first ? [shorten(withoutEndPunctuation(first), PHRASE_CHARS)] : [];
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

function draftIdeas(text: string): GeneratedIdea[] {
  const first = sentences(text)[0];
  if (!first) return [];
  const core = shorten(withoutEndPunctuation(first), TITLE_CORE_CHARS);
  const focus = subjects(text)[0] ?? core;
  const ideas: GeneratedIdea[] = [
    {
      title: `${core} — for a specific niche`,
      description: `${IDEA_PREFIX} start with the one group of customers for whom '${focus}' matters most, and win them before widening out.`,
    },
    {
      title: `${core} — as a subscription service`,
      description: `${IDEA_PREFIX} offer '${focus}' as a recurring subscription, so customers keep getting value and you earn predictable revenue.`,
    },
    {
      title: `${core} — with a marketplace model`,
      description: `${IDEA_PREFIX} connect the people who need '${focus}' with those who can provide it, and earn a fee on each match.`,
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
