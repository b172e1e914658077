/**
 * Text a person typed and has not saved yet, kept on this device (localStorage) per user and field, so a reload, an
 * expired session or a lost connection never takes it: the field offers it back when it shows again, and a save (or
 * a deliberate cancel) drops it. Per user (the token's sub), so a second account on the same browser never sees
 * another's words; drafts older than KEEP_DAYS are dropped as they are read.
 *
 * Storage can be full, disabled or blocked (private windows, policies): keeping is then best effort and says so in
 * the console, never in the way of typing.
 */
export interface KeptDraft {
  text: string;
  /** When it was last typed, ISO 8601. */
  keptAt: string;
  /** What the field needs to open again where it was (which entry was being edited, say); the field's own format. */
  context?: string;
}

const PREFIX = 'preseed.draft.v1';
export const KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const keyOf = (sub: string, field: string) => `${PREFIX}:${sub}:${field}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Keeps `text` as the field's draft; an empty text drops it. */
export function keepDraft(sub: string, field: string, text: string, now: Date = new Date(), context?: string): void {
  if (text.trim() === '') {
    dropDraft(sub, field);
    return;
  }
  const value: KeptDraft = { text, keptAt: now.toISOString(), ...(context === undefined ? {} : { context }) };
  try {
    storage()?.setItem(keyOf(sub, field), JSON.stringify(value));
  } catch (err) {
    console.warn('Could not keep the unsaved text on this device', err);
  }
}

/** The field's kept draft, or null (none, unreadable, or older than KEEP_DAYS: then it is dropped). */
export function keptDraft(sub: string, field: string, now: Date = new Date()): KeptDraft | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(keyOf(sub, field)) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const draft = parsed as Partial<KeptDraft> | null;
  const keptAt = typeof draft?.keptAt === 'string' ? Date.parse(draft.keptAt) : Number.NaN;
  if (typeof draft?.text !== 'string' || !Number.isFinite(keptAt) || now.getTime() - keptAt > KEEP_DAYS * DAY_MS) {
    dropDraft(sub, field);
    return null;
  }
  const context = typeof draft.context === 'string' ? { context: draft.context } : {};
  return { text: draft.text, keptAt: draft.keptAt as string, ...context };
}

export function dropDraft(sub: string, field: string): void {
  try {
    storage()?.removeItem(keyOf(sub, field));
  } catch {
    // Nothing kept, or nothing to keep it in.
  }
}
