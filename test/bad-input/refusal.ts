/**
 * Whether a request is refused before any handler code runs: the route does not match,
 * or its path parameters, query string or body fail the route's own schemas (the checks
 * `dispatch` makes first). Such requests cannot write, so the bad-input test checks them
 * in batches — one table snapshot per batch instead of per request, which keeps the file
 * fast on a large table. A request that may reach a handler is always checked on its own.
 * A wrong prediction cannot hide a write: a batch that changed the table fails either way.
 */
import { routeSchemas } from '#shared/contract';
import type { RouteId } from '#shared/routes';
import { MalformedPathError, matchRoute } from '../../local/api-router';

const JSON_TYPE = /^application\/(.+\+)?json\b/i;

function parsesAsJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Mirrors the local router and `dispatch` (local/api-router.ts, functions/lib/http.ts). */
export function refusedBeforeHandler(
  id: RouteId,
  req: { method: string; path: string; contentType: string | null; body: Buffer | null },
): boolean {
  const url = new URL(req.path, 'http://localhost');
  let match: ReturnType<typeof matchRoute>;
  try {
    match = matchRoute(req.method, url.pathname);
  } catch (err) {
    // A malformed percent-encoding: the router answers 400 itself.
    if (err instanceof MalformedPathError) return true;
    throw err;
  }
  if (!match) return true;
  // Another route answered (a dot segment moved the path): judged on its own rules, conservatively.
  if (match.id !== id) return false;
  const impl = routeSchemas(id);
  if (impl.params && !impl.params.safeParse(match.params ?? {}).success) return true;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  if (impl.query && !impl.query.safeParse(query).success) return true;
  if (impl.rawBody) return false;

  const text = req.body && req.body.length > 0 ? req.body.toString('utf8') : '';
  if (!text) return impl.body !== undefined;
  if (req.contentType && !JSON_TYPE.test(req.contentType)) return true;
  const parsed = parsesAsJson(text);
  if (!parsed.ok) return true;
  return impl.body !== undefined && !impl.body.safeParse(parsed.value).success;
}

/** Routes that read their query string (the others ignore it). */
export function readsQuery(id: RouteId): boolean {
  return routeSchemas(id).query !== undefined;
}
