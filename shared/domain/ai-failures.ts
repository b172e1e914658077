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
