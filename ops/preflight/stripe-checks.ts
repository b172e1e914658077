/**
 * Preflight checks on Stripe, with the stage's own secret key: the price the stage sells and the
 * webhook endpoint that tells the app a checkout was paid.
 */
import type Stripe from 'stripe';
import { HANDLED_WEBHOOK_EVENTS } from '../../functions/integrations/stripe';
import { siteUrlOf, webhookUrlOf } from '../lib/site-url';
import { isStripeMissing, stripeClient } from '../lib/stripe';
import { afterFirstDeploy, type CheckResult, fail, type PreflightContext, pass } from './check';

const SETUP = (stage: string) => `npm run stripe:setup -- --stage ${stage}`;

async function stripeOf(ctx: PreflightContext): Promise<Stripe | null> {
  const key = await ctx.secret(ctx.stage.secrets.stripeSecretKey);
  return key.state === 'present' ? stripeClient(key.value, ctx.stripeApiBase) : null;
}

const noKey = (ctx: PreflightContext, name: string) =>
  fail(
    name,
    `cannot ask Stripe: the secret ${ctx.stage.secrets.stripeSecretKey} holds no key`,
    `store the Stripe secret key first (see the line for that secret)`,
  );

/** What is wrong with the price for this stage, or nothing. */
export function priceMismatches(price: Stripe.Price, expected: { amount: number; currency: string }): string[] {
  const problems: string[] = [];
  if (!price.active) problems.push('it is archived');
  if (price.type !== 'one_time') problems.push(`it is ${price.type}, not one_time`);
  if (price.unit_amount !== expected.amount) problems.push(`amount ${price.unit_amount} ≠ ${expected.amount}`);
  if (price.currency !== expected.currency) problems.push(`currency ${price.currency} ≠ ${expected.currency}`);
  return problems;
}

export async function checkStripePrice(ctx: PreflightContext): Promise<CheckResult> {
  const { stage } = ctx;
  const name = `Stripe price ${stage.stripePriceId}`;
  const stripe = await stripeOf(ctx);
  if (!stripe) return noKey(ctx, name);
  let price: Stripe.Price;
  try {
    price = await stripe.prices.retrieve(stage.stripePriceId);
  } catch (err) {
    if (!isStripeMissing(err)) throw err;
    return fail(
      name,
      'does not exist on the Stripe account of the stored key (test and live mode are separate)',
      `${SETUP(stage.name)}, then put the price id it prints into context.stages.${stage.name}.stripePriceId`,
    );
  }
  const problems = priceMismatches(price, stage.price);
  if (problems.length > 0) {
    return fail(
      name,
      `does not match the stage's price: ${problems.join('; ')}`,
      `${SETUP(stage.name)} creates a matching price; put its id into context.stages.${stage.name}.stripePriceId`,
    );
  }
  return pass(name, `one-time ${price.unit_amount} ${price.currency}, active`);
}

/** Every endpoint of the account (Stripe pages them by 100 at most). */
export async function listWebhookEndpoints(stripe: Stripe): Promise<Stripe.WebhookEndpoint[]> {
  return stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
}

export async function checkStripeWebhook(ctx: PreflightContext): Promise<CheckResult> {
  const { stage } = ctx;
  const name = 'Stripe webhook';
  // Without a domain the site's URL is the deployed stack's output: its webhook can only exist after the deploy.
  if (!stage.domainName && ctx.phase === 'before-first-deploy') {
    return afterFirstDeploy(name, `${SETUP(stage.name)} creates the endpoint for the site's URL`);
  }
  const site = await siteUrlOf(stage, ctx.clients.cloudFormation);
  if (!site.known) {
    return fail(
      name,
      `the site's URL is not known (${site.reason})`,
      `deploy the stage (step 8), then ${SETUP(stage.name)}`,
    );
  }
  const url = webhookUrlOf(site.url);
  const stripe = await stripeOf(ctx);
  if (!stripe) return noKey(ctx, name);
  const endpoint = (await listWebhookEndpoints(stripe)).find((e) => e.url === url);
  if (!endpoint) return fail(name, `no endpoint for ${url}`, SETUP(stage.name));
  if (endpoint.status !== 'enabled')
    return fail(name, `the endpoint for ${url} is ${endpoint.status}`, SETUP(stage.name));
  const events = new Set(endpoint.enabled_events);
  const missing = HANDLED_WEBHOOK_EVENTS.filter((e) => !events.has(e) && !events.has('*'));
  if (missing.length > 0) {
    return fail(name, `the endpoint for ${url} does not send ${missing.join(', ')}`, SETUP(stage.name));
  }
  return pass(name, `${url} receives ${HANDLED_WEBHOOK_EVENTS.join(', ')}`);
}
