/**
 * The webhook adapter: POSTs {text} to the hosted automations (spec §7) and reads their
 * answers leniently (see parse.ts). It never throws: a timeout, an HTTP error, a network
 * failure or an unusable answer becomes `{ ok: false, reason, detail }` plus one warn log
 * line, because the spec says a failed automation must not stop the founder's flow.
 */
import { type Logger, rootLogger } from '../../lib/logger';
import { AI_WEBHOOK_TIMEOUT_MS } from '../timeouts';
import { createOfflineAutomations } from './offline';
import { excerpt, extractJson, type Parsed, parseIdeas, parseSuggestions } from './parse';
import {
  AI_OPERATIONS,
  type AiAutomations,
  type AiFailureReason,
  type AiOperation,
  type AiOutcome,
  SUGGESTION_TYPE,
} from './port';

/** The part of `fetch` we use, so tests and callers can inject their own. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface WebhookOptions {
  /** One URL per automation; an operation without one is served by the offline adapter. */
  urls: Partial<Record<AiOperation, string>>;
  /** Covers the whole exchange, headers and body; LLM flows are slow but must not hang a request. */
  timeoutMs?: number;
  fetch?: FetchLike;
  log?: Logger;
}

/**
 * An API request's limit (functions/integrations/timeouts.ts): a slow automation gives up in time for the offline
 * fallback to answer inside the function's 10 s. A consumer passes its own, longer one.
 */
export const DEFAULT_TIMEOUT_MS = AI_WEBHOOK_TIMEOUT_MS.http;
/** Far above any real answer (20 items × 500 chars × 9 categories); guards against a runaway body. */
const MAX_BODY_CHARS = 1_000_000;

interface Failure {
  reason: AiFailureReason;
  detail: string;
  status?: number;
}

export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A readable cause for a fetch rejection; undici hides the socket error in `cause`. */
function networkDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
    return `${error.message}: ${code && !cause.message.includes(code) ? `${code} ` : ''}${cause.message}`;
  }
  return error.message;
}

export function createWebhookAutomations(options: WebhookOptions): AiAutomations {
  const { urls, fetch: fetchImpl = globalThis.fetch } = options;
  const timeoutMs =
    options.timeoutMs !== undefined && Number.isFinite(options.timeoutMs) && options.timeoutMs > 0
      ? options.timeoutMs
      : DEFAULT_TIMEOUT_MS;
  const log = options.log ?? rootLogger.child({ component: 'ai-automations' });
  // A bad URL is a configuration bug: fail where it is made, not on a founder's request.
  // The URL itself stays out of the message, as webhook URLs often carry a secret path.
  for (const operation of AI_OPERATIONS) {
    const url = urls[operation];
    if (url !== undefined && url !== '' && !isHttpUrl(url)) {
      throw new TypeError(`AI automation URL for "${operation}" is not an http(s) URL`);
    }
  }
  const offline = createOfflineAutomations();

  /** POSTs {text} and returns the parsed JSON of the answer, or why there is none. */
  async function exchange(
    url: string,
    text: string,
  ): Promise<{ ok: true; json: unknown; status: number } | { ok: false; failure: Failure }> {
    // A timer of our own rather than AbortSignal.timeout: the same deadline, and one a test's fake clock can reach.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await exchangeWithin(url, text, controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  async function exchangeWithin(
    url: string,
    text: string,
    signal: AbortSignal,
  ): Promise<{ ok: true; json: unknown; status: number } | { ok: false; failure: Failure }> {
    const fail = (failure: Failure) => ({ ok: false as const, failure });
    // Only our own timeout aborts this signal, so an aborted signal means "too slow",
    // whether it fired while connecting or while the body was still streaming.
    const rejected = (error: unknown) =>
      fail(
        signal.aborted
          ? { reason: 'timeout', detail: `no complete answer within ${timeoutMs} ms` }
          : { reason: 'network', detail: networkDetail(error) },
      );

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/plain;q=0.9, */*;q=0.5' },
        body: JSON.stringify({ text }),
        signal,
      });
    } catch (error) {
      return rejected(error);
    }

    let body: string;
    try {
      body = await response.text();
    } catch (error) {
      if (!response.ok) body = '';
      else return rejected(error);
    }
    if (!response.ok) {
      const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      const snippet = excerpt(body);
      return fail({
        reason: 'http-error',
        status: response.status,
        detail: snippet ? `${status}: "${snippet}"` : status,
      });
    }
    if (body.length > MAX_BODY_CHARS) {
      return fail({
        reason: 'malformed',
        status: response.status,
        detail: `response body too large (${body.length} chars)`,
      });
    }
    const json = extractJson(body);
    return json.ok
      ? { ok: true, json: json.value, status: response.status }
      : fail({ reason: 'malformed', status: response.status, detail: json.detail });
  }

  async function run<V>(
    operation: AiOperation,
    text: string,
    read: (json: unknown) => Parsed<V>,
    fallback: () => Promise<AiOutcome<V>>,
  ): Promise<AiOutcome<V>> {
    const url = urls[operation];
    // No URL: this automation is not configured, so draft offline. Blank text: there is
    // nothing to ask the automation about, and offline drafting answers "nothing" at once.
    if (!url || !text.trim()) return fallback();

    let failure: Failure;
    try {
      const answer = await exchange(url, text);
      if (answer.ok) {
        const value = read(answer.json);
        if (value.ok) return { ok: true, value: value.value, source: 'webhook' };
        failure = { reason: 'malformed', detail: value.detail, status: answer.status };
      } else {
        failure = answer.failure;
      }
    } catch (error) {
      // Defensive: nothing above should throw, but the promise of this port is "never throws".
      failure = { reason: 'network', detail: networkDetail(error) };
    }
    log.warn('ai automation failed', {
      automation: operation,
      reason: failure.reason,
      detail: failure.detail,
      status: failure.status,
    });
    return { ok: false, reason: failure.reason, detail: failure.detail };
  }

  return {
    generateIdeas: (text) => run('ideas', text, parseIdeas, () => offline.generateIdeas(text)),
    triggerSuggestions: (idea) =>
      run(
        'trigger',
        idea,
        (json) => parseSuggestions(SUGGESTION_TYPE.trigger, json),
        () => offline.triggerSuggestions(idea),
      ),
    valuePropositionSuggestions: (answersText) =>
      run(
        'valueProposition',
        answersText,
        (json) => parseSuggestions(SUGGESTION_TYPE.valueProposition, json),
        () => offline.valuePropositionSuggestions(answersText),
      ),
    businessModelSuggestions: (answersText) =>
      run(
        'businessModel',
        answersText,
        (json) => parseSuggestions(SUGGESTION_TYPE.businessModel, json),
        () => offline.businessModelSuggestions(answersText),
      ),
  };
}
