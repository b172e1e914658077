/** A copy of `set` with `item` taken out if it was in, put in if it was not (for a state setter's update). */
export function toggled<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}
