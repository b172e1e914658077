/**
 * Stage configuration: the `stages` context in cdk.json, validated once here so the
 * constructs can trust it. Pick a stage with `-c stage=<name>`: without it the app refuses
 * (a `cdk deploy --all` would otherwise put every stage into one account). A stage that still
 * holds placeholders (`*_replace_me`, example.com, no account) only synthesizes for checks,
 * with `-c check=true` (`npm run synth`, `.ci/run`, the infra tests); see decision 016.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import * as z from 'zod';
import { AI_OPERATIONS, BEDROCK_MODEL_ID } from '#shared/deploy-names';
import { RULES } from '#shared/events';
import { capacityPlan, type Reservations, totalReserved } from './capacity-model';

/** Empty strings in cdk.json mean "not configured". */
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

const STAGE_NAME = /^[a-z][a-z0-9]{1,11}$/;

/**
 * A CDK bootstrap qualifier: it names the bootstrap roles (`cdk-<qualifier>-deploy-role-…`), bucket and version
 * parameter, so each stage of a shared account has bootstrap roles of its own (decision 026). The CLI allows at most
 * 10 characters; lower case, because the qualifier is part of the staging bucket's name.
 */
export const BOOTSTRAP_QUALIFIER = /^[a-z0-9]{1,10}$/;

/** `alarmEmail` of a stage that knowingly runs without alarm notifications (allowed, but never by omission on prod). */
export const NO_ALARM_EMAIL = 'none';

export { RESERVED_AREAS, type Reservations, type ReservedArea } from './capacity-model';

/**
 * What the stage's reservations may add up to: Lambda's usual account limit of 1000 concurrent executions
 * less the 100 that AWS keeps unreserved (deploys that reserve more fail). An account with a lower limit
 * (a new one starts at 10) sets `reservedConcurrency: false` until AWS raises it.
 */
export const RESERVED_CONCURRENCY_BUDGET = 1000 - 100;

const concurrency = z.int().min(1).max(RESERVED_CONCURRENCY_BUDGET);

/**
 * Reserved concurrency: each number both guarantees that many executions to its function and caps it there, so a
 * burst on one public or slow path cannot take the whole account's concurrency from the rest of the API. By default
 * every number comes from the capacity model (infra/capacity-model.ts, docs/capacity.md) for the stage's
 * `expectedFounders`: the function's peak executions twice over, at least 5 (consumers 10). A number given here
 * overrides its derived one; `false` reserves nothing, for an account whose quota is still below what the stage
 * would reserve (a new account allows 10 executions in all, which carry about the founders docs/capacity.md states).
 */
const reservedConcurrencySchema = z.union([
  z.literal(false),
  z.strictObject({
    accounts: concurrency.optional(),
    payments: concurrency.optional(),
    journey: concurrency.optional(),
    /** The AI routes' function: Bedrock calls of up to 7 s, apart from the journey's saves. */
    ai: concurrency.optional(),
    /** Per EventBridge consumer (RULES in shared/events.ts). */
    consumers: concurrency.optional(),
  }),
]);
type ReservedOverrides = z.output<typeof reservedConcurrencySchema>;

/** The stage's reservations: the model's for its expected founders, with the stage's own numbers over them. */
export function resolveReservations(overrides: ReservedOverrides, expectedFounders: number): Reservations | false {
  if (overrides === false) return false;
  const derived = capacityPlan(expectedFounders).reservations;
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return { ...derived, ...given };
}

/**
 * The Cognito user pool's feature plan (infra/constructs/auth.ts), billed per monthly active user
 * (docs/capacity.md). Essentials carries everything the product uses: TOTP MFA for coaches, refresh-token rotation,
 * the CustomMessage trigger and the admin API. Plus adds threat protection (compromised-credential checks and
 * adaptive authentication on every sign-in), which production turns on in full-function mode. Lite is not offered:
 * it has no refresh-token rotation.
 */
export const COGNITO_TIERS = ['essentials', 'plus'] as const;
export type CognitoTier = (typeof COGNITO_TIERS)[number];

/** The founders a stage is sized for when cdk.json names none: a production stage a million, any other a thousand. */
export const DEFAULT_EXPECTED_FOUNDERS = { production: 1_000_000, other: 1_000 } as const;

