/**
 * The HTTP API's contract: for every route of the table (routes.ts), zod schemas of its path
 * parameters, query, body and response, keyed by route id. A route added to the table without an
 * entry here does not compile; nor does its area handler without an implementation, nor the
 * authorization matrix and bad-input baselines without their rows.
 *
 * The browser imports this file's types only (never zod at run time); the server validates with it.
 */
import type * as z from 'zod';
import { accountsContract } from './contract/accounts';
import { aiContract } from './contract/ai';
import { dataroomContract } from './contract/dataroom';
import { deletionContract } from './contract/deletion';
import { foundersContract } from './contract/founders';
import { journeyContract } from './contract/journey';
import { paymentsContract } from './contract/payments';
import { platformContract } from './contract/platform';
import { questionsContract } from './contract/questions';
import { reviewContract } from './contract/review';
import type { FullContract, RouteSchemas } from './contract/schema';
import { sharingContract } from './contract/sharing';
import { validationContract } from './contract/validation';
import type { RouteId } from './routes';

export type { ErrorBody, RouteSchemas } from './contract/schema';

export const CONTRACT = {
  ...platformContract,
  ...accountsContract,
  ...paymentsContract,
  ...journeyContract,
  ...aiContract,
  ...dataroomContract,
  ...validationContract,
  ...questionsContract,
  ...reviewContract,
  ...foundersContract,
  ...sharingContract,
  ...deletionContract,
} as const satisfies FullContract;

type Contract = typeof CONTRACT;
type Part = 'params' | 'query' | 'body' | 'response';
type SchemaOf<Id extends RouteId, K extends Part> = Contract[Id] extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** What the client sends as the JSON body (a raw-body route takes the text as is). */
export type RequestBody<Id extends RouteId> = Contract[Id] extends { readonly rawBody: true }
  ? string
  : SchemaOf<Id, 'body'> extends z.ZodType
    ? z.input<SchemaOf<Id, 'body'>>
    : undefined;
/** The body as the handler receives it: validated and transformed (trimmed, normalised). */
export type ParsedBody<Id extends RouteId> = Contract[Id] extends { readonly rawBody: true }
  ? string
  : SchemaOf<Id, 'body'> extends z.ZodType
    ? z.output<SchemaOf<Id, 'body'>>
    : undefined;
export type RequestQuery<Id extends RouteId> =
  SchemaOf<Id, 'query'> extends z.ZodType ? z.input<SchemaOf<Id, 'query'>> : undefined;
export type ParsedQuery<Id extends RouteId> =
  SchemaOf<Id, 'query'> extends z.ZodType ? z.output<SchemaOf<Id, 'query'>> : Record<string, string | undefined>;
export type ParsedParams<Id extends RouteId> =
  SchemaOf<Id, 'params'> extends z.ZodType ? z.output<SchemaOf<Id, 'params'>> : Record<string, string | undefined>;
/** What a 2xx answer of the route carries (undefined for 204). */
export type ResponseBody<Id extends RouteId> = z.output<Contract[Id]['response']>;

/** The schemas of one route, for code that handles any route. */
export function routeSchemas(id: RouteId): RouteSchemas {
  return CONTRACT[id];
}
