/**
 * The review list the bench's seeded founders join, in a module of its own (no stack, no seeding) so the activity
 * profile (capacity-profile.ts) and through it the capacity model (infra/capacity-model.ts) can name it.
 */
import { buildPath } from '#shared/routes';

/** The review list the seeded founders join, and the one the coach's list page shows. */
export const SEEDED_TYPE = 'business-model';

export const reviewListPath = `${buildPath('review.list', { type: SEEDED_TYPE })}?state=pending`;
