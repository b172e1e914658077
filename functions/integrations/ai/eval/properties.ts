/**
 * What every AI draft must be, whichever provider wrote it: text a founder could keep. A suggestion or
 * an idea description is a complete sentence; an idea title is complete too, though a model may leave off its full
 * stop. None is cut short, carries the old drafter's boilerplate, or repeats another in its list, each stays within
 * the limits storage applies, and each is built from the founder's own words. `npm run ai:eval` and the drafter's
 * tests both judge outputs with these checks.
 */
import { AI_LIMITS, type GeneratedIdea } from '../port';

export const PROPERTIES = [
  'sentence-complete',
  'no-ellipsis',
  'no-boilerplate',
  'distinct',
  'within-limits',
  'founder-words',
] as const;
export type Property = (typeof PROPERTIES)[number];

export interface Violation {
  property: Property;
  /** The draft that breaks it, for the eval's report. */
  text: string;
}

/** Tails and openers the old drafter appended to every founder's text, whatever they wrote. */
export const BOILERPLATE: readonly RegExp[] = [
  /—\s*for a specific niche/i,
  /—\s*as a subscription service/i,
  /—\s*with a marketplace model/i,
  /start with the one group of customers/i,
  /\bwhat you described\b/i,
  /drafted offline/i,
];

/** Words too common to show that a draft took anything from the founder. */
const COMMON = new Set(
  (
    'and are but can for from had has have her his how its not our out that the their them then there these they ' +
    'this those was were what when where which who why will with would you your yours'
  ).split(' '),
);

/** Words that cannot end a sentence: a draft ending on one was cut or had its slot filled with nothing. */
const DANGLING = new Set(
  (
    'a an the and or but nor of for to with in on at by from about into onto than that which who whose ' +
    'my your our their his her its this these those'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Content words, lower-cased: three characters or more (or any with a digit), not among the most common. */
export function contentWords(text: string): Set<string> {
  return new Set(
    words(text)
      .map((word) => word.toLowerCase())
      .filter((word) => (word.length >= 3 || /\p{N}/u.test(word)) && !COMMON.has(word)),
  );
}

function balanced(text: string, open: string, close: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === open) depth++;
    else if (char === close && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * Complete: starts with a capital (or a digit, or a quotation opening with one), ends on a word that can end a
 * sentence, leaves no placeholder, stray spacing or unclosed quotation (brackets may be a founder's "1)"), and — unless `needsStop` is
 * false — ends with . ! or ? (a closing quotation mark or bracket may follow).
 */
export function isComplete(text: string, needsStop = true): boolean {
  if (text !== text.trim() || /\s{2,}|\s[.,;:!?]|[{}]/.test(text)) return false;
  if (!/^["“‘(]?[\p{Lu}\p{N}]/u.test(text)) return false;
  if (!balanced(text, '“', '”')) return false;
  const body = text.replace(/[”’")]+$/, '');
  const stopped = /[.!?]$/.test(body);
  if (needsStop && !stopped) return false;
  const last = words(body).at(-1)?.toLowerCase();
  return last !== undefined && !DANGLING.has(last);
}

/** No truncation mark: neither the ellipsis character nor three dots. */
export function hasEllipsis(text: string): boolean {
  return text.includes('…') || text.includes('...');
}

export function hasBoilerplate(text: string): boolean {
  return BOILERPLATE.some((pattern) => pattern.test(text));
}

/**
 * Whether a draft shares a content word with what the founder wrote. A founder text with no content word at all
 * ("It is what it is.") gives nothing to share, so any draft passes.
 */
export function usesFounderWords(draft: string, input: string): boolean {
  const theirs = contentWords(input);
  if (theirs.size === 0) return true;
  for (const word of contentWords(draft)) if (theirs.has(word)) return true;
  return false;
}

/** The drafts of a list that repeat an earlier one, ignoring case and surrounding space. */
export function repeats(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const item of list) {
    const fold = item.trim().toLowerCase();
    if (seen.has(fold)) repeated.push(item);
    seen.add(fold);
  }
  return repeated;
}

function textChecks(text: string, input: string, needsStop: boolean): Violation[] {
  const found: Violation[] = [];
  if (!isComplete(text, needsStop)) found.push({ property: 'sentence-complete', text });
  if (hasEllipsis(text)) found.push({ property: 'no-ellipsis', text });
  if (hasBoilerplate(text)) found.push({ property: 'no-boilerplate', text });
  if (!usesFounderWords(text, input)) found.push({ property: 'founder-words', text });
  return found;
}

/**
 * An idea set's violations. The founder's words may sit in the title or the description: an idea is read, and
 * saved, as the two together.
 */
export function checkIdeas(ideas: readonly GeneratedIdea[], input: string): Violation[] {
  const found: Violation[] = [];
  if (ideas.length === 0 || ideas.length > AI_LIMITS.ideas) {
    found.push({ property: 'within-limits', text: `${ideas.length} ideas` });
  }
  for (const { title, description } of ideas) {
    const both = `${title} ${description}`;
    for (const violation of [...textChecks(title, input, false), ...textChecks(description, input, true)]) {
      if (violation.property !== 'founder-words') found.push(violation);
    }
    if (!usesFounderWords(both, input)) found.push({ property: 'founder-words', text: both });
    if (title.length > AI_LIMITS.ideaTitleChars) found.push({ property: 'within-limits', text: title });
    if (description.length > AI_LIMITS.ideaDescriptionChars)
      found.push({ property: 'within-limits', text: description });
  }
  for (const text of [...repeats(ideas.map((idea) => idea.title)), ...repeats(ideas.map((idea) => idea.description))]) {
    found.push({ property: 'distinct', text });
  }
  return found;
}

/** A suggestion set's violations: every category has drafts, and each draft passes every check. */
export function checkSuggestions(
  suggestions: Readonly<Record<string, readonly string[]>>,
  categories: readonly string[],
  input: string,
): Violation[] {
  const found: Violation[] = [];
  for (const category of categories) {
    const list = suggestions[category] ?? [];
    if (list.length === 0 || list.length > AI_LIMITS.itemsPerCategory) {
      found.push({ property: 'within-limits', text: `${category}: ${list.length} suggestions` });
    }
    for (const item of list) {
      found.push(...textChecks(item, input, true));
      if (item.length > AI_LIMITS.itemChars) found.push({ property: 'within-limits', text: item });
    }
    for (const text of repeats(list)) found.push({ property: 'distinct', text });
  }
  return found;
}
