/**
 * How the offline drafter sets a founder's statement inside one of its own sentences. A statement arrives as the
 * founder typed it ("Unreliable access is the worst: 14 of 18 interviews.", "A marketplace where…", "Bake bread"),
 * and a draft must read as one sentence a person wrote, not as a template with a quotation pasted in. So each
 * statement is normalised for use mid-sentence (no quotation marks, no end punctuation, colons and semicolons
 * turned into the commas or brackets a sentence can hold, a grammatical capital lowered) and sorted into the shape
 * it has, so the frame that suits that shape can take it: a noun phrase follows a preposition ("…around bakeries"),
 * a clause follows "because" or leads the sentence, a bare verb phrase follows "to". The shapes are guessed from a
 * few word lists, not a parser: a guess that misses falls back to the noun-phrase frames, which still read as a
 * sentence.
 */

/** The shape of a statement, as far as the frames need to know it. */
export type StatementKind =
  /** "dog walking for busy commuters", "A marketplace where farmers sell…": takes a noun-phrase slot. */
  | 'noun'
  /** "Parents lose hours deciding what to cook", "they cancel trips": subject and verb. */
  | 'clause'
  /** "Bake bread", "Rent a tool for a weekend": a verb phrase with no subject, read after "to". */
  | 'action'
  /** "Helps teams collect feedback": a verb phrase whose subject is the founder's idea. */
  | 'predicate'
  /** "Which medicines run out next week": an open question. */
  | 'question';

export interface Statement {
  kind: StatementKind;
  /** Ready to embed mid-sentence: no quotes, no end punctuation, a grammatical capital lowered. */
  text: string;
}

/** Words: letters or digits, allowing inner apostrophes and hyphens, as phrases.ts reads them. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Auxiliaries, modals and copulas: any of them after the subject makes a clause. */
const AUXILIARIES = new Set(
  (
    'is are was were be been has have had do does did can could will would should may might must ' +
    "cannot can't won't don't doesn't didn't isn't aren't wasn't weren't hasn't haven't shouldn't wouldn't couldn't " +
    'can’t won’t don’t doesn’t didn’t isn’t aren’t wasn’t weren’t hasn’t haven’t'
  ).split(' '),
);

/**
 * Verbs founders write in the present tense after a subject ("Parents lose…", "Dust cuts…"), base and -s forms.
 * Left out where the noun is as common as the verb: "plan(s)", "returns", "drop(s)" ("weekly meal plans").
 */
const FINITE_VERBS = new Set(
  (
    'arrive arrives ask asks buy buys cancel cancels chase chases collect come comes cost costs cut cuts decide decides die ' +
    'dies drop drops fail fails forget forgets get gets go goes hate hates hire hires keep keeps know knows lack ' +
    'lacks leave leaves live lives lose loses love loves mean means miss misses need needs own owns pay pays ' +
    'prefer prefers rely relies return run runs succeeded failed showed say says see sees sell sells send sends show shows ' +
    'spend spends struggle struggles take takes trust trusts use uses wait waits want wants waste wastes work works ' +
    'worry worries'
  ).split(' '),
);

/** Verbs a founder opens a job or an answer with ("Bake bread", "Fill the return leg"): the imperative form. */
const BASE_VERBS = new Set(
  (
    'answer avoid bake book build buy chase check choose collect compare connect cook cut decide deliver fill find ' +
    'feed fix get grow hire keep know learn make manage meet pass pay prove reach reduce rent run save sell send ' +
    'ship stop track travel win'
  ).split(' '),
);

/** Third-person verbs a description of the idea opens with ("Helps teams…", "Matches newcomers…"). */
const PREDICATE_VERBS = new Set(
  (
    'automates books brings builds collects connects creates cuts delivers enables finds gives helps keeps lets ' +
    'makes manages matches offers plans predicts provides reduces saves sends shows tracks turns'
  ).split(' '),
);

/** Subject pronouns: a statement opening with one is a clause ("They cancel trips"). */
const PRONOUNS = new Set('i we they he she it you'.split(' '));

