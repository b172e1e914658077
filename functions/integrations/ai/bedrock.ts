/**
 * The Amazon Bedrock adapter: asks the stage's model (a model id or inference profile) through the Converse API with
 * the operation's versioned prompt (prompts/), and reads the answer with the same parsers as the webhook's
 * (parse.ts). Like the webhook adapter it never throws: throttling, a timeout, a refusal, an answer cut at its token
 * cap or one that is not the asked-for JSON each become `{ ok: false, reason, detail }` and one warn line, and the
 * caller answers the founder (journey.ts) or stores nothing but "failed" (consumers/suggestions.ts).
 */
import type { ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { type Logger, rootLogger } from '../../lib/logger';
import { traced } from '../../lib/tracing';
import { loadOnce } from '../load-once';
import { AI_BEDROCK_CALLS, type AiCallKind, sdkClientOptions } from '../timeouts';
import { excerpt, extractJson, type Parsed, parseIdeas, parseSuggestions } from './parse';
import {
  type AiAutomations,
  type AiFailureReason,
  type AiOperation,
  type AiOutcome,
  emptySuggestions,
  type FounderGrounding,
  type GroundingSource,
  SUGGESTION_TYPE,
} from './port';
import { PROMPTS, type Prompt } from './prompts/index';

export interface BedrockOptions {
  /** A foundation model id or an inference profile id, as the stage's `bedrock.modelId` (cdk.json). */
  modelId: string;
  /** Who calls: an API request waits less than a consumer (timeouts.ts). */
  kind: AiCallKind;
  log?: Logger;
}

/** One client per kind of caller, loaded on first use (load-once.ts): its module costs cold-start time. */
const clients = {
  http: loadOnce(() => bedrockClient('http')),
  consumer: loadOnce(() => bedrockClient('consumer')),
} satisfies Record<AiCallKind, unknown>;

async function bedrockClient(kind: AiCallKind) {
  const sdk = await import('../sdk/bedrock-runtime');
  return { sdk, client: traced(new sdk.BedrockRuntimeClient(sdkClientOptions(AI_BEDROCK_CALLS[kind]))) };
}

interface Failure {
  reason: AiFailureReason;
  detail: string;
}

const THROTTLED = new Set([
  'ThrottlingException',
  'ServiceQuotaExceededException',
  'ServiceUnavailableException',
  'ModelNotReadyException',
]);
const TIMED_OUT = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'ModelTimeoutException']);

/** What a rejected Converse call means for the founder; the SDK names its errors by the service's exception. */
export function failureOfError(error: unknown): Failure {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  const detail = name ? `${name}: ${excerpt(message, 160)}` : excerpt(message, 160);
  if (THROTTLED.has(name)) return { reason: 'throttled', detail };
  if (TIMED_OUT.has(name) || (error instanceof Error && 'code' in error && error.code === 'ETIMEDOUT')) {
    return { reason: 'timeout', detail };
  }
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  if (status !== undefined) return { reason: 'http-error', detail: `HTTP ${status} ${detail}` };
  return { reason: 'network', detail };
}

/** The answer's text, or why it is not usable: a refusal or a cut-off answer is never parsed as if whole. */
export function answerText(
  output: ConverseCommandOutput,
): { ok: true; text: string } | { ok: false; failure: Failure } {
  const stop = output.stopReason;
  if (stop === 'content_filtered' || stop === 'guardrail_intervened') {
    return { ok: false, failure: { reason: 'refused', detail: `the model declined (stopReason ${stop})` } };
  }
  if (stop === 'max_tokens' || stop === 'model_context_window_exceeded') {
    return { ok: false, failure: { reason: 'truncated', detail: `the answer was cut off (stopReason ${stop})` } };
  }
  const text = (output.output?.message?.content ?? [])
    .map((block) => block.text ?? '')
    .join('')
    .trim();
  if (!text)
    return { ok: false, failure: { reason: 'malformed', detail: `no text in the answer (stopReason ${stop})` } };
  return { ok: true, text };
}

