import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  TagResourceCommand,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripeClient } from '../lib/stripe';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import { DOMAIN, STRIPE_KEY, testStage } from '../testing/preflight-fixture';
import { ENDPOINT_TAG, lookupKeyOf, SetupError, stripeSetup } from './setup';

const WEBHOOK_URL = `https://${DOMAIN}/api/payments/webhook`;
const meta = { $metadata: {} };

/** Secrets Manager has no emulator here: an in-memory one behind aws-sdk-client-mock, values and tags. */
function fakeSecretsManager(initial: Record<string, string>) {
  const client = new SecretsManagerClient({ region: 'eu-central-1' });
  const mock = mockClient(client);
  const values = new Map(Object.entries(initial));
  const tags = new Map<string, Record<string, string>>();
  const missing = (id: string) => new ResourceNotFoundException({ message: `Secret ${id} not found`, ...meta });
  mock.on(GetSecretValueCommand).callsFake(({ SecretId }: { SecretId: string }) => {
    if (!values.has(SecretId)) throw missing(SecretId);
    return { SecretString: values.get(SecretId) };
  });
  mock.on(DescribeSecretCommand).callsFake(({ SecretId }: { SecretId: string }) => {
    if (!values.has(SecretId)) throw missing(SecretId);
    return { Name: SecretId, Tags: Object.entries(tags.get(SecretId) ?? {}).map(([Key, Value]) => ({ Key, Value })) };
  });
  mock.on(PutSecretValueCommand).callsFake(({ SecretId, SecretString }: { SecretId: string; SecretString: string }) => {
    if (!values.has(SecretId)) throw missing(SecretId);
    values.set(SecretId, SecretString);
    return {};
  });
  mock
    .on(CreateSecretCommand)
    .callsFake(
      ({
        Name,
        SecretString,
        Tags,
      }: {
        Name: string;
        SecretString: string;
        Tags?: { Key: string; Value: string }[];
      }) => {
        values.set(Name, SecretString);
        tags.set(Name, Object.fromEntries((Tags ?? []).map((t) => [t.Key, t.Value])));
        return { Name };
      },
    );
  mock
    .on(TagResourceCommand)
    .callsFake(({ SecretId, Tags }: { SecretId: string; Tags: { Key: string; Value: string }[] }) => {
      tags.set(SecretId, { ...tags.get(SecretId), ...Object.fromEntries(Tags.map((t) => [t.Key, t.Value])) });
      return {};
    });
  return { client, mock, values, tags };
}

const stage = testStage();
const WEBHOOK_SECRET_NAME = stage.secrets.stripeWebhookSecret;
let fake: FakeStripe;
let lines: string[];

beforeEach(async () => {
  fake = await startFakeStripe(STRIPE_KEY);
  lines = [];
});
afterEach(() => fake.stop());

function deps(
  secrets: ReturnType<typeof fakeSecretsManager>,
  cloudFormation = new CloudFormationClient({ region: 'eu-central-1' }),
) {
  return {
    secrets: secrets.client,
    cloudFormation,
    log: (line: string) => lines.push(line),
    stripeApiBase: fake.apiBase,
  };
}
const writes = () => fake.calls.filter((c) => !c.startsWith('GET '));

