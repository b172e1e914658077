/**
 * The question types and their categories (group_type), in display order.
 * This is the single source of truth: the API validates against it, the seed
 * bank is typed by it and the UI imports it for headings and ordering.
 */

import { TOOL_IDS, type ToolId, VALIDATE_TOOLS } from './validate-tools';

/** The reviewed phases' question types: a coach's review of one unlocks the next phase (shared/domain/phases.ts). */
export const PHASE_TYPES = ['trigger', 'value-proposition', 'business-model'] as const;
export type PhaseType = (typeof PHASE_TYPES)[number];

/**
 * Every question type: the reviewed phases, then the Validate tools (shared/domain/validate-tools.ts), whose
 * categories are their sections. A tool is answered, reviewed, kept in history and exported like a canvas; it
 * unlocks nothing.
 */
export const QUESTION_TYPES = [...PHASE_TYPES, ...TOOL_IDS] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export function isPhaseType(type: QuestionType): type is PhaseType {
  return (PHASE_TYPES as readonly string[]).includes(type);
}

/** Display order. Trigger questions show Jobs, Gains, Pains (spec §2). */
const PHASE_CATEGORIES = {
  trigger: ['Customer Jobs', 'Customer Gains', 'Customer Pains'],
  'value-proposition': [
    'Customer Jobs',
    'Customer Pains',
    'Customer Gains',
    'Products & Services',
    'Pain Relievers',
    'Gain Creators',
  ],
  'business-model': [
    'Key Partners',
    'Key Activities',
    'Key Resources',
    'Value Propositions',
    'Customer Relationships',
    'Channels',
    'Customer Segments',
    'Cost Structure',
    'Revenue Streams',
  ],
} as const satisfies Record<PhaseType, readonly string[]>;

/** Each type's categories in display order; a tool's are its sections' titles. */
export const CATEGORIES: typeof PHASE_CATEGORIES & Record<ToolId, readonly string[]> = {
  ...PHASE_CATEGORIES,
  ...(Object.fromEntries(
    VALIDATE_TOOLS.map((tool) => [tool.id, tool.sections.map((s) => s.title)]),
  ) as unknown as Record<ToolId, readonly string[]>),
};

export type Category<T extends QuestionType = QuestionType> = (typeof CATEGORIES)[T][number];

/** Human labels, as the spec names the types ('Trigger Questions', …). */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  trigger: 'Trigger Questions',
  'value-proposition': 'Value Proposition',
  'business-model': 'Business Model',
  ...(Object.fromEntries(VALIDATE_TOOLS.map((tool) => [tool.id, tool.title])) as Record<ToolId, string>),
};

export function isCategoryOf(type: QuestionType, value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES[type] as readonly string[]).includes(value);
}

/** A question as stored and served. Optional texts are null when empty (spec §5). */
export interface Question {
  id: string;
  type: QuestionType;
  category: Category;
  text: string;
  explanation: string | null;
  example: string | null;
  videoUrl: string | null;
  createdAt: string;
  /** Sort key inside a category; seeded questions keep their authored order. */
  order: number;
}

/** Orders questions by category display order, then authored order, then creation time. */
export function sortQuestions<Q extends Pick<Question, 'type' | 'category' | 'order' | 'createdAt'>>(
  questions: readonly Q[],
): Q[] {
  return [...questions].sort((a, b) => {
    const ca = (CATEGORIES[a.type] as readonly string[]).indexOf(a.category);
    const cb = (CATEGORIES[b.type] as readonly string[]).indexOf(b.category);
    if (ca !== cb) return ca - cb;
    if (a.order !== b.order) return a.order - b.order;
    return a.createdAt.localeCompare(b.createdAt);
  });
}
