/**
 * Turns an automation's response text into our shapes. Automations are LLM flows: their
 * JSON may come wrapped in prose or a ```json fence, lists may be arrays or one
 * comma-joined string, and anything else is reported as malformed rather than guessed at.
 */
import type { Category, PhaseType } from '#shared/domain/questions';
import { RESPONSE_KEYS } from './keys';
import { AI_LIMITS, emptySuggestions, type GeneratedIdea, type SuggestionsFor } from './port';

export type Parsed<V> = { ok: true; value: V } | { ok: false; detail: string };

const FENCE = /```[a-zA-Z]*\s*([\s\S]*?)```/;

/** A short, single-line excerpt for log details; bodies can be long HTML error pages. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function tryJson(text: string): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, detail: 'not JSON' };
  }
}

/** The text between the first `open` and the last `close`, for JSON wrapped in prose. */
function between(text: string, open: string, close: string): string | undefined {
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close);
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}

/**
 * Finds the JSON value in a response body: the whole body, else the first fenced block,
 * else the outermost {...} or [...]. A JSON string that itself holds JSON (a doubly
 * encoded answer) is unwrapped once.
 */
export function extractJson(body: string, depth = 0): Parsed<unknown> {
  const text = body.trim();
  if (!text) return { ok: false, detail: 'empty response body' };
  const fenced = FENCE.exec(text)?.[1];
  const candidates = [text, fenced, between(text, '{', '}'), between(text, '[', ']')];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const parsed = tryJson(candidate.trim());
    if (!parsed.ok) continue;
    if (typeof parsed.value === 'string' && depth === 0) {
      const inner = extractJson(parsed.value, depth + 1);
      if (inner.ok) return inner;
    }
    return parsed;
  }
  return { ok: false, detail: `response is not JSON: "${excerpt(text)}"` };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function cap(text: string, max: number): string {
  return text.length > max ? text.slice(0, max).trimEnd() : text;
}

/** Leading "- ", "* ", "• " or "1. " on items of a newline-separated list. */
const LIST_MARKER = /^(?:[-*•]|\d+[.)])\s+/;

/**
 * A category's value as trimmed, non-empty, de-duplicated strings within the limits.
 * Accepts an array of strings or one string joined by commas (or newlines); null means
 * "nothing for this category". Any other value (numbers, objects) is malformed.
 */
export function toStringList(value: unknown, key: string): Parsed<string[]> {
  let raw: string[];
  if (value === null || value === undefined) raw = [];
  else if (typeof value === 'string') raw = value.split(/[,\n]/).map((item) => item.trim().replace(LIST_MARKER, ''));
  else if (Array.isArray(value) && value.every((item): item is string => typeof item === 'string')) raw = value;
  else return { ok: false, detail: `"${key}" must be a string or an array of strings, got ${kindOf(value)}` };

  const seen = new Set<string>();
  const items: string[] = [];
  for (const item of raw) {
    const text = cap(item.trim(), AI_LIMITS.itemChars);
    const fold = text.toLowerCase();
    if (!text || seen.has(fold)) continue;
    seen.add(fold);
    items.push(text);
    if (items.length === AI_LIMITS.itemsPerCategory) break;
  }
  return { ok: true, value: items };
}

/** Reads a suggestions response for a question type, mapping the automation's keys onto our categories. */
export function parseSuggestions<T extends PhaseType>(type: T, json: unknown): Parsed<SuggestionsFor<T>> {
  const keys = RESPONSE_KEYS[type] as Record<Category<T>, readonly string[]>;
  const expected = Object.values<readonly string[]>(keys).flat();
  if (!isPlainObject(json)) {
    return { ok: false, detail: `expected a JSON object with ${expected.join(', ')}; got ${kindOf(json)}` };
  }
  const result = emptySuggestions(type);
  let recognised = 0;
  for (const category of Object.keys(keys) as Category<T>[]) {
    for (const key of keys[category]) {
      if (!Object.hasOwn(json, key)) continue;
      recognised++;
      const list = toStringList(json[key], key);
      if (!list.ok) return list;
      // Merge aliases (e.g. both `Customer_Jobs` and `Customer Jobs`), keeping the limits.
      const merged = toStringList([...result[category], ...list.value], key);
      if (merged.ok) result[category] = merged.value;
    }
  }
  if (recognised === 0) {
    return { ok: false, detail: `none of the expected keys (${expected.join(', ')}) in the response` };
  }
  return { ok: true, value: result };
}

/**
 * Reads an idea-generation response: an object of title → description. The first three
 * entries with string values and a non-blank title and description are used.
 */
export function parseIdeas(json: unknown): Parsed<GeneratedIdea[]> {
  if (!isPlainObject(json)) {
    return { ok: false, detail: `expected a JSON object of idea title → description; got ${kindOf(json)}` };
  }
  const ideas: GeneratedIdea[] = [];
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'string') continue;
    const title = cap(key.trim(), AI_LIMITS.ideaTitleChars);
    const description = cap(value.trim(), AI_LIMITS.ideaDescriptionChars);
    if (!title || !description) continue;
    ideas.push({ title, description });
    if (ideas.length === AI_LIMITS.ideas) break;
  }
  if (ideas.length === 0) return { ok: false, detail: 'no idea with a string title and description in the response' };
  return { ok: true, value: ideas };
}

/**
 * Reads a Validate tool's suggestions: an object keyed by the tool's section titles (matched without regard to case
 * or surrounding space, as a model may restyle a key), each a list like a phase's. Every section is present in the
 * result, possibly empty; keys that name no section are ignored, and an answer that names none is malformed.
 */
export function parseToolSuggestions(sections: readonly string[], json: unknown): Parsed<Record<string, string[]>> {
  if (!isPlainObject(json)) {
    return { ok: false, detail: `expected a JSON object keyed by ${sections.join(', ')}; got ${kindOf(json)}` };
  }
  const byFold = new Map(sections.map((section) => [section.trim().toLowerCase(), section]));
  const result: Record<string, string[]> = Object.fromEntries(sections.map((section) => [section, [] as string[]]));
  let recognised = 0;
  for (const [key, value] of Object.entries(json)) {
    const section = byFold.get(key.trim().toLowerCase());
    if (section === undefined) continue;
    recognised++;
    const list = toStringList(value, key);
    if (!list.ok) return list;
    const merged = toStringList([...(result[section] ?? []), ...list.value], key);
    if (merged.ok) result[section] = merged.value;
  }
  if (recognised === 0) return { ok: false, detail: `none of the sections (${sections.join(', ')}) in the response` };
  return { ok: true, value: result };
}