/** Words before which a verb belongs to a relative or subordinate clause, so the statement stays a noun phrase. */
const SUBORDINATORS = new Set(
  'that which who whom whose where when while if because although though since unless until whereas'.split(' '),
);

/**
 * Words after which a verb-like word is a noun ("the cost", "per drop", "für die Schlange"): determiners and
 * prepositions, with the commonest of German and French, whose articles look like English verbs.
 */
const NOUN_CONTEXT = new Set(
  (
    'a an the my our your their its his her per of for with to in on at by from into about ' +
    'für mit von zu im am der die das den dem und zwischen pour avec de des du la le les entre par sur'
  ).split(' '),
);

/** Adverbs that stand between a subject and its verb, so the word after one is the verb, whatever it is. */
const PRE_VERB_ADVERBS = new Set('then often always never still already usually sometimes rarely also just'.split(' '));

/** Words that open a question the founder asked themselves. */
const QUESTION_WORDS = new Set('what which who why how when where whether'.split(' '));

/** Articles a frame may already supply, so the founder's own one is dropped ("the segment independent shops"). */
const ARTICLE = /^(?:a|an|the)\s+/i;

/** Quotation marks of every kind, and a single quote that opens or closes a quotation rather than a word. */
const QUOTATION = /["“”„«»‘]|(?<=^|[\s(])['’]|['’](?=$|[\s),.;:!?])(?<![sS]['’])/g;
/** A single quote opening a quotation: then one after an "s" closes it ('double bookings'), not a plural's possessive. */
const OPENING_SINGLE = /(?:^|[\s(])['‘]\p{L}/u;
const CLOSING_AFTER_S = /(?<=[sS])['’](?=$|[\s),.;:!?])/g;

/**
 * A word that keeps its capital mid-sentence: an acronym or a name with an inner capital ("SaaS", "DSARs", "B2B"),
 * "I", or a word the founder capitalised somewhere other than at the start of a sentence or line.
 */
function keepsCapital(word: string, context: string, nextWords: string): boolean {
  if (word === 'I' || /^\p{Lu}.*(?:\p{Lu}|\p{N})/u.test(word)) return true;
  if (!/^\p{Lu}/u.test(word)) return true;
  // A run of capitalised words is a name ("Landing Page Test", "Big Parcel Co"), not a sentence's capital.
  if (new RegExp(`^${escaped(word)}\\s+\\p{Lu}`, 'u').test(nextWords)) return true;
  // Spaces only: a word after a line break opens the founder's next answer, where the capital is grammar again.
  const midSentence = new RegExp(`[\\p{L}\\p{N},;:)–—][ \\t]+${escaped(word)}(?![\\p{L}\\p{N}])`, 'u');
  return midSentence.test(context);
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A statement as a sentence can hold it mid-way: quotation marks dropped (a draft never quotes), a colon turned
 * into brackets around a short tail ("the worst (14 of 18 interviews)") or a comma before a long one, a semicolon
 * into ", and", a dash into a comma, end punctuation and trailing ellipses removed, and the first letter lowered when it is only a
 * sentence's capital.
 */
export function normalise(raw: string, context = ''): string {
  let text = (OPENING_SINGLE.test(raw) ? raw.replace(CLOSING_AFTER_S, '') : raw)
    .replace(QUOTATION, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim()
    .replace(/(?:[\s.!?;:,…]|\.\.\.)+$/, '')
    .replace(/\s+[–—]\s+/g, ', ');
  text = joinedClauses(text);
  const colon = /^(.*?[^\s:]):\s+(.+)$/.exec(text);
  if (colon) {
    const [, head = '', tail = ''] = colon;
    const short = (tail.match(WORD) ?? []).length <= 6 && !tail.includes(':');
    text = short ? `${head} (${tail})` : `${head}, ${tail.replace(/:\s+/g, ', ')}`;
  }
  const first = text.match(WORD)?.[0];
  if (first !== undefined && text.startsWith(first) && !keepsCapital(first, context, text)) {
    text = first.toLowerCase() + text.slice(first.length);
  }
  return text;
}

/**
 * Semicolons join statements: as a list, with ", and" before the last ("a, b, and c"), they stay one sentence
 * without a comma splice; a last part that opens with its own conjunction keeps it ("slow, but cheap").
 */
function joinedClauses(text: string): string {
  const parts = text.split(/\s*;\s*/).filter((part) => part.length > 0);
  if (parts.length < 2) return parts[0] ?? text;
  const last = parts.at(-1) ?? '';
  const joiner = /^(?:and|but|or|so)\b/i.test(last) ? ', ' : ', and ';
  return `${parts.slice(0, -1).join(', ')}${joiner}${last}`;
}

/** The statement with its leading article dropped, for a frame that supplies its own ("the pain of …"). */
export function withoutArticle(text: string): string {
  return text.replace(ARTICLE, '');
}

function lowerWords(text: string): string[] {
  return (text.match(WORD) ?? []).map((word) => word.toLowerCase());
}

/** Whether a verb follows the subject before any relative or subordinate clause opens. */
function hasMainVerb(words: readonly string[]): boolean {
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    if (SUBORDINATORS.has(word)) return false;
    // "the cost", "a return": after an article or a possessive the word is a noun, not the verb.
    const before = words[i - 1] ?? '';
    if (NOUN_CONTEXT.has(before)) continue;
    if (AUXILIARIES.has(word) || FINITE_VERBS.has(word)) return true;
    // "Owners then apologise", "Clients often pay late": an adverb after the subject sits before its verb.
    const next = words[i + 1];
    if (PRE_VERB_ADVERBS.has(word) && next !== undefined && !NOUN_CONTEXT.has(next) && !SUBORDINATORS.has(next)) {
      return true;
    }
  }
  return false;
}

/**
 * The founder's statement, normalised and sorted by shape. "What if …" is the founder wondering aloud: the clause
 * after it is the statement. `context` is the founder's whole text, for telling names from sentence capitals.
 */
export function statementOf(raw: string, context = raw): Statement {
  const text = normalise(raw, context).replace(/^what if\s+/i, '');
  const words = lowerWords(text);
  const [first = ''] = words;
  if (QUESTION_WORDS.has(first) && words.length > 1) return { kind: 'question', text };
  if (PRONOUNS.has(first) && words.length > 1) return { kind: 'clause', text };
  if (PREDICATE_VERBS.has(first) && words.length > 1) return { kind: 'predicate', text };
  if (BASE_VERBS.has(first) && words.length > 1 && !FINITE_VERBS.has(words[1] ?? '')) return { kind: 'action', text };
  if (hasMainVerb(words)) return { kind: 'clause', text };
  return { kind: 'noun', text };
}

/**
 * The statement as a clause, for frames that need one: an action becomes what customers need to do, a predicate
 * what the idea does, a question what is hard to tell. A noun phrase has no clause of its own (the frame's verb
 * decides what it means), so it is returned as undefined.
 */
export function asClause(statement: Statement, subject = 'your idea'): string | undefined {
  switch (statement.kind) {
    case 'clause':
      return statement.text;
    case 'action':
      return `customers need to ${statement.text}`;
    case 'predicate':
      return `${subject} ${statement.text}`;
    case 'question':
      return `it is hard to tell ${statement.text}`;
    case 'noun':
      return undefined;
  }
}

/**
 * Whether a short phrase is a topic that can stand after a preposition: a noun phrase by `statementOf`, opening
 * on neither a preposition nor an article of another language ("entre start-ups"), and not ending on a verb or a
 * reflexive ("flat tyre means", "notes that write themselves" cut to "write themselves").
 */
export function isTopic(phrase: string): boolean {
  const words = lowerWords(phrase);
  const last = words.at(-1) ?? '';
  return (
    statementOf(phrase).kind === 'noun' &&
    !NOUN_CONTEXT.has(words[0] ?? '') &&
    !FINITE_VERBS.has(last) &&
    !/selves$/.test(last)
  );
}

/** The first letter upper-cased, for text that opens a sentence. */
export function capitalised(text: string): string {
  const [first = ''] = text;
  return first.toUpperCase() + text.slice(first.length);
}
