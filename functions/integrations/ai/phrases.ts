/**
 * Small, deterministic text analysis for the offline drafter: sentences and key phrases
 * (a simplified RAKE: runs of content words between stopwords and punctuation, scored
 * by word degree / frequency). No dictionaries or models, so the same text always gives
 * the same phrases.
 */

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each either else even ever every few for from further get ' +
    'gets getting got had has have having he her here hers him his how however i if in into is it its itself just ' +
    'let like lot lots make makes many may me might more most much must my need needs no nor not now of off often ' +
    'on once one only or other our ours out over own per quite rather really same she should so some such than ' +
    'that the their theirs them then there these they thing things this those through to too under until up upon ' +
    'us use used uses using very via want wants was we well were what when where whether which while who whom ' +
    'whose why will with within without would yet you your yours ' +
    // Common verbs: without them RAKE glues actions onto topics ("orders missing groceries").
    'allow allows buy buys come comes create creates decide decides deciding enable enables find finds give gives ' +
    'go goes help helps helping keep keeps know knows look looks lose loses losing offer offers order orders provide ' +
    'provides see sell sells selling spend spends spending start starts take takes try tries waste wastes wasting work works ' +
    // More verbs founders open a clause with ("helps teams collect evidence", "build a marketplace"): left in, they
    // start a phrase that then reads wrongly inside a draft ("decisions about collect evidence").
    'automate automates book books build builds building collect collects connect connects cook cooks learn ' +
    'learns manage manages managing pay pays share shares track tracks'
  ).split(' '),
);

