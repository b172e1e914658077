/**
 * `stripe:setup`: makes the stage's Stripe account hold what the app expects — the product, a one-time
 * price of the stage's amount and currency, and a webhook endpoint for the stage's URL whose signing
 * secret sits in Secrets Manager. Every run first looks for what an earlier run made (the product by
 * its fixed id, the price by its lookup key, the endpoint by its URL and the id tagged on the secret),
 * so running it again creates nothing.
 */

import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  PutSecretValueCommand,
  type SecretsManagerClient,
  TagResourceCommand,
} from '@aws-sdk/client-secrets-manager';
import type Stripe from 'stripe';
import { HANDLED_WEBHOOK_EVENTS, STRIPE_API_VERSION } from '../../functions/integrations/stripe';
import { readSecretValue, storeStripeKeyCommand } from '../lib/secrets';
import { siteUrlOf, webhookUrlOf } from '../lib/site-url';
import type { OpsStage } from '../lib/stage';
import { isStripeMissing, stripeClient, stripeModeOf } from '../lib/stripe';
import { listWebhookEndpoints, priceMismatches } from '../preflight/stripe-checks';

/** Stripe accepts our own product ids, which makes "the stage's product" one retrieve away. */
export const productIdOf = (stage: OpsStage): string => `preseed_${stage.name}`;
/** Unique per Stripe account; moved to a new price when the stage's amount or currency changes. */
export const lookupKeyOf = (stage: OpsStage): string => `preseed_${stage.name}_founder_access`;
/** The tag on the webhook secret naming the endpoint whose signing secret it holds. */
export const ENDPOINT_TAG = 'preseed:stripe-webhook-endpoint';
export const PRODUCT_NAME = 'Preseed — founder access';

export class SetupError extends Error {
  override readonly name = 'SetupError';
}

export interface SetupDeps {
  readonly secrets: SecretsManagerClient;
  readonly cloudFormation: CloudFormationClient;
  readonly log: (line: string) => void;
  /** Another Stripe API server than api.stripe.com (tests). */
  readonly stripeApiBase?: string;
}

export type WebhookOutcome = 'created' | 'kept' | 'updated' | 'skipped';

export interface SetupResult {
  readonly priceId: string;
  /** The price id differs from cdk.json's stripePriceId: the operator has to put it there and deploy. */
  readonly priceIdChanged: boolean;
  readonly webhook: WebhookOutcome;
}

async function stripeFor(stage: OpsStage, deps: SetupDeps): Promise<Stripe> {
  const name = stage.secrets.stripeSecretKey;
  const key = await readSecretValue(deps.secrets, name);
  if (key.state !== 'present') {
    throw new SetupError(
      `The secret ${name} ${key.state === 'missing' ? 'does not exist' : 'is empty'} in ${stage.region}. Store the ` +
        `Stripe secret key first: ${storeStripeKeyCommand(stage.region, name, key.state !== 'missing')}`,
    );
  }
  const mode = stripeModeOf(key.value);
  if (mode === 'unknown') throw new SetupError(`The secret ${name} does not hold a Stripe secret key (sk_… or rk_…).`);
  if (stage.production && mode === 'test') {
    throw new SetupError(`The secret ${name} holds a test-mode key, and ${stage.name} is a production stage.`);
  }
  deps.log(`Stripe: ${mode} mode (key from ${name})`);
  return stripeClient(key.value, deps.stripeApiBase);
}

async function ensureProduct(stripe: Stripe, stage: OpsStage, log: SetupDeps['log']): Promise<string> {
  const id = productIdOf(stage);
  try {
    await stripe.products.retrieve(id);
    log(`product ${id}: exists`);
  } catch (err) {
    if (!isStripeMissing(err)) throw err;
    await stripe.products.create({ id, name: PRODUCT_NAME, metadata: { preseedStage: stage.name } });
    log(`product ${id}: created`);
  }
  return id;
}

async function ensurePrice(stripe: Stripe, stage: OpsStage, productId: string, log: SetupDeps['log']): Promise<string> {
  const lookupKey = lookupKeyOf(stage);
  const { data } = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
  const current = data[0];
  if (current && priceMismatches(current, stage.price).length === 0) {
    log(`price ${current.id}: exists (${current.unit_amount} ${current.currency}, one-time)`);
    return current.id;
  }
  const { amount, currency } = stage.price;
  const created = await stripe.prices.create(
    {
      product: productId,
      unit_amount: amount,
      currency,
      lookup_key: lookupKey,
      // A changed amount or currency needs a new price (Stripe's are immutable); the key moves to it.
      transfer_lookup_key: current !== undefined,
      metadata: { preseedStage: stage.name },
    },
    // A retry after a lost answer gets the same price, not a second one (Stripe keeps keys for 24 h).
    { idempotencyKey: `preseed-${stage.name}-price-${amount}-${currency}-${current?.id ?? 'first'}` },
  );
  log(
    current
      ? `price ${created.id}: created (${amount} ${currency}); ${current.id} (${priceMismatches(current, stage.price).join('; ')}) keeps selling until the deploy switches over`
      : `price ${created.id}: created (${amount} ${currency}, one-time)`,
  );
  return created.id;
}

