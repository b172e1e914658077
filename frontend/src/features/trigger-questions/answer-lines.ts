/** Spec §3: on the trigger screen an answer's text is split on line breaks into list items, empty lines dropped. */
export function splitAnswerLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
