/** Every text of the admin question pages that depends on the question type (spec §2, §5, §8). */
import { CATEGORIES, type QuestionType } from '#shared/domain/questions';
import { type ToolId, VALIDATE_TOOLS } from '#shared/domain/validate-tools';

export interface TypeTexts {
  title: string;
  subtitle: string;
  categories: readonly string[];
  /** The type in a sentence: 'trigger', 'value proposition', 'business model'. */
  noun: string;
  /** Input type of the video URL in the add dialog: the business model page uses a URL input (spec §5). */
  videoInputType: 'url' | 'text';
  fetchFailed: string;
  added: string;
  addFailed: string;
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
  /** What the delete dialog says is lost, naming the question. */
  confirmDelete: (questionText: string) => string;
}

function textsOf(type: QuestionType, title: string, noun: string, extra: Pick<TypeTexts, 'videoInputType'>): TypeTexts {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return {
    title,
    subtitle: `Create and organize the ${noun} questions founders answer, and review their answers.`,
    categories: CATEGORIES[type],
    noun,
    ...extra,
    fetchFailed: `Failed to fetch ${noun} questions.`,
    added: `${Noun} question added successfully.`,
    addFailed: `Failed to add ${noun} question.`,
    updated: `${Noun} question updated successfully.`,
    updateFailed: `Failed to update ${noun} question.`,
    deleted: `${Noun} question deleted successfully.`,
    deleteFailed: `Failed to delete ${noun} question.`,
    confirmDelete: (questionText) =>
      `This cannot be undone. The ${noun} question “${questionText}” will be deleted, and founders will no longer be asked it.`,
  };
}

export const TYPE_TEXTS: Record<QuestionType, TypeTexts> = {
  trigger: textsOf('trigger', 'Trigger Questions Management', 'trigger', { videoInputType: 'text' }),
  'value-proposition': textsOf('value-proposition', 'Value Proposition Questions Management', 'value proposition', {
    videoInputType: 'text',
  }),
  'business-model': textsOf('business-model', 'Business Model Questions Management', 'business model', {
    videoInputType: 'url',
  }),
  // A tool's guidance questions sit in its sections, under the fields the tool defines.
  ...(Object.fromEntries(
    VALIDATE_TOOLS.map((tool) => [
      tool.id,
      {
        ...textsOf(tool.id, `${tool.title} Guidance Questions`, `${tool.title} guidance`, { videoInputType: 'url' }),
        subtitle: `${tool.summary} Each section lists the fields every founder fills in; add your guidance questions under them, and review the founders' sheets below.`,
      },
    ]),
  ) as Record<ToolId, TypeTexts>),
};

export const REQUIRED_FIELDS = 'Please fill in all required fields.';
export const INVALID_VIDEO = 'Please check the video URL.';
