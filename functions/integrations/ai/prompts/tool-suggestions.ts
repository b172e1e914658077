/**
 * A Validate tool's suggestions: one JSON list per section, keyed by the section's title, built on the founder's
 * idea, setup, canvases, other tools and validation tests. The sections, what each is for and what each builds on
 * (tool-basis.ts) are ours and go in the instructions; the founder's material goes between the tags.
 */
import { PHASE_TYPES, QUESTION_TYPE_LABELS, type QuestionType } from '#shared/domain/questions';
import { isToolId, TOOL_IDS, toolFieldOf, toolOf } from '#shared/domain/validate-tools';
import { TOOL_BASIS } from '../tool-basis';
import { basisLabel, basisLines, type ToolMaterial } from '../tool-material';
import { clean, setupSection, withinBudget } from './material';
import { listShape, MAX_OUTPUT_TOKENS, type Prompt, systemPrompt } from './template';

export const TOOL_SUGGESTIONS_PROMPT_VERSION = 'toolSuggestions@1';

/**
 * Less material than the port's operations (16,000): the instructions name every section, and with this budget a
 * tool's call still costs less than idea generation's worst case, which the cost figures assume (docs/ai.md).
 */
export const TOOL_MATERIAL_CHARS = 12_000;

function sectionLine(material: ToolMaterial, title: string): string {
  const section = toolOf(material.tool).sections.find((s) => s.title === title);
  const purpose = (section?.fields ?? []).map((field) => `${field.label}: ${field.help}`).join(' ');
  const bases = [...new Set((TOOL_BASIS[material.tool][title] ?? []).map((basis) => basisLabel(basis.from)))];
  return `- "${title}" — ${purpose} Builds on: ${bases.join('; ')}.`;
}

function system(material: ToolMaterial): string {
  const tool = toolOf(material.tool);
  const titles = tool.sections.map((section) => section.title);
  return systemPrompt(
    `You are a startup coach helping a pre-seed founder fill in their ${tool.title} (${tool.summary})`,
    "Build on the founder's earlier work: their idea in <idea>, their canvases and other worksheets in <phase> " +
      '(answers grouped by category), their completed validation tests in <tests> and their setup in <setup>. For ' +
      'each section below, suggest entries that follow from what that section builds on, fitted to their coach’s ' +
      'questions in <questions>. Quote or name what the founder wrote; where a section needs a number, a date or a ' +
      'budget they did not give, say what to measure or decide instead of writing a figure.\n\nThe sections:\n' +
      titles.map((title) => sectionLine(material, title)).join('\n'),
    listShape(titles, '2 to 3', 20),
  );
}

/** The founder's answers of one type, grouped by category; a tool's fields read as their labels and values. */
function typeSection(material: ToolMaterial, type: QuestionType): string | null {
  const ofType = material.answers.filter((answer) => answer.type === type);
  const groups = new Map<string, string[]>();
  for (const answer of ofType) {
    const field = isToolId(type) ? toolFieldOf(type, answer.questionId) : null;
    const lines = field
      ? basisLines(material, { tool: field.tool.id, field: field.field.id })
      : answer.answers.map((line) => line.trim()).filter((line) => line.length > 0);
    if (lines.length > 0) groups.set(answer.category, [...(groups.get(answer.category) ?? []), ...lines]);
  }
  if (groups.size === 0) return null;
  const blocks = [...groups].map(
    ([category, lines]) =>
      `<answers category="${clean(category)}">\n${lines.map((line) => `<answer>${clean(line)}</answer>`).join('\n')}\n</answers>`,
  );
  return `<phase name="${QUESTION_TYPE_LABELS[type]}">\n${blocks.join('\n')}\n</phase>`;
}

export function toolSuggestionsPrompt(material: ToolMaterial): Prompt {
  const others = TOOL_IDS.filter((id) => id !== material.tool);
  const guidance = material.guidance.map(
    (question) => `<question category="${clean(question.category)}">${clean(question.text)}</question>`,
  );
  const user = withinBudget(
    [
      material.idea ? `<idea>\n${clean(material.idea)}\n</idea>` : null,
      ...PHASE_TYPES.map((type) => typeSection(material, type)),
      material.tests.length > 0
        ? `<tests>\n${material.tests.map((line) => `<answer>${clean(line)}</answer>`).join('\n')}\n</tests>`
        : null,
      ...others.map((type) => typeSection(material, type)),
      setupSection(material.setup),
      guidance.length > 0
        ? `<questions phase="${QUESTION_TYPE_LABELS[material.tool]}">\n${guidance.join('\n')}\n</questions>`
        : null,
    ],
    TOOL_MATERIAL_CHARS,
  );
  return {
    operation: 'toolSuggestions',
    version: TOOL_SUGGESTIONS_PROMPT_VERSION,
    system: system(material),
    user,
    maxTokens: MAX_OUTPUT_TOKENS.toolSuggestions,
    temperature: 0.4,
  };
}
