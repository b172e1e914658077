/**
 * What a founder reads when idea generation gives nothing usable, by why (the AI port's failure reasons): each says
 * what to do next. The API sends it as the response's `error`, the page shows it as it is.
 */
export const IDEA_FAILURE_MESSAGES = {
  timeout: 'The AI took too long to answer. Please try again; a shorter description often helps.',
  throttled: 'The AI service is busy right now. Please try again in a minute.',
  refused: 'The AI could not write ideas from this description. Rephrase it and try again.',
  truncated: "The AI's answer was cut short. Please try again with a shorter description.",
  malformed: 'The AI answered in a form we could not read. Please try again.',
  'http-error': 'Failed to generate idea. Please try again.',
  network: 'Failed to generate idea. Please try again.',
} as const;

export type IdeaFailureReason = keyof typeof IDEA_FAILURE_MESSAGES;

/**
 * What a founder reads when drafting a Validate tool's suggestions gives nothing usable (POST /api/suggestions/{tool}
 * answers 503 with it; any earlier draft stays stored). Each says what to do next.
 */
export const TOOL_SUGGESTION_FAILURE_MESSAGES = {
  timeout: 'The AI took too long to draft suggestions. Please try again.',
  throttled: IDEA_FAILURE_MESSAGES.throttled,
  refused: 'The AI could not draft suggestions from your earlier answers. Reword them and try again.',
  truncated: "The AI's suggestions were cut short. Please try again.",
  malformed: IDEA_FAILURE_MESSAGES.malformed,
  'http-error': 'Failed to draft suggestions. Please try again.',
  network: 'Failed to draft suggestions. Please try again.',
} as const satisfies Record<IdeaFailureReason, string>;