/** Words: letters or digits, allowing inner apostrophes and hyphens ("don't", "e-commerce"). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/** Punctuation that ends a phrase. */
const PHRASE_BREAK = /[.,;:!?()[\]{}"“”«»/\\|…\n\r\t–—]+/;
const MAX_PHRASE_WORDS = 3;

/**
 * Sentences end at . ! ? or an ellipsis before a space, at the full-width 。！？ of Chinese and Japanese, and at line
 * breaks.
 */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|(?<=[。！？])\s*|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** Quotation marks: a statement is quoted inside a draft, so its own marks would nest. */
const QUOTES = /["“”„«»]/g;
/** A list marker or bullet a founder typed at the start of a line ("- ", "1. ", "• "). */
const LIST_MARKER = /^(?:[-*•]|\d+[.)])\s+/;
/** Where a sentence divides into statements that each stand on their own. */
const CLAUSE_BREAK = /\s*[;:]\s+|\s+[–—]\s+/;

/** A founder's statement as it will be quoted: one line, no quotes, no space before punctuation, no end punctuation. */
function cleanStatement(text: string): string {
  return text
    .replace(QUOTES, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim()
    .replace(/[\s.!?;:,…]+$/, '');
}

/** A statement says something only with a letter in it: a bare "1" or "42 %" does not. */
function hasLetter(text: string): boolean {
  return /\p{L}/u.test(text);
}

/** Words that open a subordinate or a second clause: the first one after the subject and verb ends the main clause. */
const CLAUSE_OPENERS = new Set(
  'and but so because while which where when whereas although though instead unless until since if'.split(' '),
);
/** A main clause shorter than this is only its subject ("A platform"), not a statement. */
const MIN_HEAD_WORDS = 4;

/**
 * The main clause of a run-on sentence: the words before the first clause opener that comes after at least
 * `MIN_HEAD_WORDS` words ("A platform that helps bookshops share stock" out of "… share stock so that when …"). A
 * relative "that" or "who" belongs to the head, so it is not an opener.
 */
function mainClause(text: string): string | undefined {
  const tokens = text.split(' ');
  const opener = tokens.findIndex((token, i) => i >= MIN_HEAD_WORDS && CLAUSE_OPENERS.has(token.toLowerCase()));
  return opener < 0 ? undefined : tokens.slice(0, opener).join(' ');
}

/**
 * The founder's own statements, in text order, each at most `maxChars` long and never cut mid-clause: a whole
 * sentence when it fits, else its parts between semicolons, colons and dashes, else its comma-separated parts of at
 * least three words (a shorter comma part is usually an adverb or a list item that says nothing alone), else its
 * main clause. Case-insensitive duplicates are dropped.
 */
export function statements(text: string, maxChars: number): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const fits = (piece: string) => cleanStatement(piece).length <= maxChars;
  const keep = (piece: string) => {
    const statement = cleanStatement(piece);
    const fold = statement.toLowerCase();
    if (!hasLetter(statement) || seen.has(fold)) return;
    seen.add(fold);
    found.push(statement);
  };
  // A bullet or number opening a line is a list marker, not a sentence of its own ("1. Send invoices").
  const unlisted = text
    .split('\n')
    .map((line) => line.trim().replace(LIST_MARKER, ''))
    .join('\n');
  for (const sentence of sentences(unlisted)) {
    if (fits(sentence)) {
      keep(sentence);
      continue;
    }
    for (const part of sentence.split(CLAUSE_BREAK)) {
      if (fits(part)) {
        keep(part);
        continue;
      }
      const pieces = part.split(/,\s+/).filter((piece) => (piece.match(WORD) ?? []).length >= 3 && fits(piece));
      const head = pieces.length === 0 ? mainClause(cleanStatement(part)) : undefined;
      for (const piece of head === undefined ? pieces : [head]) if (fits(piece)) keep(piece);
    }
  }
  return found;
}

/** Sentence-initial capitals are grammar, not names: "Busy parents…" → "busy". Acronyms and names stay. */
function displayWord(word: string, sentenceStart: boolean): string {
  const titlecase = /^\p{Lu}[\p{Ll}'’-]*$/u.test(word);
  return sentenceStart && titlecase ? word.toLowerCase() : word;
}

/**
 * Adverbs of manner ("automatically", "directly", "quickly") end a phrase: they describe the action, not the topic.
 * Only these endings: "weekly", "family" or "supply" are topics.
 */
const ADVERB = /(?:ally|ately|ently|ectly|ickly|ously|ively|fully|essly|eaply)$/;

function isContentWord(word: string): boolean {
  const lower = word.toLowerCase();
  return !STOPWORDS.has(lower) && !ADVERB.test(lower) && (lower.length >= 3 || /\p{N}/u.test(lower));
}

/** Candidate phrases in text order, each up to three content words. */
function candidates(text: string): string[][] {
  const phrases: string[][] = [];
  for (const sentence of sentences(text)) {
    let first = true;
    for (const chunk of sentence.split(PHRASE_BREAK)) {
      let run: string[] = [];
      // A run longer than a phrase almost always has a verb glued in ("app plans weekly meals"): English noun
      // phrases end in their head noun, so the last two words are the topic ("weekly meals") and the words before
      // it stand alone, where scoring ranks them low.
      const flush = () => {
        if (run.length <= MAX_PHRASE_WORDS) {
          if (run.length > 0) phrases.push(run);
        } else {
          for (const word of run.slice(0, -2)) phrases.push([word]);
          phrases.push(run.slice(-2));
        }
        run = [];
      };
      for (const word of chunk.match(WORD) ?? []) {
        if (isContentWord(word)) run.push(displayWord(word, first));
        else flush();
        first = false;
      }
      flush();
    }
  }
  return phrases;
}

/**
 * The text's key phrases, best first: phrases made of words that recur and co-occur
 * score highest; ties keep text order. Case-insensitive duplicates are dropped.
 */
export function keyPhrases(text: string, max = 5): string[] {
  const phrases = candidates(text);
  const frequency = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const phrase of phrases) {
    for (const word of phrase) {
      const key = word.toLowerCase();
      frequency.set(key, (frequency.get(key) ?? 0) + 1);
      degree.set(key, (degree.get(key) ?? 0) + phrase.length);
    }
  }
  const scored = new Map<string, { phrase: string; score: number; order: number }>();
  phrases.forEach((words, order) => {
    const phrase = words.join(' ');
    const key = phrase.toLowerCase();
    if (scored.has(key)) return;
    const score = words.reduce((sum, word) => {
      const w = word.toLowerCase();
      return sum + (degree.get(w) ?? 0) / (frequency.get(w) ?? 1);
    }, 0);
    scored.set(key, { phrase, score, order });
  });
  return [...scored.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
    .map((entry) => entry.phrase);
}
