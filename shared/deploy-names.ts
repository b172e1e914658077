/**
 * The names the CDK app and the Lambda code must agree on: environment variables, header and group names, the
 * table's key attributes and index, the data bucket's staging prefix, each kind of function's timeout. Both
 * sides import them from here.
 *
 * This module imports nothing. The CDK app reaches only infra/, shared/ and packages, never a Lambda runtime
 * module (test/architecture/cdk-imports.test.ts), so a synth does not load the SDK clients, the logger or the
 * handlers' module state, and a change to runtime code cannot change what a synth produces (decision 020).
 */

/**
 * The environment every Lambda reads. CDK sets these on each function; the local
 * stack sets the same names (plus the SDK's AWS_ENDPOINT_URL_<SERVICE>), so no
 * handler knows where it runs.
 */
export const ENV_NAMES = {
  stage: 'STAGE',
  tableName: 'TABLE_NAME',
  dataBucket: 'DATA_BUCKET',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Issuer of the pool's tokens (cognito-local's address offline); the realtime $connect verifies against it. */
  tokenIssuer: 'TOKEN_ISSUER',
  /** The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`). */
  realtimeEndpoint: 'REALTIME_ENDPOINT',
  eventBusName: 'EVENT_BUS_NAME',
  mailFrom: 'MAIL_FROM',
  sesConfigurationSet: 'SES_CONFIGURATION_SET',
  siteUrl: 'SITE_URL',
  stripePriceId: 'STRIPE_PRICE_ID',
  /** The price's amount (minor units) and ISO currency: a paid session is checked against them. */
  priceAmount: 'PRICE_AMOUNT',
  priceCurrency: 'PRICE_CURRENCY',
  /** Secrets Manager names; their values are read at run time, never put in the environment. */
  stripeSecretName: 'STRIPE_SECRET_NAME',
  stripeWebhookSecretName: 'STRIPE_WEBHOOK_SECRET_NAME',
  /** `required`: coaches need an authenticator app (TOTP) enrolled to use admin routes (functions/lib/admin-mfa.ts). */
  adminMfa: 'ADMIN_MFA',
} as const;

export type EnvKey = keyof typeof ENV_NAMES;

/**
 * Set only offline and in tests, where there is no Secrets Manager: the Stripe keys
 * themselves, and the local Stripe emulator's address (unset means api.stripe.com).
 */
export const LOCAL_ONLY_ENV = {
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  stripeApiUrl: 'STRIPE_API_URL',
} as const;

/** The value of ADMIN_MFA (and `adminMfa` in /config.json) that turns the coaches' MFA requirement on. */
export const ADMIN_MFA_REQUIRED = 'required';

/** The Cognito group whose members are coaches; admin rights come from it alone. */
export const ADMIN_GROUP = 'admin';

/** The header CloudFront adds to every request it sends to the API origin (infra/constructs/site.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * Names (by ARN) the Secrets Manager secret holding that header's value. CDK sets it on the HTTP
 * functions only; offline and in tests it is unset, and nothing is checked.
 */
export const ORIGIN_SECRET_ENV = 'ORIGIN_SECRET_ID';

/**
 * Names (by ARN) the Secrets Manager secret holding the share links' keys: JSON `{ "current": "<version>",
 * "<version>": "<key>", … }` (functions/lib/share-link-keys.ts). CDK sets it on the HTTP functions; offline and in
 * tests SHARE_LINK_KEYS_ENV holds the JSON itself (a fixed local value, local/stack.ts).
 */
export const SHARE_LINK_SECRET_ENV = 'SHARE_LINK_SECRET_ID';
export const SHARE_LINK_KEYS_ENV = 'SHARE_LINK_KEYS';

/** The single table's key attributes (functions/store/keys.ts builds the values). */
export const TABLE_KEYS = { pk: 'PK', sk: 'SK', gsi1pk: 'GSI1PK', gsi1sk: 'GSI1SK', ttl: 'expiresAt' } as const;
/** The table's one global secondary index. */
export const GSI1 = 'GSI1';

/**
 * Browsers upload to `uploads/<sub>/<timestamp>_<name>` (staging, expired by a lifecycle rule); the API moves a
 * checked file out of it (functions/store/file-keys.ts).
 */
export const UPLOAD_STAGING_PREFIX = 'uploads/';