describe('stripe:setup', () => {
  it('creates the product, a one-time price of the stage and the webhook, and stores its signing secret', async () => {
    const secrets = fakeSecretsManager({ [stage.secrets.stripeSecretKey]: STRIPE_KEY });
    const result = await stripeSetup(stage, deps(secrets));

    expect(result).toMatchObject({ priceIdChanged: true, webhook: 'created' });
    const price = fake.prices.get(result.priceId);
    expect(price).toMatchObject({
      unit_amount: 29900,
      currency: 'eur',
      type: 'one_time',
      lookup_key: lookupKeyOf(stage),
    });
    expect(fake.products.get('preseed_prod')).toMatchObject({ name: 'Preseed — founder access' });
    const [endpoint] = fake.webhookEndpoints.values();
    expect(endpoint).toMatchObject({
      url: WEBHOOK_URL,
      enabled_events: ['checkout.session.completed'],
      status: 'enabled',
    });
    expect(secrets.values.get(WEBHOOK_SECRET_NAME)).toMatch(/^whsec_/);
    expect(secrets.tags.get(WEBHOOK_SECRET_NAME)).toEqual({ [ENDPOINT_TAG]: endpoint?.id });
    expect(lines.join('\n')).toContain(`put "stripePriceId": "${result.priceId}" into context.stages.prod`);
    expect(lines.join('\n')).not.toContain(secrets.values.get(WEBHOOK_SECRET_NAME));
  });

  it('creates nothing on a second run and finds the same price', async () => {
    const secrets = fakeSecretsManager({ [stage.secrets.stripeSecretKey]: STRIPE_KEY });
    const first = await stripeSetup(stage, deps(secrets));
    const writesBefore = writes().length;
    const secretWritesBefore =
      secrets.mock.commandCalls(PutSecretValueCommand).length + secrets.mock.commandCalls(CreateSecretCommand).length;
    const second = await stripeSetup({ ...stage, stripePriceId: first.priceId }, deps(secrets));

    expect(second).toEqual({ priceId: first.priceId, priceIdChanged: false, webhook: 'kept' });
    expect(writes()).toHaveLength(writesBefore);
    expect(
      secrets.mock.commandCalls(PutSecretValueCommand).length + secrets.mock.commandCalls(CreateSecretCommand).length,
    ).toBe(secretWritesBefore);
    expect(lines.at(-1)).toContain('exists');
  });

  it('makes a new price when the stage price changes, moving the lookup key to it', async () => {
    const secrets = fakeSecretsManager({ [stage.secrets.stripeSecretKey]: STRIPE_KEY });
    const first = await stripeSetup(stage, deps(secrets));
    const second = await stripeSetup(
      { ...stage, stripePriceId: first.priceId, price: { amount: 39900, currency: 'eur' } },
      deps(secrets),
    );

    expect(second.priceId).not.toBe(first.priceId);
    expect(second.priceIdChanged).toBe(true);
    expect(fake.prices.get(second.priceId)).toMatchObject({ unit_amount: 39900, lookup_key: lookupKeyOf(stage) });
    expect(fake.prices.get(first.priceId)?.lookup_key).toBeNull();
  });

  it('does the price and says what to run after the deploy when the site URL is not known yet', async () => {
    const secrets = fakeSecretsManager({ [stage.secrets.stripeSecretKey]: STRIPE_KEY });
    const cloudFormation = new CloudFormationClient({ region: 'eu-central-1' });
    mockClient(cloudFormation)
      .on(DescribeStacksCommand)
      .rejects(Object.assign(new Error('Stack with id Preseed-prod does not exist'), { name: 'ValidationError' }));
    const noDomain = { ...stage, domainName: undefined, certificateArn: undefined };
    const result = await stripeSetup(noDomain, deps(secrets, cloudFormation));

    expect(result.webhook).toBe('skipped');
    expect(fake.prices.size).toBe(1);
    expect(fake.webhookEndpoints.size).toBe(0);
    expect(secrets.values.has(WEBHOOK_SECRET_NAME)).toBe(false);
    expect(lines.at(-1)).toContain(
      'npx cdk deploy -c stage=prod --all, run npm run stripe:setup -- --stage prod again',
    );
  });

  it('replaces an endpoint for the URL whose signing secret it does not hold, putting a new secret version', async () => {
    const secrets = fakeSecretsManager({
      [stage.secrets.stripeSecretKey]: STRIPE_KEY,
      [WEBHOOK_SECRET_NAME]: 'whsec_typed_by_hand',
    });
    const handMade = await stripeClient(STRIPE_KEY, fake.apiBase).webhookEndpoints.create({
      url: WEBHOOK_URL,
      enabled_events: ['checkout.session.completed'],
    });
    const result = await stripeSetup(stage, deps(secrets));

    expect(result.webhook).toBe('created');
    expect(fake.webhookEndpoints.has(handMade.id)).toBe(false);
    expect(fake.webhookEndpoints.size).toBe(1);
    expect(secrets.values.get(WEBHOOK_SECRET_NAME)).not.toBe('whsec_typed_by_hand');
    expect(secrets.mock.commandCalls(PutSecretValueCommand)).toHaveLength(1);
    expect(secrets.mock.commandCalls(CreateSecretCommand)).toHaveLength(0);
  });

  it('keeps its own endpoint and deletes one added by hand for the same URL', async () => {
    const secrets = fakeSecretsManager({ [stage.secrets.stripeSecretKey]: STRIPE_KEY });
    await stripeSetup(stage, deps(secrets));
    const [own] = fake.webhookEndpoints.keys();
    const handMade = await stripeClient(STRIPE_KEY, fake.apiBase).webhookEndpoints.create({
      url: WEBHOOK_URL,
      enabled_events: ['checkout.session.completed'],
    });

    expect((await stripeSetup(stage, deps(secrets))).webhook).toBe('kept');
    expect([...fake.webhookEndpoints.keys()]).toEqual([own]);
    expect(fake.webhookEndpoints.has(handMade.id)).toBe(false);
  });

  it('re-enables its own endpoint and adds the event it lost, keeping the secret', async () => {
    const secrets = fakeSecretsManager({ [stage.secrets.stripeSecretKey]: STRIPE_KEY });
    await stripeSetup(stage, deps(secrets));
    const [endpoint] = fake.webhookEndpoints.values();
    if (!endpoint) throw new Error('no endpoint');
    endpoint.enabled_events = ['charge.refunded'];
    endpoint.status = 'disabled';
    const stored = secrets.values.get(WEBHOOK_SECRET_NAME);

    expect((await stripeSetup(stage, deps(secrets))).webhook).toBe('updated');
    expect(endpoint).toMatchObject({
      status: 'enabled',
      enabled_events: ['charge.refunded', 'checkout.session.completed'],
    });
    expect(secrets.values.get(WEBHOOK_SECRET_NAME)).toBe(stored);
  });

  it('deletes the endpoint it just created when the secret cannot be stored, so a rerun starts clean', async () => {
    const secrets = fakeSecretsManager({ [stage.secrets.stripeSecretKey]: STRIPE_KEY });
    secrets.mock.on(CreateSecretCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    await expect(stripeSetup(stage, deps(secrets))).rejects.toThrow('denied');
    expect(fake.webhookEndpoints.size).toBe(0);
  });

  it('refuses without a Stripe key (naming the command), and a test key on a production stage', async () => {
    await expect(stripeSetup(stage, deps(fakeSecretsManager({})))).rejects.toThrow(
      new SetupError(
        `The secret ${stage.secrets.stripeSecretKey} does not exist in eu-central-1. Store the Stripe secret key first: ` +
          `read -rs STRIPE_KEY && printf %s "$STRIPE_KEY" | aws secretsmanager create-secret --name ${stage.secrets.stripeSecretKey} --region eu-central-1 --secret-string file:///dev/stdin; unset STRIPE_KEY`,
      ),
    );
    const testKey = fakeSecretsManager({ [stage.secrets.stripeSecretKey]: 'sk_test_abc' });
    await expect(stripeSetup(stage, deps(testKey))).rejects.toThrow('holds a test-mode key');
    expect(fake.calls).toHaveLength(0);
  });
});
