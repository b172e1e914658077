/**
 * Entry point for handlers (and `npm run ai:eval`): picks, per automation, the webhook when its URL is configured,
 * else the stage's Amazon Bedrock model when one is configured, else the offline drafter — and re-exports the port
 * and payload helpers. Only the drafter's answers say `source: 'offline'`, which is what the UI labels "Offline draft".
 */
import { AI_ENV, AI_MODEL_ENV, BEDROCK_MODEL_ID } from '#shared/deploy-names';
import { type Logger, rootLogger } from '../../lib/logger';
import { countEvent } from '../../lib/metrics';
import { AI_WEBHOOK_TIMEOUT_MS, type AiCallKind } from '../timeouts';
import { createBedrockAutomations } from './bedrock';
import { createOfflineAutomations } from './offline';
import { AI_OPERATIONS, type AiAutomations, type AiOperation, type AiOutcome } from './port';
import { createWebhookAutomations, type FetchLike, isHttpUrl } from './webhook';

export { createBedrockAutomations } from './bedrock';
export { createOfflineAutomations, OFFLINE_NOTE } from './offline';
export { type CategoryAnswers, joinAnswersByCategory, joinAnswersByLine } from './payloads';
export * from './port';
export { createWebhookAutomations, DEFAULT_TIMEOUT_MS, type FetchLike, type WebhookOptions } from './webhook';

export { AI_ENV, AI_MODEL_ENV, BEDROCK_MODEL_ID };

export type AiEnv = Readonly<Record<string, string | undefined>>;

export type AiProvider = 'webhook' | 'bedrock' | 'offline';

export interface AiAutomationOptions {
  /** Who calls: an API request (the default) or an event consumer, which may wait longer (timeouts.ts). */
  kind?: AiCallKind;
  /** The webhook's timeout; by default the one of `kind`. */
  timeoutMs?: number;
  fetch?: FetchLike;
}

/**
 * Which provider answers each operation in this environment. An unset or empty variable means "not configured". A
 * variable that is not an http(s) URL, or a model id that is not one, is logged as an error and skipped rather than
 * thrown: the calling handler's Lambda serves a whole route area, which must not go down over an AI setting.
 */
export function aiProvidersFromEnv(
  env: AiEnv = process.env,
  log: Logger = rootLogger.child({ component: 'ai-automations' }),
): { providers: Record<AiOperation, AiProvider>; urls: Partial<Record<AiOperation, string>>; modelId?: string } {
  const urls: Partial<Record<AiOperation, string>> = {};
  for (const operation of AI_OPERATIONS) {
    const value = env[AI_ENV[operation]]?.trim();
    if (!value) continue;
    if (isHttpUrl(value)) urls[operation] = value;
    else log.error('ai automation url is not an http(s) URL; not using it', { env: AI_ENV[operation] });
  }
  let modelId = env[AI_MODEL_ENV]?.trim() || undefined;
  if (modelId && !BEDROCK_MODEL_ID.test(modelId)) {
    log.error('ai model id is not a Bedrock model or inference profile id; not using it', { env: AI_MODEL_ENV });
    modelId = undefined;
  }
  const providers = Object.fromEntries(
    AI_OPERATIONS.map((operation) => [operation, urls[operation] ? 'webhook' : modelId ? 'bedrock' : 'offline']),
  ) as Record<AiOperation, AiProvider>;
  return { providers, urls, ...(modelId ? { modelId } : {}) };
}

/** The automations for this environment: per operation the webhook, else Bedrock, else the offline drafter. */
export function aiAutomationsFromEnv(
  env: AiEnv = process.env,
  log: Logger = rootLogger.child({ component: 'ai-automations' }),
  options: AiAutomationOptions = {},
): AiAutomations {
  const { providers, urls, modelId } = aiProvidersFromEnv(env, log);
  const kind = options.kind ?? 'http';
  const offline = createOfflineAutomations();
  const adapters: Record<AiProvider, AiAutomations | undefined> = {
    offline,
    webhook:
      Object.keys(urls).length > 0
        ? createWebhookAutomations({
            urls,
            log,
            timeoutMs: options.timeoutMs ?? AI_WEBHOOK_TIMEOUT_MS[kind],
            ...(options.fetch ? { fetch: options.fetch } : {}),
          })
        : undefined,
    bedrock: modelId ? createBedrockAutomations({ modelId, kind, log }) : undefined,
  };
  const of = (operation: AiOperation): AiAutomations => adapters[providers[operation]] ?? offline;
  return {
    generateIdeas: (text, grounding) => counted('ideas', of('ideas').generateIdeas(text, grounding)),
    triggerSuggestions: (idea, grounding) => counted('trigger', of('trigger').triggerSuggestions(idea, grounding)),
    valuePropositionSuggestions: (text, grounding) =>
      counted('valueProposition', of('valueProposition').valuePropositionSuggestions(text, grounding)),
    businessModelSuggestions: (text, grounding) =>
      counted('businessModel', of('businessModel').businessModelSuggestions(text, grounding)),
  };
}

/**
 * Every AI call is counted here, the one place all of them pass (by operation), and each that gave nothing usable as
 * a fallback (by reason): the stage's fallback-rate alarm divides the two. Adapters answer failures as outcomes; one
 * that throws anyway is counted as a fallback too.
 */
export async function counted<V>(operation: AiOperation, call: Promise<AiOutcome<V>>): Promise<AiOutcome<V>> {
  countEvent('aiCalls', operation);
  try {
    const outcome = await call;
    if (!outcome.ok) countEvent('aiFallbacks', outcome.reason);
    return outcome;
  } catch (err) {
    countEvent('aiFallbacks', 'error');
    throw err;
  }
}
