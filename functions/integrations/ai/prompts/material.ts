/**
 * The founder's material as the prompts quote it: labelled sections between tags, each value on its own lines, within
 * a character budget so a long upload or many answers cannot raise a call's cost past what docs/ai.md states.
 */
import type { OnboardingAnswers } from '#shared/domain/onboarding';
import { QUESTION_TYPE_LABELS } from '#shared/domain/questions';
import type { FounderGrounding, GroundingQuestion } from '../port';

/**
 * The founder's material in one prompt, in characters: about 4,000 tokens of English, 6,000 at worst for other
 * scripts. With the instructions this bounds a call's input (docs/ai.md, "Cost").
 */
export const MAX_MATERIAL_CHARS = 16_000;

/** Our section tags: a founder's text that writes one is dropped, so it cannot close a section and speak as us. */
const OUR_TAGS = /<\/?\s*(?:founder|request|setup|idea|phase|answers|questions|question|answer|tests)\b[^>]*>/gi;

export function clean(text: string): string {
  return text
    .replace(OUR_TAGS, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

const SETUP_LABELS: Record<Exclude<keyof OnboardingAnswers, 'website'>, string> = {
  startupName: 'Startup name',
  businessType: 'Business type',
  stage: 'Stage',
  industry: 'Industry',
  customerType: 'Customers',
  description: 'Description',
  teamSize: 'Team size',
  fundingStatus: 'Funding',
};

/** The setup wizard's answers as "Label: value" lines (the website is left out: a model cannot visit it). */
export function setupSection(setup: OnboardingAnswers | null): string | null {
  if (!setup) return null;
  const lines = (Object.keys(SETUP_LABELS) as (keyof typeof SETUP_LABELS)[])
    .map((key) => {
      const value = setup[key];
      return typeof value === 'string' && value.trim() ? `${SETUP_LABELS[key]}: ${clean(value)}` : null;
    })
    .filter((line): line is string => line !== null);
  return lines.length > 0 ? `<setup>\n${lines.join('\n')}\n</setup>` : null;
}

function questionBlock(question: GroundingQuestion, withAnswers: boolean): string {
  const answers = question.answers.map(clean).filter((answer) => answer.length > 0);
  const head = `<question category="${question.category}">${clean(question.text)}</question>`;
  if (!withAnswers) return head;
  return answers.length > 0
    ? `${head}\n${answers.map((answer) => `<answer>${answer}</answer>`).join('\n')}`
    : `${head}\n<answer>(not answered yet)</answer>`;
}

export function phaseSections(phases: FounderGrounding['phases']): string[] {
  return phases
    .filter((phase) => phase.questions.some((question) => question.answers.some((answer) => answer.trim())))
    .map(
      (phase) =>
        `<phase name="${QUESTION_TYPE_LABELS[phase.type]}">\n` +
        phase.questions
          .filter((question) => question.answers.some((answer) => answer.trim()))
          .map((question) => questionBlock(question, true))
          .join('\n') +
        '\n</phase>',
    );
}

export function targetSection(target: FounderGrounding['target']): string | null {
  if (!target || target.questions.length === 0) return null;
  return (
    `<questions phase="${QUESTION_TYPE_LABELS[target.type]}">\n` +
    target.questions.map((question) => questionBlock(question, false)).join('\n') +
    '\n</questions>'
  );
}

/**
 * Joins sections in priority order within the budget: a section that no longer fits is cut at a line break and
 * marked, and the ones after it are left out, so what the model sees first is always what matters most.
 */
export function withinBudget(sections: readonly (string | null)[], budget = MAX_MATERIAL_CHARS): string {
  const kept: string[] = [];
  let left = budget;
  for (const section of sections) {
    if (section === null || section === '') continue;
    if (section.length <= left) {
      kept.push(section);
      left -= section.length + 2;
      continue;
    }
    const cut = section.slice(0, Math.max(0, left)).replace(/\n[^\n]*$/, '');
    if (cut.trim()) kept.push(`${cut}\n(the rest is left out for length)`);
    break;
  }
  return kept.join('\n\n');
}

/**
 * The material of a suggestion set built on earlier answers (Value Proposition, Business Model): the saved idea, the
 * earlier phases (or, without grounding, the webhook's {text} as one answers block), the setup, then the questions
 * the suggestions answer. `latestFirst` puts the most recent phase first, where a model weighs it most.
 */
export function answersMaterial(
  answersText: string,
  grounding: FounderGrounding | null,
  order: 'journey' | 'latestFirst',
): string {
  const phases = grounding ? phaseSections(grounding.phases) : [`<answers>\n${clean(answersText)}\n</answers>`];
  return withinBudget([
    grounding?.idea ? `<idea>\n${clean(grounding.idea)}\n</idea>` : null,
    ...(grounding && order === 'latestFirst' ? phases.reverse() : phases),
    setupSection(grounding?.setup ?? null),
    targetSection(grounding?.target ?? null),
  ]);
}
