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

/**
 * Set only offline and in tests, where there is no Secrets Manager: the Stripe keys
 * themselves, and the local Stripe emulator's address (unset means api.stripe.com).
 */
export const LOCAL_ONLY_ENV = {
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  stripeApiUrl: 'STRIPE_API_URL',
} as const;

export type EnvKey = keyof typeof ENV_NAMES;

export function env(key: EnvKey): string {
  const name = ENV_NAMES[key];
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export function optionalEnv(key: EnvKey): string | undefined {
  return process.env[ENV_NAMES[key]] || undefined;
}
