import {
  AssetHashType,
  type BundlingOptions,
  DockerImage,
  Duration,
  type ILocalBundling,
  type RemovalPolicy,
} from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Alias,
  ApplicationLogLevel,
  Architecture,
  Code,
  Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { METRICS_NAMESPACE_ENV, metricsNamespace } from '#shared/business-metrics';
import { FUNCTION_TIMEOUT_SECONDS } from '#shared/deploy-names';
import { logLevelOf, type StageConfig } from '../stages';
import { LAMBDA_HANDLER, LAMBDA_NODE_MAJOR, LAMBDA_NODE_OPTIONS, lambdaBuildOptions } from './bundling';
import { acknowledge } from './nag';
import { repoPath } from './paths';

/**
 * Bundles one function with esbuild's API and exactly the bench's options (bundling.ts), code
 * splitting included, which NodejsFunction cannot do: it passes esbuild a single `--outfile`
 * (docs/decisions/015-code-split-lambda-bundles.md). A class, as NodejsFunction's own bundling is,
 * so that its `entry` is part of the asset's cache key (CDK serialises the bundling options to
 * JSON, which drops `tryBundle`): two functions never share a bundle.
 */
export class LambdaBundling implements BundlingOptions {
  /**
   * Required by CDK's type for bundling in a container, and never used: tryBundle always bundles on the
   * machine that synthesises (esbuild is a dependency of the project) or throws esbuild's error.
   */
  readonly image = DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x');
  readonly local: ILocalBundling;

  constructor(readonly entry: string) {
    this.local = {
      tryBundle: (outputDir: string) => {
        buildSync(lambdaBuildOptions(entry, outputDir));
        return true;
      },
    };
  }
}

/** The alias every invoker calls. */
export const LIVE_ALIAS = 'live';

const NODE_OPTIONS_ENV: Record<string, string> = LAMBDA_NODE_OPTIONS ? { NODE_OPTIONS: LAMBDA_NODE_OPTIONS } : {};

const RUNTIME = Runtime.NODEJS_22_X;
if (RUNTIME.name !== `nodejs${LAMBDA_NODE_MAJOR}.x`) throw new Error('RUNTIME and LAMBDA_NODE_MAJOR disagree');

export interface AppFunctionProps {
  /** Path from the repository root to a module exporting `handler`. */
  readonly entry: string;
  /** The stage: its log level (infra/stages.ts logLevelOf) and its metrics namespace. */
  readonly stage: StageConfig;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetention: RetentionDays;
  /** Applies to the log group; the function itself holds no data. */
  readonly removalPolicy: RemovalPolicy;
  /** @default FUNCTION_TIMEOUT_SECONDS.http (functions/integrations/timeouts.ts, where the outbound calls' limits are). */
  readonly timeout?: Duration;
  /** @default 512 MB: Lambda's CPU scales with memory, and cold starts shrink with it. */
  readonly memorySize?: number;
  /**
   * Executions reserved for this function, and its ceiling: it cannot starve the others, nor be starved.
   * The stage's `reservedConcurrency` (infra/stages.ts) sets it; unset means the account's shared pool.
   */
  readonly reservedConcurrency?: number;
  /** For asynchronous invocations (EventBridge targets): how Lambda retries and where it gives up. */
  readonly asyncInvoke?: {
    readonly retryAttempts: number;
    readonly maxEventAge: Duration;
    readonly deadLetterQueue: IQueue;
  };
}

/**
 * A Lambda function with the project's defaults fixed, after Powertools' FunctionWithLogGroup:
 * Node 22 on ARM64, code-split ESM bundles with source maps, an explicit log group with retention,
 * and a role that may write to that log group and nothing else until a grant adds more.
 */
export class AppFunction extends LambdaFunction {
  /** The module it runs (its `entry`), for checks of what the bundle may call (infra/test/timeouts.test.ts). */
  readonly entry: string;
  /**
   * What every invoker calls (API routes, EventBridge targets, the stream, the WebSocket, Cognito): CodeDeploy shifts
   * it from version to version and back on alarm (infra/constructs/releases.ts).
   */
  readonly live: Alias;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    // Created beside the function because `this` does not exist before super().
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    // An own role instead of the default one, whose AWS-managed AWSLambdaBasicExecutionRole
    // may create and write every log group of the account.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      // The repository is the source only by name: esbuild reads the files it imports, and the asset is
      // hashed from the bundle it writes (as NodejsFunction does), not from the repository's files.
      code: Code.fromAsset(repoPath(), {
        assetHashType: AssetHashType.OUTPUT,
        bundling: new LambdaBundling(props.entry),
      }),
      handler: LAMBDA_HANDLER,
      description: props.description,
      runtime: RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(FUNCTION_TIMEOUT_SECONDS.http),
      // Every function: Powertools Tracer (functions/lib/tracing.ts) adds the handler's and each SDK call's subsegments.
      tracing: Tracing.ACTIVE,
      reservedConcurrentExecutions: props.reservedConcurrency,
      role,
      logGroup,
      // Our own lines are JSON already (functions/lib/logger.ts); this makes Lambda's lines JSON too
      // (START/REPORT, timeouts, uncaught errors, with their request id), so one Logs Insights query reads all.
      loggingFormat: LoggingFormat.JSON,
      // Lines below the stage's level are dropped by Lambda before CloudWatch bills them; Powertools' LOG_LEVEL makes
      // the code skip them too. The metrics' EMF lines carry no level, which Lambda reads as INFO: never set it above.
      applicationLogLevelV2: ApplicationLogLevel[logLevelOf(props.stage)],
      // INFO keeps Lambda's START/REPORT lines (duration, memory, init) and its timeout reports, which the alarms'
      // descriptions send the operator to.
      systemLogLevelV2: SystemLogLevel.INFO,
      // No --enable-source-maps: it costs 10–18 ms of every cold start (bundling.ts LAMBDA_NODE_OPTIONS).
      environment: {
        ...props.environment,
        ...NODE_OPTIONS_ENV,
        LOG_LEVEL: logLevelOf(props.stage),
        [METRICS_NAMESPACE_ENV]: metricsNamespace(props.stage.name),
      },
      // The dead-letter queue is part of each version; retries and event age are the alias's (below).
      ...(props.asyncInvoke ? { deadLetterQueue: props.asyncInvoke.deadLetterQueue } : {}),
    });
    this.entry = props.entry;
    this.live = new Alias(this, 'Live', {
      aliasName: LIVE_ALIAS,
      version: this.currentVersion,
      // Asynchronous retries are configured per qualifier: on the function they would apply to $LATEST only.
      ...(props.asyncInvoke
        ? { retryAttempts: props.asyncInvoke.retryAttempts, maxEventAge: props.asyncInvoke.maxEventAge }
        : {}),
    });

    acknowledge(
      this,
      'AwsSolutions-L1',
      `Pinned to nodejs${LAMBDA_NODE_MAJOR}.x on purpose: the project's toolchain requires Node 22 (package.json ` +
        'engines) and tests on it, and LAMBDA_NODE_MAJOR moves with the CI, not with the newest Lambda runtime.',
    );
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.',
    );
  }
}
