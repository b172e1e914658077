/** Every text of the review of founders on the admin question pages (spec §2, §8, §9). */
import { type PhaseType, QUESTION_TYPE_LABELS, type QuestionType } from '#shared/domain/questions';
import { type ToolId, VALIDATE_TOOLS } from '#shared/domain/validate-tools';

export interface ReviewTexts {
  title: string;
  empty: string;
  /** Spec §9 unknown names: 'Unknown User' on the trigger page, 'No name' on the others. */
  unknownName: string;
  /** Only the trigger page has a Rating column. */
  ratingColumn: boolean;
}

export const REVIEW_TEXTS: Record<QuestionType, ReviewTexts> = {
  trigger: {
    title: 'Users who completed all trigger questions',
    empty: 'No users have completed trigger questions yet',
    unknownName: 'Unknown User',
    ratingColumn: true,
  },
  'value-proposition': {
    title: 'Users who completed all value proposition questions',
    empty: 'No users have completed value proposition questions yet',
    unknownName: 'No name',
    ratingColumn: false,
  },
  'business-model': {
    title: 'Users who completed all business model questions',
    empty: 'No users have completed business model questions yet',
    unknownName: 'No name',
    ratingColumn: false,
  },
  ...(Object.fromEntries(
    VALIDATE_TOOLS.map((tool) => [
      tool.id,
      {
        title: `Founders who completed the ${tool.title}`,
        empty: `No founders have completed the ${tool.title} yet`,
        unknownName: 'No name',
        ratingColumn: true,
      },
    ]),
  ) as Record<ToolId, ReviewTexts>),
};

export const NO_EMAIL = 'No email';
export const USERS_FETCH_FAILED = 'Failed to fetch users with answers.';
export const ANSWERS_FETCH_FAILED = 'Failed to fetch user answers.';
export const UNLOCKED_OK = 'Next phase unlocked for user successfully.';
export const UNLOCK_FAILED = 'Failed to unlock next phase for user.';
/** What a coach's unlock of each reviewed phase opens, named in the confirmation. */
export const UNLOCK_OPENS: Record<PhaseType, string> = {
  trigger: 'the Value Proposition',
  'value-proposition': 'the Business Model Canvas',
  'business-model': 'the Validation Tests',
};

/** The unlock's confirmation: whose phase, what opens, and what the founder is told. */
export function unlockQuestion(name: string, phase: PhaseType): string {
  return `This will mark ${QUESTION_TYPE_LABELS[phase]} as reviewed for ${name} and open ${UNLOCK_OPENS[phase]}. We email ${name} that it is open.`;
}
export const NO_PENDING = 'No users pending unlock';
export const NO_UNLOCKED = 'No users unlocked yet';
export const NO_PENDING_REVIEW = 'No founders waiting for review';
export const NO_CHANGES_REQUESTED = 'No users sent back for changes';
export const NO_ANSWERS = 'No answers found for this user.';
