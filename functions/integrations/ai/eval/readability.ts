/**
 * Whether drafts read as written by a person (issue 36), beyond being complete (properties.ts): each ends as a
 * sentence does, quotes no fragment inside a frame, says at least a clause, and differs in wording from the other
 * drafts of its section. The offline drafter must pass these on the whole eval corpus; a model's drafts are judged
 * and reported the same way. The heuristics are deliberately simple, so a failure is easy to read:
 *
 * - sentence-final: the text ends with . ! or ? (a closing bracket may follow).
 * - no-quoted-fragment: no quotation mark of any kind (" “ ” „ « » ‘, or ' / ’ opening a word); an apostrophe inside
 *   or closing a word ("don't", "customers’") is not one.
 * - clause: at least `MIN_CLAUSE_WORDS` words, one of them verb-ish: an auxiliary or modal, a common verb from a short
 *   list, a word ending in -ed or -ing, or any word right after a subject pronoun ("you serve", "it holds").
 * - distinct-wording: the token-set Jaccard similarity of two drafts of one section is below `MAX_SIMILARITY`.
 */

export const READABILITY_PROPERTIES = ['sentence-final', 'no-quoted-fragment', 'clause', 'distinct-wording'] as const;
export type ReadabilityProperty = (typeof READABILITY_PROPERTIES)[number];

export interface ReadabilityViolation {
  property: ReadabilityProperty;
  text: string;
}

/** Fewer words than this is a label ("Bakeries", "Three services"), not a statement. */
export const MIN_CLAUSE_WORDS = 4;
/** Two drafts sharing this share of their distinct words (or more) say the same thing twice. */
export const MAX_SIMILARITY = 0.8;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Verb-ish words: auxiliaries, modals and the verbs drafts are most often built on. */
const VERBISH = new Set(
  (
    'is are was were am be been has have had do does did can could will would should may might must ask ' +
    'asks bring brings build builds buy buys charge charges choose chooses come comes cost costs cut cuts ' +
    'decide decides get gets give gives go goes hand hands help helps keep keeps know knows lead leads ' +
    'leave leaves let lets lose loses make makes mean means measure need needs offer offers pay pays pick ' +
    'picks put puts reach reaches run runs say says see sees sell sells serve serves set sets show shows ' +
    'solve solves start starts take takes tell tells try tries use uses want wants watch win wins work ' +
    'works'
  ).split(' '),
);

function words(text: string): string[] {
  return (text.match(WORD) ?? []).map((word) => word.toLowerCase());
}

export function endsAsSentence(text: string): boolean {
  return /[.!?][)\]]*$/.test(text.trim());
}

/** Quotation marks; a single quote counts only where it opens a word, since inside or after one it is an apostrophe. */
export function hasQuotedFragment(text: string): boolean {
  return /["“”„«»‘]/.test(text) || /(?:^|[\s([])['’]\p{L}/u.test(text);
}

function verbish(word: string): boolean {
  return VERBISH.has(word) || (word.length >= 5 && /(?:ed|ing)$/.test(word));
}

/** Subject pronouns: the word after one is its verb, whatever the verb ("you serve", "they cancel"). */
const SUBJECTS = new Set('i you we they he she it'.split(' '));

export function isClause(text: string): boolean {
  const found = words(text);
  const afterSubject = found.slice(0, -1).some((word) => SUBJECTS.has(word));
  return found.length >= MIN_CLAUSE_WORDS && (afterSubject || found.some(verbish));
}

/** |A ∩ B| / |A ∪ B| of the two texts' lower-cased word sets; two texts without words are the same. */
export function similarity(a: string, b: string): number {
  const left = new Set(words(a));
  const right = new Set(words(b));
  const union = new Set([...left, ...right]);
  if (union.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / union.size;
}

export interface ReadabilityOptions {
  /** Titles are names, not sentences: they are checked only for quotes and near-duplicates. */
  title?: boolean;
  /** False where the list's items are compared as part of something larger (an idea's title with its description). */
  distinct?: boolean;
}

/** The items of a list that are near-duplicates of an earlier one. */
export function nearDuplicates(list: readonly string[]): string[] {
  return list.filter((text, i) => list.slice(0, i).some((earlier) => similarity(earlier, text) >= MAX_SIMILARITY));
}

/** The violations of one section's drafts, in list order; a near-duplicate is reported as the later draft. */
export function checkReadability(
  list: readonly string[],
  { title = false, distinct = true }: ReadabilityOptions = {},
): ReadabilityViolation[] {
  const found: ReadabilityViolation[] = [];
  for (const text of list) {
    if (!title && !endsAsSentence(text)) found.push({ property: 'sentence-final', text });
    if (hasQuotedFragment(text)) found.push({ property: 'no-quoted-fragment', text });
    if (!title && !isClause(text)) found.push({ property: 'clause', text });
  }
  if (distinct) for (const text of nearDuplicates(list)) found.push({ property: 'distinct-wording', text });
  return found;
}
