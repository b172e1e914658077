/**
 * Entry point for handlers: picks, per automation, the webhook when its URL is configured
 * and the offline drafter otherwise, and re-exports the port and payload helpers.
 */
import { AI_ENV } from '#shared/deploy-names';
import { type Logger, rootLogger } from '../../lib/logger';
import { createOfflineAutomations } from './offline';
import { AI_OPERATIONS, type AiAutomations, type AiOperation } from './port';
import { createWebhookAutomations, type FetchLike, isHttpUrl } from './webhook';

export { createOfflineAutomations, OFFLINE_NOTE } from './offline';
export { type CategoryAnswers, joinAnswersByCategory, joinAnswersByLine } from './payloads';
export * from './port';
export { createWebhookAutomations, DEFAULT_TIMEOUT_MS, type FetchLike, type WebhookOptions } from './webhook';

export { AI_ENV };

export type AiEnv = Readonly<Record<string, string | undefined>>;

/**
 * The automations for this environment. An unset or empty variable means offline for that
 * operation. A variable that is not an http(s) URL is logged as an error and also served
 * offline, rather than thrown: the calling handler's Lambda serves a whole route area, which must
 * not go down over an optional AI setting.
 */
export function aiAutomationsFromEnv(
  env: AiEnv = process.env,
  log: Logger = rootLogger.child({ component: 'ai-automations' }),
  options: { timeoutMs?: number; fetch?: FetchLike } = {},
): AiAutomations {
  const urls: Partial<Record<AiOperation, string>> = {};
  for (const operation of AI_OPERATIONS) {
    const value = env[AI_ENV[operation]]?.trim();
    if (!value) continue;
    if (isHttpUrl(value)) urls[operation] = value;
    else log.error('ai automation url is not an http(s) URL; using offline drafts', { env: AI_ENV[operation] });
  }
  if (Object.keys(urls).length === 0) return createOfflineAutomations();
  return createWebhookAutomations({ urls, log, ...options });
}
