/**
 * The port the app uses for its AI automations (spec §7 "External webhooks"). Handlers
 * depend on this interface only; `webhook.ts` calls the hosted automations and
 * `offline.ts` drafts deterministic suggestions from the founder's own text, so local
 * runs, tests and a missing configuration still produce something to show.
 */
import { AI_OPERATIONS, type AiOperation } from '#shared/deploy-names';
import { CATEGORIES, type Category, type QuestionType } from '#shared/domain/questions';

export interface GeneratedIdea {
  title: string;
  description: string;
}

/** Every category of the type is present, possibly with an empty list. */
export type SuggestionsFor<T extends QuestionType> = Record<Category<T>, string[]>;

/** Where a value came from, so the UI can label offline drafts as such. */
export type AiSource = 'webhook' | 'offline';

export type AiFailureReason = 'timeout' | 'http-error' | 'malformed' | 'network';

export type AiOutcome<V> =
  | { ok: true; value: V; source: AiSource }
  | { ok: false; reason: AiFailureReason; detail: string };

export interface AiAutomations {
  /** Idea generation: {text} → object title → description; at most 3 used. */
  generateIdeas(text: string): Promise<AiOutcome<GeneratedIdea[]>>;
  /** Trigger suggestions from the saved idea: arrays Customer_Jobs|Customer Jobs, Customer_Gains|…, Customer_Pains|… */
  triggerSuggestions(idea: string): Promise<AiOutcome<SuggestionsFor<'trigger'>>>;
  /**
   * On trigger unlock: {text} = the founder's trigger answers joined by newlines → customerJobs, customerGains,
   * customerPains, productsServices, painRelievers, gainCreators.
   */
  valuePropositionSuggestions(answersText: string): Promise<AiOutcome<SuggestionsFor<'value-proposition'>>>;
  /**
   * On value-proposition unlock: {text} = answers grouped by category in the fixed order, joined by newlines →
   * customerSegments, valuePrepositions, channels, customerRelationships, revenueStreams, keyResources,
   * keyActivities, keyPartners, costStructure.
   */
  businessModelSuggestions(answersText: string): Promise<AiOutcome<SuggestionsFor<'business-model'>>>;
}

export { AI_OPERATIONS, type AiOperation };

/** The suggestion operations and the question type whose categories they fill. */
export const SUGGESTION_TYPE = {
  trigger: 'trigger',
  valueProposition: 'value-proposition',
  businessModel: 'business-model',
} as const satisfies Record<Exclude<AiOperation, 'ideas'>, QuestionType>;

/** Limits applied to whatever an automation (or the offline drafter) returns, so storage and UI stay bounded. */
export const AI_LIMITS = {
  ideas: 3,
  ideaTitleChars: 200,
  ideaDescriptionChars: 2000,
  itemsPerCategory: 20,
  itemChars: 500,
} as const;

/**
 * Empty lists for every category of a type: what the spec stores when an automation fails
 * ("a parse failure yields empty data and does not stop the unlock").
 */
export function emptySuggestions<T extends QuestionType>(type: T): SuggestionsFor<T> {
  const categories: readonly Category<T>[] = CATEGORIES[type];
  return Object.fromEntries(categories.map((category) => [category, [] as string[]])) as SuggestionsFor<T>;
}
