/**
 * The coaches' founder directory: where each founder stands, in words both sides share.
 *
 * A founder's current phase is the first one not finished (idea, then each reviewed phase until a coach
 * unlocks it, then validation). Each reviewed phase has a review status; the directory filters on the
 * status of one phase, or — with no phase chosen — on the status of the founder's current phase.
 */
import { REVIEWED_PHASES } from './phases';
import { REVIEW_STATE_LABELS } from './review-state';

export const DIRECTORY_PHASES = ['generate-idea', ...REVIEWED_PHASES, 'validation'] as const;
export type DirectoryPhase = (typeof DIRECTORY_PHASES)[number];

export const REVIEW_STATUSES = ['in-progress', 'pending', 'changes-requested', 'unlocked'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const DIRECTORY_PHASE_LABELS: Record<DirectoryPhase, string> = {
  'generate-idea': 'Idea',
  trigger: 'Trigger questions',
  'value-proposition': 'Value Proposition',
  'business-model': 'Business Model',
  validation: 'Validation tests',
};

/** The directory's words for each status are the review state's own (review-state.ts), so every list agrees. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  'in-progress': REVIEW_STATE_LABELS['in-progress'],
  pending: REVIEW_STATE_LABELS.waiting,
  'changes-requested': REVIEW_STATE_LABELS['changes-requested'],
  unlocked: REVIEW_STATE_LABELS.unlocked,
};

/** Founders per directory page. */
export const DIRECTORY_PAGE_SIZE = 25;

/** The longest search text: a name, an email or a startup name fits. */
export const DIRECTORY_SEARCH_MAX = 100;

/**
 * How a name, email or startup is compared: lower case, accents dropped, runs of spaces made one.
 * The directory item stores its search text in this form and a query is normalised the same way,
 * so "José" finds "jose" and "ACME  Labs" finds "acme labs".
 */
export function normaliseSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
