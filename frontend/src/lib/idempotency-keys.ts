/**
 * The Idempotency-Key of each save (IDEMPOTENT_ROUTES, shared/routes.ts): one key per save, kept while that save
 * has no answer the client can trust, so its retry — the one an error message invites — sends the same key and
 * the API answers it as the first attempt instead of storing it twice (docs/decisions/040-idempotent-saves.md).
 * A save is the same when its address and body are: another body, or the same text saved again after an answer,
 * is a new save with a new key.
 */

interface OpenSave {
  body: string;
  key: string;
}

// Per address: a newer save of the same thing (the text changed meanwhile) replaces an unanswered one.
const open = new Map<string, OpenSave>();

/** The key for a save of `body` to `address`: the unanswered one's when this is its retry, else a new one. */
export function idempotencyKeyFor(address: string, body: string): string {
  const pending = open.get(address);
  if (pending && pending.body === body) return pending.key;
  const key = crypto.randomUUID();
  open.set(address, { body, key });
  return key;
}

/**
 * Whether an attempt's outcome leaves the save undecided, so its retry must reuse the key: no answer at all, a
 * 5xx (a save may commit and its answer still fail), or the API's "this key is being handled".
 */
export function leavesSaveOpen(status: number, error?: string): boolean {
  return status === 0 || status >= 500 || error === 'IdempotencyKeyInUse';
}

/** The save to `address` with this key is answered: the next save there gets a new key. */
export function settleSave(address: string, key: string): void {
  if (open.get(address)?.key === key) open.delete(address);
}

/** Tests start each case with no open saves. */
export function forgetOpenSaves(): void {
  open.clear();
}