/**
 * The site's web ACL (infra/constructs/waf.ts): requests per client IP address in any 5 minutes before
 * WAF answers 429. WAF's smallest limit is 10.
 */
const wafSchema = z.strictObject({
  /** Every request to the site and the API. */
  requestsPer5Minutes: z.int().min(10).max(2_000_000_000).default(2000),
  /** Requests to /api/auth/ (sign-up codes and their verification). */
  authRequestsPer5Minutes: z.int().min(10).max(2_000_000_000).default(100),
});
const REGION = z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'expected an AWS region such as eu-central-1');

/**
 * The geographic prefixes of Bedrock's cross-Region inference profiles (`eu.amazon.nova-lite-v1:0`). `global.` is
 * one too, but routes to every commercial Region: its grant could not be written without `*`, so it is refused.
 */
export const INFERENCE_PROFILE_GEOS = ['us', 'eu', 'apac', 'us-gov', 'jp', 'au', 'ca', 'global'] as const;

/** The profile's geography when the id is an inference profile's, else undefined (a foundation model id). */
export function inferenceProfileGeo(modelId: string): string | undefined {
  const prefix = modelId.split('.')[0] ?? '';
  return (INFERENCE_PROFILE_GEOS as readonly string[]).includes(prefix) ? prefix : undefined;
}

/**
 * The stage's Amazon Bedrock model for idea generation and every suggestion set (functions/integrations/ai/bedrock.ts);
 * `false` leaves the operations without a webhook to the offline drafter. A geographic inference profile routes each
 * call to one of its destination Regions, and IAM must allow the model in each: list them in `profileRegions`
 * (`npm run preflight` compares them with the profile's own list). The stage's functions may invoke exactly this
 * profile and these models, nothing else (infra/constructs/ai-model.ts).
 */
const bedrockSchema = z.union([
  z.literal(false),
  z.strictObject({
    modelId: z
      .string()
      .regex(BEDROCK_MODEL_ID, 'expected a Bedrock model id (amazon.nova-lite-v1:0) or inference profile id'),
    profileRegions: z.array(REGION).min(1).optional(),
  }),
]);

/**
 * Where the daily backups are copied (infra/backup-copy-stack.ts): another Region, and another account where
 * `account` is set (that account's vault lets this one copy in; AWS Organizations must allow cross-account backup).
 */
const backupCopySchema = z.union([
  z.literal(false),
  z.strictObject({
    region: REGION,
    account: optional(z.string().regex(/^\d{12}$/, 'expected a 12-digit AWS account id')),
  }),
]);

/**
 * The copy Region a production stage gets when it names none: the nearest Region of the same geography (data stays
 * under the same jurisdiction). A stage in a Region not listed names its `backupCopy.region`.
 */
export const DEFAULT_BACKUP_COPY_REGION: Readonly<Record<string, string>> = {
  'eu-central-1': 'eu-west-1',
  'eu-west-1': 'eu-central-1',
  'eu-west-2': 'eu-west-1',
  'eu-west-3': 'eu-central-1',
  'eu-north-1': 'eu-central-1',
  'us-east-1': 'us-west-2',
  'us-east-2': 'us-west-2',
  'us-west-2': 'us-east-1',
};

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A Route 53 public hosted zone the stage's domain is in (or equal to). */
const hostedZoneSchema = z.strictObject({
  /** The zone's id, `Z…` (Route 53 console, or `aws route53 list-hosted-zones-by-name`). */
  id: z.string().regex(/^Z\w+$/, 'expected a Route 53 hosted zone id (Z...)'),
  name: z.string().regex(HOSTNAME, "expected the zone's domain name, e.g. example.com"),
});