/**
 * Where a file is read inline (the share page's viewer): under this path of the site's own origin, a presigned GET
 * of the data bucket (its path and signed query) is passed to S3 by CloudFront (infra/constructs/inline-reads.ts)
 * and, offline, by the local server (local/inline-reads.ts), and its answer carries INLINE_READ_HEADERS.
 */
export const INLINE_READ_PATH = '/_files';

/**
 * The headers of every inline read: a browser that opens one itself runs nothing of it (a sandboxed document with an
 * opaque origin: no scripts, no forms, no plugins such as its own PDF viewer) and takes its type as given.
 */
export const INLINE_READ_HEADERS = {
  'content-security-policy': 'sandbox',
  'x-content-type-options': 'nosniff',
} as const;

/** Each kind of function's timeout in seconds; every outbound call's limits fit inside it (functions/integrations/timeouts.ts). */
export const FUNCTION_TIMEOUT_SECONDS = {
  /** API Gateway gives up after 30 s, and an API handler slower than 10 s is a bug. */
  http: 10,
  /** EventBridge consumers work through pages of founders. */
  consumer: 30,
  /** Cognito calls its triggers synchronously while it sends and gives up after 5 s. */
  cognitoTrigger: 5,
  /** The table's stream consumer: above streamBatchWorstCaseMs of its batch size (infra/test/timeouts.test.ts). */
  stream: 240,
  /** Scheduled jobs that page through a whole resource (the user pool's daily export): Lambda's longest. */
  scheduled: 900,
} as const;
export type FunctionKind = keyof typeof FUNCTION_TIMEOUT_SECONDS;

/** The four AI automations, named as in logs, URL config and env names. */
export const AI_OPERATIONS = ['ideas', 'trigger', 'valueProposition', 'businessModel'] as const;
export type AiOperation = (typeof AI_OPERATIONS)[number];

/** Environment names, one URL per automation; unset means the offline drafts serve it. */
export const AI_ENV = {
  ideas: 'AI_IDEAS_URL',
  trigger: 'AI_TRIGGER_SUGGESTIONS_URL',
  valueProposition: 'AI_VP_SUGGESTIONS_URL',
  businessModel: 'AI_BMC_SUGGESTIONS_URL',
} as const satisfies Record<AiOperation, string>;

/** The environment variable naming the stage's Amazon Bedrock model or inference profile (unset: no Bedrock). */
export const AI_MODEL_ENV = 'AI_BEDROCK_MODEL_ID';

/** A Bedrock model id (`amazon.nova-lite-v1:0`) or geographic inference profile id (`eu.amazon.nova-lite-v1:0`). */
export const BEDROCK_MODEL_ID = /^(?:[a-z]{2,7}(?:-[a-z]+)?\.)?[a-z0-9-]+\.[\w.-]+(?::[\w.-]+)*$/;

/**
 * The capacity model (infra/capacity-model.ts) sizes Bedrock's token rate from these, so they live here.
 * Each operation's answer cap in tokens: a complete answer of the asked-for shape fits with room (three ideas of 60
 * words are ~350 tokens; nine boxes of three 12-word items ~700), and it bounds the wait and the cost (docs/ai.md).
 */
export const AI_MAX_OUTPUT_TOKENS = {
  ideas: 700,
  trigger: 600,
  valueProposition: 900,
  businessModel: 1_200,
  // Up to six sections of three 20-word items (~550 tokens); under the 7 s of an API call on the default model.
  toolSuggestions: 900,
} as const;

/**
 * Amazon Bedrock's Converse call by the kind of function that calls it. Idea generation and a Validate tool's
 * suggestions are a founder waiting on an API request: one attempt, given up after 7 s so the error answer still
 * goes out inside the function's 10 s (a throttled call answers "busy, try again" at once rather than queueing
 * behind a retry). A consumer prepares suggestions in the background and may retry once, within its 30 s. Answers of
 * the capped lengths (prompts/) take 2-5 s on the default model.
 */
export const AI_BEDROCK_CALL_LIMITS = {
  http: { maxAttempts: 1, connectionTimeoutMs: 1_000, requestTimeoutMs: 7_000 },
  consumer: { maxAttempts: 2, connectionTimeoutMs: 1_000, requestTimeoutMs: 12_000 },
} as const;

/** The user pool export function's settings (the stack sets them, the handler reads them). */
export const USER_POOL_EXPORT_ENV = { bucket: 'USER_POOL_EXPORT_BUCKET' } as const;
/** Where the exports are written; the bucket's lifecycle rule expires objects under it. */
export const USER_POOL_EXPORT_PREFIX = 'user-pool/';
