/**
 * The founder journey's business metrics: what the functions emit (functions/lib/metrics.ts, each where the thing
 * happens) and what the stage's alarms and dashboard read (infra/constructs/observability.ts). Both sides import the
 * names from here, so a renamed metric cannot leave an alarm watching nothing.
 *
 * Like deploy-names.ts, this module imports nothing: the CDK app may read it without loading runtime code.
 */

/** Every business metric is a count of one event, under these names in the stage's namespace. */
export const BUSINESS_METRICS = {
  /** A founder's account was created (sign-up verified, profile written once). */
  signUps: 'SignUps',
  /** A paid Checkout session was recorded for the first time (success page or webhook, whichever came first). */
  payments: 'Payments',
  /** A founder saved the answers of one question. */
  answersSaved: 'AnswersSaved',
  /** A coach unlocked a founder's next phase (a repeated unlock that changed nothing is not counted). */
  unlocks: 'Unlocks',
  /** One call to an AI automation (Bedrock, a webhook or the offline drafter). */
  aiCalls: 'AiCalls',
  /** An AI call that gave nothing usable: the founder got an error message or no suggestions. */
  aiFallbacks: 'AiFallbacks',
  /** A share-link viewer opened a founder's shared files (a viewer session began). */
  shareViews: 'ShareViews',
} as const;

export type BusinessMetric = keyof typeof BUSINESS_METRICS;

/**
 * The one dimension every business metric carries (Powertools' `service`), so alarms and the dashboard read the
 * stage-wide total. A breakdown (an AI call's operation, a failure's reason) is published as a second dimension set.
 */
export const METRICS_SERVICE = 'preseed';

/** The breakdown dimension each metric may carry besides `service`, if any. */
export const METRIC_BREAKDOWN = {
  answersSaved: 'questionType',
  unlocks: 'phase',
  aiCalls: 'operation',
  aiFallbacks: 'reason',
} as const satisfies Partial<Record<BusinessMetric, string>>;

/** One namespace per stage: a dev stage's test traffic never shows on production's dashboard or alarms. */
export const metricsNamespace = (stage: string): string => `Preseed/${stage}`;

/** The environment variable Powertools Metrics reads its namespace from (set by infra/constructs/function.ts). */
export const METRICS_NAMESPACE_ENV = 'POWERTOOLS_METRICS_NAMESPACE';