const stageSchema = z
  .strictObject({
    /** Marks a stage holding real data: retained resources and deletion protection. */
    production: z.boolean(),
    region: REGION,
    /** Pins the stack to one account; otherwise the CLI's credentials decide at deploy time. */
    account: optional(z.string().regex(/^\d{12}$/, 'expected a 12-digit AWS account id')),
    /** The stage's own domain: SES verifies it as the sending domain, and the site is served on it. */
    domainName: optional(z.string().regex(HOSTNAME, 'expected a lower-case host name such as preseed.example.com')),
    /**
     * The Route 53 zone of domainName: with it the stack makes the certificate (us-east-1, DNS-validated), the
     * site's alias records and the SES identity's DKIM records. Without it, certificateArn is required and the
     * stack outputs the records to create by hand.
     */
    hostedZone: hostedZoneSchema.optional(),
    /** An issued ACM certificate for domainName in us-east-1 (CloudFront's region), when the stack makes none. */
    certificateArn: optional(
      z
        .string()
        .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'expected an ACM certificate ARN in us-east-1'),
    ),
    senderEmail: z.email(),
    /**
     * false until SES has verified the stage's identity (domain or sender address): the user pool then sends
     * its own emails (password-reset codes) with Cognito's default sender, so creating the pool never depends
     * on an identity the same deploy has just created. Set true and deploy again once SES says "verified".
     */
    sesIdentityVerified: z.boolean().default(false),
    /**
     * The stage's CDK bootstrap qualifier (`npm run bootstrap -- --stage <name>`). Default: the stage's name, which
     * must then be at most 10 characters; a longer name sets one. Two stages never share one.
     */
    bootstrapQualifier: z
      .string()
      .regex(BOOTSTRAP_QUALIFIER, 'expected 1-10 lower-case letters or digits (a CDK bootstrap qualifier)')
      .optional(),
    /** A daily AWS Backup of the table, kept 35 days (besides point-in-time recovery). Default: `production`. */
    backup: z.boolean().optional(),
    /**
     * Copies of the daily backups in another Region (and account), kept 35 days, in a vault locked on production.
     * Default on a stage with `backup`: production stages copy to DEFAULT_BACKUP_COPY_REGION; `false` turns it off.
     */
    backupCopy: backupCopySchema.optional(),
    /**
     * After a restore: the name of the restored table the stage uses instead of the one the stack created (which
     * then leaves the stack, retained on production). See docs/operations.md, "Restore".
     */
    restoredTableName: z
      .string()
      .regex(/^[\w.-]{3,255}$/, 'expected a DynamoDB table name')
      .optional(),
    /**
     * With restoredTableName: the ARN of the stream turned on for the restored table (a restore copies no stream;
     * the stream consumer reads it, docs/decisions/018-changes-announce-from-the-stream.md).
     */
    restoredTableStreamArn: z
      .string()
      .regex(
        /^arn:aws[\w-]*:dynamodb:[\w-]+:\d{12}:table\/[\w.-]+\/stream\/[\w:.-]+$/,
        'expected a DynamoDB stream ARN',
      )
      .optional(),
    stripePriceId: z.string().regex(/^price_\w+$/, 'expected a Stripe price id (price_...)'),
    /** What the landing and payment pages show; keep it equal to the Stripe price (minor units, ISO currency). */
    price: z.strictObject({ amount: z.int().positive(), currency: z.string().regex(/^[a-z]{3}$/) }),
    /** Names of Secrets Manager secrets; their values never enter the template. */
    secrets: z.strictObject({
      stripeSecretKey: z.string().min(1),
      stripeWebhookSecret: z.string().min(1),
    }),
    supportChatId: optional(z.string()),
    /**
     * Where alarm notifications go (SNS email subscription, confirmed by a link SNS mails). A production
     * stage must name one, or say `"none"` to run without notifications on purpose.
     */
    alarmEmail: optional(z.union([z.literal(NO_ALARM_EMAIL), z.email()])),
    waf: wafSchema.prefault({}),
    /**
     * The founders the stage is sized for: the capacity model (infra/capacity-model.ts) derives the API and
     * WebSocket throttles, the reservations and the quotas to ask for (infra/quotas.ts) from it.
     * Default: DEFAULT_EXPECTED_FOUNDERS.
     */
    expectedFounders: z.int().min(1).max(100_000_000).optional(),
    reservedConcurrency: reservedConcurrencySchema.prefault({}),
    /** Default: `plus` on a production stage, `essentials` on any other (COGNITO_TIERS). */
    cognitoTier: z.enum(COGNITO_TIERS).optional(),
    /** AI automation endpoints by operation; each one set wins over the Bedrock model for its operation. */
    aiWebhookUrls: z.partialRecord(z.enum(AI_OPERATIONS), z.url({ protocol: /^https$/ })).default({}),
    bedrock: bedrockSchema.default(false),
  })
  .superRefine((stage, ctx) => {
    if (stage.certificateArn && !stage.domainName) {
      ctx.addIssue({ code: 'custom', path: ['certificateArn'], message: 'certificateArn needs a domainName' });
    }
    if (stage.hostedZone && !stage.domainName) {
      ctx.addIssue({ code: 'custom', path: ['hostedZone'], message: 'hostedZone needs a domainName' });
    }
    if (
      stage.hostedZone &&
      stage.domainName &&
      stage.domainName !== stage.hostedZone.name &&
      !stage.domainName.endsWith(`.${stage.hostedZone.name}`)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['hostedZone', 'name'],
        message: `must be ${stage.domainName} or a parent domain of it, the zone its records go into`,
      });
    }
    if (stage.domainName && !stage.hostedZone && !stage.certificateArn) {
      ctx.addIssue({
        code: 'custom',
        path: ['certificateArn'],
        message:
          `${stage.domainName} needs a certificate: give hostedZone (the stack then creates one with DNS ` +
          'validation) or the ARN of an issued ACM certificate in us-east-1 covering the domain',
      });
    }
    const senderDomain = stage.senderEmail.split('@')[1];
    if (stage.domainName && senderDomain !== stage.domainName && !senderDomain?.endsWith(`.${stage.domainName}`)) {
      ctx.addIssue({
        code: 'custom',
        path: ['senderEmail'],
        message: `must be an address at ${stage.domainName}, the domain SES verifies for this stage`,
      });
    }
    if (stage.production && stage.alarmEmail === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['alarmEmail'],
        message:
          'a production stage needs an address for alarm notifications (e.g. "ops@<its domain>"), ' +
          `or "${NO_ALARM_EMAIL}" to run without them on purpose`,
      });
    }
    if (stage.waf.authRequestsPer5Minutes > stage.waf.requestsPer5Minutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['waf', 'authRequestsPer5Minutes'],
        message: 'must not be above requestsPer5Minutes, which counts the same requests too',
      });
    }
    if (stage.bedrock) {
      const geo = inferenceProfileGeo(stage.bedrock.modelId);
      const path = ['bedrock', 'profileRegions'];
      if (geo === 'global') {
        ctx.addIssue({
          code: 'custom',
          path: ['bedrock', 'modelId'],
          message:
            'a global inference profile routes to every commercial Region, which IAM could only allow with "*": ' +
            'use a geographic profile (eu., us., apac., …) or a foundation model id',
        });
      } else if (geo && !stage.bedrock.profileRegions) {
        ctx.addIssue({
          code: 'custom',
          path,
          message:
            `${stage.bedrock.modelId} is an inference profile: list the Regions it routes to (aws bedrock ` +
            `get-inference-profile --inference-profile-identifier ${stage.bedrock.modelId} --region ${stage.region}), ` +
            'so the functions may invoke the model there and nowhere else',
        });
      } else if (!geo && stage.bedrock.profileRegions) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `${stage.bedrock.modelId} is a foundation model, called in ${stage.region} only: remove profileRegions`,
        });
      }
    }
    if (stage.backupCopy && stage.backupCopy.region === stage.region) {
      ctx.addIssue({
        code: 'custom',
        path: ['backupCopy', 'region'],
        message: `must be another Region than the stage's own (${stage.region}): a copy there survives no Regional outage`,
      });
    }
    const backup = stage.backup ?? stage.production;
    if (backup && stage.production && stage.backupCopy === undefined && !DEFAULT_BACKUP_COPY_REGION[stage.region]) {
      ctx.addIssue({
        code: 'custom',
        path: ['backupCopy'],
        message: `name the Region the backups of ${stage.region} are copied to ({ "region": "…" }), or false for none`,
      });
    }
    const reserved = totalReservedConcurrency(
      resolveReservations(stage.reservedConcurrency, stage.expectedFounders ?? expectedFoundersDefault(stage)),
    );
    if (reserved > RESERVED_CONCURRENCY_BUDGET) {
      ctx.addIssue({
        code: 'custom',
        path: ['reservedConcurrency'],
        message:
          `reserves ${reserved} concurrent executions in all (consumers count ${RULES.length} times), more than ` +
          `${RESERVED_CONCURRENCY_BUDGET}: Lambda's usual account limit of 1000 less the 100 AWS keeps unreserved`,
      });
    }
  })
  // "none" has done its job (an explicit choice); the constructs only see an address or nothing.
  .transform(({ alarmEmail, backup, backupCopy, expectedFounders, reservedConcurrency, cognitoTier, ...stage }) => {
    const founders = expectedFounders ?? expectedFoundersDefault(stage);
    const backedUp = backup ?? stage.production;
    const defaultCopy = stage.production ? DEFAULT_BACKUP_COPY_REGION[stage.region] : undefined;
    const copy = backupCopy ?? (defaultCopy ? { region: defaultCopy } : false);
    return {
      ...stage,
      alarmEmail: alarmEmail === NO_ALARM_EMAIL ? undefined : alarmEmail,
      backup: backedUp,
      /** Resolved: where the backups are copied, or undefined (no backup, or no copy). */
      backupCopy: backedUp && copy ? { region: copy.region, account: copy.account } : undefined,
      expectedFounders: founders,
      reservedConcurrency: resolveReservations(reservedConcurrency, founders),
      cognitoTier: cognitoTier ?? (stage.production ? 'plus' : 'essentials'),
    };
  });

