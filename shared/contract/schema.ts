/**
 * What every route's entry in the contract holds: zod schemas for its path parameters, query,
 * body and response. The server validates requests with them (functions/lib/http.ts), the
 * tests check every response against them, and the browser's `apiFetch(routeId)` takes its
 * types from them (frontend/src/lib/api.ts) — so a route's shape is written once.
 */
import * as z from 'zod';
import type { Area, RouteId, RoutesOfArea } from '../routes';

export interface RouteSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The body is handed over as the exact text received (webhook signatures are computed over it). */
  readonly rawBody?: true;
  /** What a 2xx answer carries; `noContent` for an empty 204. */
  readonly response: z.ZodType;
}

/** One area's entries: the compiler asks for every route of the area and refuses any other. */
export type AreaContract<A extends Area> = { readonly [Id in RoutesOfArea<A>]: RouteSchemas };
export type FullContract = { readonly [Id in RouteId]: RouteSchemas };

export const noContent = z.undefined();

/** Every error answer: `{ error, message, details? }`; 429s carry `details.retryAfterSeconds`. */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The message of a one-of-these-values refusal, e.g. "Category must be one of: a, b.". */
export const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: () => `${label} must be one of: ${values.join(', ')}.` });