async function taggedEndpointId(secrets: SecretsManagerClient, secretName: string): Promise<string | undefined> {
  try {
    const out = await secrets.send(new DescribeSecretCommand({ SecretId: secretName }));
    return out.Tags?.find((t) => t.Key === ENDPOINT_TAG)?.Value;
  } catch (err) {
    if (err instanceof Error && err.name === 'ResourceNotFoundException') return undefined;
    throw err;
  }
}

/** Creates the secret or adds a version to it, then tags it with the endpoint its value belongs to. */
async function storeSigningSecret(stage: OpsStage, deps: SetupDeps, endpointId: string, value: string): Promise<void> {
  const name = stage.secrets.stripeWebhookSecret;
  const tags = [{ Key: ENDPOINT_TAG, Value: endpointId }];
  try {
    await deps.secrets.send(new PutSecretValueCommand({ SecretId: name, SecretString: value }));
    await deps.secrets.send(new TagResourceCommand({ SecretId: name, Tags: tags }));
  } catch (err) {
    if (!(err instanceof Error && err.name === 'ResourceNotFoundException')) throw err;
    await deps.secrets.send(
      new CreateSecretCommand({
        Name: name,
        SecretString: value,
        Description: `Stripe webhook signing secret of Preseed ${stage.name}`,
        Tags: tags,
      }),
    );
  }
}

/** Other endpoints for the stage's URL sign with secrets the app does not hold: every delivery would be refused. */
async function deleteStale(
  stripe: Stripe,
  sameUrl: readonly Stripe.WebhookEndpoint[],
  keep: string,
  log: SetupDeps['log'],
): Promise<void> {
  for (const old of sameUrl) {
    if (old.id === keep) continue;
    await stripe.webhookEndpoints.del(old.id);
    log(`webhook ${old.id}: deleted (same URL, its signing secret is not the stored one)`);
  }
}

async function ensureWebhook(stripe: Stripe, stage: OpsStage, deps: SetupDeps, url: string): Promise<WebhookOutcome> {
  const secretName = stage.secrets.stripeWebhookSecret;
  const sameUrl = (await listWebhookEndpoints(stripe)).filter((e) => e.url === url);
  const storedFor = await taggedEndpointId(deps.secrets, secretName);
  const stored = await readSecretValue(deps.secrets, secretName);
  const known = stored.state === 'present' ? sameUrl.find((e) => e.id === storedFor) : undefined;

  if (known) {
    await deleteStale(stripe, sameUrl, known.id, deps.log);
    const events = new Set(known.enabled_events);
    const missing = HANDLED_WEBHOOK_EVENTS.filter((e) => !events.has(e) && !events.has('*'));
    if (missing.length === 0 && known.status === 'enabled') {
      deps.log(`webhook ${known.id}: exists for ${url}; its signing secret is in ${secretName}`);
      return 'kept';
    }
    await stripe.webhookEndpoints.update(known.id, {
      enabled_events: [
        ...new Set([...known.enabled_events, ...HANDLED_WEBHOOK_EVENTS]),
      ] as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
      disabled: false,
    });
    deps.log(`webhook ${known.id}: enabled, sending ${HANDLED_WEBHOOK_EVENTS.join(', ')}`);
    return 'updated';
  }

  // Stripe shows a signing secret only when the endpoint is created, so an endpoint whose secret we do
  // not hold is replaced rather than kept: its deliveries would all fail the signature check.
  const created = await stripe.webhookEndpoints.create({
    url,
    enabled_events: [...HANDLED_WEBHOOK_EVENTS],
    api_version: STRIPE_API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
    description: `Preseed ${stage.name}`,
    metadata: { preseedStage: stage.name },
  });
  if (!created.secret) throw new SetupError(`Stripe created webhook ${created.id} without a signing secret.`);
  try {
    await storeSigningSecret(stage, deps, created.id, created.secret);
  } catch (err) {
    // Without its secret stored the endpoint is useless; the next run starts clean.
    await stripe.webhookEndpoints.del(created.id);
    throw err;
  }
  deps.log(`webhook ${created.id}: created for ${url}; signing secret stored in ${secretName}`);
  await deleteStale(stripe, sameUrl, created.id, deps.log);
  return 'created';
}

export async function stripeSetup(stage: OpsStage, deps: SetupDeps): Promise<SetupResult> {
  const stripe = await stripeFor(stage, deps);
  const productId = await ensureProduct(stripe, stage, deps.log);
  const priceId = await ensurePrice(stripe, stage, productId, deps.log);
  const priceIdChanged = priceId !== stage.stripePriceId;
  deps.log(
    priceIdChanged
      ? `→ put "stripePriceId": "${priceId}" into context.stages.${stage.name} in cdk.json (it says ${stage.stripePriceId}) and deploy`
      : `→ cdk.json's stripePriceId is already ${priceId}`,
  );

  const site = await siteUrlOf(stage, deps.cloudFormation);
  if (!site.known) {
    deps.log(
      `webhook: not created — the site's URL is not known yet (${site.reason}). After ` +
        `npx cdk deploy -c stage=${stage.name} --all, run npm run stripe:setup -- --stage ${stage.name} again.`,
    );
    return { priceId, priceIdChanged, webhook: 'skipped' };
  }
  const webhook = await ensureWebhook(stripe, stage, deps, webhookUrlOf(site.url));
  return { priceId, priceIdChanged, webhook };
}