function expectedFoundersDefault(stage: { production: boolean }): number {
  return stage.production ? DEFAULT_EXPECTED_FOUNDERS.production : DEFAULT_EXPECTED_FOUNDERS.other;
}

/** Concurrent executions a stage reserves: the reserved areas once, every consumer of RULES (shared/events.ts) each. */
export function totalReservedConcurrency(settings: Reservations | false): number {
  return totalReserved(settings);
}

/** The capacity model's figures for the stage's expected founders (throttles, reservations, Bedrock's rates). */
export const capacityOf = (stage: Pick<StageConfig, 'expectedFounders'>) => capacityPlan(stage.expectedFounders);

/** The bootstrap qualifier of a stage: its own setting, else its name (when short enough to be one). */
const qualifierOf = (name: string, settings: { bootstrapQualifier?: string | undefined }): string | undefined =>
  settings.bootstrapQualifier ?? (BOOTSTRAP_QUALIFIER.test(name) ? name : undefined);

const stagesSchema = z
  .record(z.string().regex(STAGE_NAME, 'stage names are 2-12 lower-case letters or digits'), stageSchema)
  .superRefine((stages, ctx) => {
    const owners = new Map<string, string>();
    for (const [name, settings] of Object.entries(stages)) {
      const qualifier = qualifierOf(name, settings);
      if (qualifier === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name, 'bootstrapQualifier'],
          message:
            `the stage name "${name}" is longer than a CDK bootstrap qualifier may be (10): set ` +
            'bootstrapQualifier to 1-10 lower-case letters or digits no other stage uses',
        });
        continue;
      }
      const owner = owners.get(qualifier);
      if (owner !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name, 'bootstrapQualifier'],
          message:
            `"${qualifier}" is stage ${owner}'s bootstrap qualifier too: in a shared account each stage's deploy ` +
            'role may assume only its own bootstrap roles, so two stages cannot share them',
        });
      }
      owners.set(qualifier, name);
    }
  });