async function converse(
  options: Required<BedrockOptions>,
  prompt: Prompt,
): Promise<{ ok: true; text: string } | { ok: false; failure: Failure }> {
  const { modelId, kind, log } = options;
  const started = Date.now();
  let output: ConverseCommandOutput;
  try {
    const { sdk, client } = await clients[kind]();
    output = await client.send(
      new sdk.ConverseCommand({
        modelId,
        system: [{ text: prompt.system }],
        messages: [{ role: 'user', content: [{ text: prompt.user }] }],
        inferenceConfig: { maxTokens: prompt.maxTokens, temperature: prompt.temperature },
      }),
    );
  } catch (error) {
    return { ok: false, failure: failureOfError(error) };
  }
  // Tokens, latency and the prompt's version on every call: what cost and quality are compared by (docs/ai.md).
  log.info('ai model answered', {
    automation: prompt.operation,
    modelId,
    promptVersion: prompt.version,
    stopReason: output.stopReason,
    inputTokens: output.usage?.inputTokens,
    outputTokens: output.usage?.outputTokens,
    latencyMs: output.metrics?.latencyMs ?? Date.now() - started,
  });
  return answerText(output);
}

/** One prompt to the model, its answer read by `read`; never throws, and logs every failure with its reason. */
export async function askModel<V>(
  options: BedrockOptions,
  prompt: Prompt,
  read: (json: unknown) => Parsed<V>,
): Promise<AiOutcome<V>> {
  const log = options.log ?? rootLogger.child({ component: 'ai-automations' });
  let failure: Failure;
  try {
    const answer = await converse({ ...options, log }, prompt);
    if (answer.ok) {
      const json = extractJson(answer.text);
      const value = json.ok ? read(json.value) : json;
      if (value.ok) return { ok: true, value: value.value, source: 'bedrock' };
      failure = { reason: 'malformed', detail: value.detail };
    } else {
      failure = answer.failure;
    }
  } catch (error) {
    // Defensive, as in webhook.ts: the port promises never to throw.
    failure = failureOfError(error);
  }
  log.warn('ai automation failed', {
    automation: prompt.operation,
    provider: 'bedrock',
    promptVersion: prompt.version,
    reason: failure.reason,
    detail: failure.detail,
  });
  return { ok: false, reason: failure.reason, detail: failure.detail };
}

export function createBedrockAutomations(options: BedrockOptions): AiAutomations {
  const log = options.log ?? rootLogger.child({ component: 'ai-automations' });

  /** A failed read of the founder's records costs the prompt its grounding, not the founder their answer. */
  async function readGrounding(
    operation: AiOperation,
    grounding: GroundingSource | undefined,
  ): Promise<FounderGrounding | null> {
    if (!grounding) return null;
    try {
      return await grounding();
    } catch (error) {
      log.warn('ai grounding could not be read; prompting with the text alone', {
        automation: operation,
        detail: failureOfError(error).detail,
      });
      return null;
    }
  }

  async function run<V>(
    operation: AiOperation,
    text: string,
    grounding: GroundingSource | undefined,
    read: (json: unknown) => Parsed<V>,
    empty: V,
  ): Promise<AiOutcome<V>> {
    const material = await readGrounding(operation, grounding);
    const hasMaterial = text.trim() !== '' || Boolean(material?.idea?.trim());
    // Nothing the founder wrote to build on: asking the model would only invite invention.
    if (!hasMaterial) return { ok: true, value: empty, source: 'bedrock' };
    return askModel({ ...options, log }, PROMPTS[operation](text, material), read);
  }

  return {
    generateIdeas: (text, grounding) => run('ideas', text, grounding, parseIdeas, []),
    triggerSuggestions: (idea, grounding) =>
      run(
        'trigger',
        idea,
        grounding,
        (json) => parseSuggestions(SUGGESTION_TYPE.trigger, json),
        emptySuggestions(SUGGESTION_TYPE.trigger),
      ),
    valuePropositionSuggestions: (answersText, grounding) =>
      run(
        'valueProposition',
        answersText,
        grounding,
        (json) => parseSuggestions(SUGGESTION_TYPE.valueProposition, json),
        emptySuggestions(SUGGESTION_TYPE.valueProposition),
      ),
    businessModelSuggestions: (answersText, grounding) =>
      run(
        'businessModel',
        answersText,
        grounding,
        (json) => parseSuggestions(SUGGESTION_TYPE.businessModel, json),
        emptySuggestions(SUGGESTION_TYPE.businessModel),
      ),
  };
}
