/**
 * Stage configuration: the `stages` context in cdk.json, validated once here so the
 * constructs can trust it. Pick a stage with `-c stage=<name>`; without it the app
 * synthesizes every stage.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import * as z from 'zod';
import { AI_OPERATIONS } from '../functions/integrations/ai/port';

/** Empty strings in cdk.json mean "not configured". */
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

const STAGE_NAME = /^[a-z][a-z0-9]{1,11}$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const stageSchema = z
  .strictObject({
    /** Marks a stage holding real data: retained resources and deletion protection. */
    production: z.boolean(),
    region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'expected an AWS region such as eu-central-1'),
    /** Pins the stack to one account; otherwise the CLI's credentials decide at deploy time. */
    account: optional(z.string().regex(/^\d{12}$/, 'expected a 12-digit AWS account id')),
    /** The stage's own domain: SES verifies it as the sending domain. */
    domainName: optional(z.string().regex(HOSTNAME, 'expected a lower-case host name such as preseed.example.com')),
    /** An ACM certificate for domainName in us-east-1 (CloudFront's region); with it the site is served there. */
    certificateArn: optional(
      z
        .string()
        .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'expected an ACM certificate ARN in us-east-1'),
    ),
    senderEmail: z.email(),
    stripePriceId: z.string().regex(/^price_\w+$/, 'expected a Stripe price id (price_...)'),
    /** What the landing and payment pages show; keep it equal to the Stripe price (minor units, ISO currency). */
    price: z.strictObject({ amount: z.int().positive(), currency: z.string().regex(/^[a-z]{3}$/) }),
    /** Names of Secrets Manager secrets; their values never enter the template. */
    secrets: z.strictObject({
      stripeSecretKey: z.string().min(1),
      stripeWebhookSecret: z.string().min(1),
    }),
    supportChatId: optional(z.string()),
    /** Where alarm notifications go (SNS email subscription, confirmed by a link SNS mails); none without it. */
    alarmEmail: optional(z.email()),
    /** AI automation endpoints by operation; an operation without one uses the offline drafter. */
    aiWebhookUrls: z.partialRecord(z.enum(AI_OPERATIONS), z.url({ protocol: /^https$/ })).default({}),
  })
  .superRefine((stage, ctx) => {
    if (stage.certificateArn && !stage.domainName) {
      ctx.addIssue({ code: 'custom', path: ['certificateArn'], message: 'certificateArn needs a domainName' });
    }
    const senderDomain = stage.senderEmail.split('@')[1];
    if (stage.domainName && senderDomain !== stage.domainName && !senderDomain?.endsWith(`.${stage.domainName}`)) {
      ctx.addIssue({
        code: 'custom',
        path: ['senderEmail'],
        message: `must be an address at ${stage.domainName}, the domain SES verifies for this stage`,
      });
    }
  });

const stagesSchema = z.record(
  z.string().regex(STAGE_NAME, 'stage names are 2-12 lower-case letters or digits'),
  stageSchema,
);

export type StageSettings = z.output<typeof stageSchema>;

export interface StageConfig extends StageSettings {
  readonly name: string;
}

export class StageConfigError extends Error {
  override readonly name = 'StageConfigError';
}

/** Validates the whole `stages` object; the error lists every problem with its path. */
export function parseStages(raw: unknown): Record<string, StageConfig> {
  if (raw === undefined) throw new StageConfigError('cdk.json has no "stages" context.');
  const result = stagesSchema.safeParse(raw);
  if (!result.success) {
    throw new StageConfigError(`Invalid "stages" context in cdk.json:\n${z.prettifyError(result.error)}`);
  }
  return Object.fromEntries(Object.entries(result.data).map(([name, settings]) => [name, { ...settings, name }]));
}

/** The stages to synthesize: the one named by `-c stage=<name>`, or all of them. */
export function stagesFromContext(node: Node): StageConfig[] {
  const stages = parseStages(node.tryGetContext('stages'));
  const wanted: unknown = node.tryGetContext('stage');
  if (wanted === undefined) return Object.values(stages);
  const stage = typeof wanted === 'string' ? stages[wanted] : undefined;
  if (!stage) {
    throw new StageConfigError(
      `Unknown stage ${JSON.stringify(wanted)}. Known stages: ${Object.keys(stages).join(', ')} ` +
        '(the "stages" context in cdk.json).',
    );
  }
  return [stage];
}

/** Production keeps its data when a resource leaves the stack; other stages clean up after themselves. */
export const removalPolicyOf = (stage: StageConfig): RemovalPolicy =>
  stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

export const logRetentionOf = (stage: StageConfig): RetentionDays =>
  stage.production ? RetentionDays.SIX_MONTHS : RetentionDays.TWO_WEEKS;

/** Name prefix of the stage's resources that need a readable name. */
export const resourcePrefix = (stage: StageConfig): string => `preseed-${stage.name}`;