export type StageSettings = z.output<typeof stageSchema>;

export interface StageConfig extends StageSettings {
  readonly name: string;
  /** Always set here (the setting, or the stage's name): the stacks' synthesizer and the deploy role use it. */
  readonly bootstrapQualifier: string;
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
  return Object.fromEntries(
    Object.entries(result.data).map(([name, settings]) => [
      name,
      // qualifierOf is defined for every stage here: the schema refused the stages it is not.
      { ...settings, name, bootstrapQualifier: qualifierOf(name, settings) ?? name },
    ]),
  );
}

/**
 * Context key (`-c check=true`) that lets a stage with placeholders synthesize: for checks only (`npm run synth`,
 * `.ci/run`, the infra tests), never for a deploy. It also lets the app synthesize every stage when none is named.
 */
export const CHECK_CONTEXT = 'check';

const PLACEHOLDER_TEXT = /replace[_-]?me/i;
/** Domains reserved for examples (RFC 2606): nobody can verify, certify or receive mail at them. */
const EXAMPLE_HOST = /(^|\.)example(\.(com|net|org))?$|\.(test|invalid|localhost)$/i;

function hostOf(value: string): string {
  if (value.includes('@')) return value.slice(value.lastIndexOf('@') + 1);
  if (/^https?:\/\//i.test(value)) {
    try {
      return new URL(value).hostname;
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * What in one stage's raw settings (as cdk.json writes them) still stands in for a real value: each entry names
 * the key's path and why. Empty means the stage may be deployed. Exported for the preflight, which reports the same.
 */
export function placeholderProblems(raw: unknown): string[] {
  const problems: string[] = [];
  const settings = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  if (typeof settings.account !== 'string' || settings.account === '') {
    problems.push('account: empty — the 12-digit id of the AWS account this stage deploys to');
  }
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (PLACEHOLDER_TEXT.test(value)) problems.push(`${path}: "${value}" is a placeholder`);
      else if (EXAMPLE_HOST.test(hostOf(value))) {
        problems.push(`${path}: "${value}" is an example domain nobody can verify or receive mail at`);
      }
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) visit(child, path ? `${path}.${key}` : key);
    }
  };
  visit(settings, '');
  return problems;
}

