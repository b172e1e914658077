/**
 * The port the app uses for its AI automations (spec §7 "External webhooks"). Handlers
 * depend on this interface only; `bedrock.ts` asks the stage's Amazon Bedrock model,
 * `webhook.ts` calls hosted automations and `offline.ts` drafts deterministic suggestions
 * from the founder's own text, so local runs, tests and a missing configuration still
 * produce something to show.
 */

import { AI_OPERATIONS, type AiOperation } from '#shared/deploy-names';
import type { OnboardingAnswers } from '#shared/domain/onboarding';
import { CATEGORIES, type Category, type PhaseType, type QuestionType } from '#shared/domain/questions';

export interface GeneratedIdea {
  title: string;
  description: string;
}

/** Every category of the type is present, possibly with an empty list. */
export type SuggestionsFor<T extends PhaseType> = Record<Category<T>, string[]>;

/** Where a value came from, so the UI can label offline drafts as such. */
export type AiSource = 'bedrock' | 'webhook' | 'offline';

/**
 * Why an automation gave nothing usable. `throttled`: the model service refused for load or quota; `refused`: the
 * model declined (a content filter or guardrail); `truncated`: the answer hit its token cap before it was complete.
 */
export type AiFailureReason =
  | 'timeout'
  | 'http-error'
  | 'malformed'
  | 'network'
  | 'throttled'
  | 'refused'
  | 'truncated';

/** One question of a phase, as a coach wrote it, with this founder's answers to it (none for the phase ahead). */
export interface GroundingQuestion {
  category: string;
  text: string;
  answers: readonly string[];
}

/**
 * What one founder has given so far, for a model's prompt to build on (prompts/): never more than this founder's own
 * records and the coach-authored questions. Handlers pass it lazily (`GroundingSource`): only a provider that uses
 * it (Bedrock) reads it from the store.
 */
export interface FounderGrounding {
  /** The setup wizard's answers, when the founder has given them. */
  setup: OnboardingAnswers | null;
  /** The saved idea, once chosen. */
  idea: string | null;
  /** Earlier phases, in journey order: each question with the founder's answers. */
  phases: readonly { type: QuestionType; questions: readonly GroundingQuestion[] }[];
  /** The phase the suggestions are for: its questions, which the suggestions help the founder answer. */
  target: { type: QuestionType; questions: readonly GroundingQuestion[] } | null;
}
export type GroundingSource = () => Promise<FounderGrounding>;

export type AiOutcome<V> =
  | { ok: true; value: V; source: AiSource }
  | { ok: false; reason: AiFailureReason; detail: string };

/**
 * Each operation takes the spec's {text} and, optionally, the founder's grounding; adapters that need only the text
 * (webhook, offline) ignore the second argument.
 */
export interface AiAutomations {
  /** Idea generation: {text} → object title → description; at most 3 used. */
  generateIdeas(text: string, grounding?: GroundingSource): Promise<AiOutcome<GeneratedIdea[]>>;
  /** Trigger suggestions from the saved idea: arrays Customer_Jobs|Customer Jobs, Customer_Gains|…, Customer_Pains|… */
  triggerSuggestions(idea: string, grounding?: GroundingSource): Promise<AiOutcome<SuggestionsFor<'trigger'>>>;
  /**
   * On trigger unlock: {text} = the founder's trigger answers joined by newlines → customerJobs, customerGains,
   * customerPains, productsServices, painRelievers, gainCreators.
   */
  valuePropositionSuggestions(
    answersText: string,
    grounding?: GroundingSource,
  ): Promise<AiOutcome<SuggestionsFor<'value-proposition'>>>;
  /**
   * On value-proposition unlock: {text} = answers grouped by category in the fixed order, joined by newlines →
   * customerSegments, valuePrepositions, channels, customerRelationships, revenueStreams, keyResources,
   * keyActivities, keyPartners, costStructure.
   */
  businessModelSuggestions(
    answersText: string,
    grounding?: GroundingSource,
  ): Promise<AiOutcome<SuggestionsFor<'business-model'>>>;
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
export function emptySuggestions<T extends PhaseType>(type: T): SuggestionsFor<T> {
  const categories: readonly Category<T>[] = CATEGORIES[type];
  return Object.fromEntries(categories.map((category) => [category, [] as string[]])) as SuggestionsFor<T>;
}
