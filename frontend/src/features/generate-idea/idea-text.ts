/** What a chosen idea is saved as: never a shortened title, always words the founder can read in full. */

const ELLIPSIS = '…';

const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();
const withoutEndPunctuation = (text: string) => text.replace(/[\s.!?;:,]+$/, '');

/** The founder's text as sentences, split where the idea drafter splits it (end punctuation or a line break). */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map(flatten)
    .filter((sentence) => sentence.length > 0);
}

/**
 * A generated title as it should be saved. A provider may shorten a title that quotes the founder's text to fit a card
 * ('Meal plans for busy parents who…— as a subscription service'); the saved idea must not keep that cut, so the
 * shortened part is written out again from the founder's own sentence it was cut from (or their whole text when no
 * sentence matches). A title without '…' is returned as it is.
 */
export function fullTitle(title: string, ownText: string): string {
  const trimmed = title.trim();
  const cut = trimmed.indexOf(ELLIPSIS);
  const own = flatten(ownText);
  if (cut < 0 || !own) return trimmed;
  const head = trimmed.slice(0, cut).trim();
  const tail = trimmed.slice(cut + ELLIPSIS.length);
  const source = (head && sentencesOf(ownText).find((sentence) => sentence.startsWith(head))) || own;
  return `${withoutEndPunctuation(source)}${tail.startsWith(' ') || !tail ? '' : ' '}${tail}`.trim();
}

/**
 * A generated idea as saved on the profile: 'Title: description', or 'Title. Description.' when the title is a
 * sentence of its own (the offline drafter's are), so no ".:" joins them.
 */
export function ideaText({ title, description }: { title: string; description: string }): string {
  const t = title.trim();
  const d = description.trim();
  if (!t) return d;
  if (!d) return t;
  return /[.!?]$/.test(t) ? `${t} ${d}` : `${t}: ${d}`;
}