const isCheck = (value: unknown): boolean => value === true || value === 'true';

/**
 * The stage to synthesize: the one named by `-c stage=<name>`. Without a name, or with placeholders in the
 * stage, it refuses (before anything reaches AWS: `cdk deploy` synthesizes first) — unless `-c check=true`
 * says the synthesis is only checked, when every stage is returned without a name.
 */
export function stagesFromContext(node: Node): StageConfig[] {
  const raw: unknown = node.tryGetContext('stages');
  const stages = parseStages(raw);
  const check = isCheck(node.tryGetContext(CHECK_CONTEXT));
  const wanted: unknown = node.tryGetContext('stage');
  const known = Object.keys(stages).join(', ');
  if (wanted === undefined) {
    if (check) return Object.values(stages);
    throw new StageConfigError(
      `Name the stage: -c stage=<name> (known stages: ${known}). Without one, every stage would be ` +
        `deployed into the same account. For a synthesis that only checks the templates add -c ${CHECK_CONTEXT}=true.`,
    );
  }
  const stage = typeof wanted === 'string' ? stages[wanted] : undefined;
  if (!stage) {
    throw new StageConfigError(
      `Unknown stage ${JSON.stringify(wanted)}. Known stages: ${known} (the "stages" context in cdk.json).`,
    );
  }
  if (!check) {
    const problems = placeholderProblems((raw as Record<string, unknown>)[stage.name]);
    if (problems.length > 0) {
      throw new StageConfigError(
        `Stage "${stage.name}" in cdk.json is not ready to deploy:\n` +
          problems.map((problem) => `  - stages.${stage.name}.${problem}`).join('\n') +
          `\nSet the real values (docs/operations.md). Only a check may synthesize it as it is: -c ${CHECK_CONTEXT}=true.`,
      );
    }
  }
  return [stage];
}

/** Production keeps its data when a resource leaves the stack; other stages clean up after themselves. */
export const removalPolicyOf = (stage: StageConfig): RemovalPolicy =>
  stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

export const logRetentionOf = (stage: StageConfig): RetentionDays =>
  stage.production ? RetentionDays.SIX_MONTHS : RetentionDays.TWO_WEEKS;

/**
 * The stage's CDK bootstrap stack in each of its regions: one per qualifier, since an account's stages each
 * bootstrap their own (`CDKToolkit` is the CLI's default name, kept by no stage).
 */
export const toolkitStackNameOf = (stage: Pick<StageConfig, 'bootstrapQualifier'>): string =>
  `CDKToolkit-${stage.bootstrapQualifier}`;

/** Name prefix of the stage's resources that need a readable name. */
export const resourcePrefix = (stage: StageConfig): string => `preseed-${stage.name}`;

/** The functions' log level (Lambda's application log level and Powertools' LOG_LEVEL): lines below it are not billed. */
export type FunctionLogLevel = 'DEBUG' | 'INFO';
export const logLevelOf = (stage: StageConfig): FunctionLogLevel => (stage.production ? 'INFO' : 'DEBUG');
