import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ESBUILD_CLI_ARGS, ESBUILD_OPTIONS, LAMBDA_NODE_MAJOR, LAMBDA_NODE_OPTIONS } from './bundling';
import { acknowledge } from './nag';
import { repoPath } from './paths';

/** ESBUILD_OPTIONS in CDK's vocabulary. */
export const LAMBDA_BUNDLING: BundlingOptions = {
  minify: ESBUILD_OPTIONS.minify,
  sourceMap: ESBUILD_OPTIONS.sourcemap,
  sourcesContent: ESBUILD_OPTIONS.sourcesContent,
  target: ESBUILD_OPTIONS.target,
  format: OutputFormat.ESM,
  mainFields: [...ESBUILD_OPTIONS.mainFields],
  banner: ESBUILD_OPTIONS.banner.js,
  externalModules: [...ESBUILD_OPTIONS.external],
  keepNames: ESBUILD_OPTIONS.keepNames,
  // The options NodejsFunction has no property for (built-in shims, conditions, legal comments, tree shaking).
  esbuildArgs: { ...ESBUILD_CLI_ARGS },
};

const NODE_OPTIONS_ENV: Record<string, string> = LAMBDA_NODE_OPTIONS ? { NODE_OPTIONS: LAMBDA_NODE_OPTIONS } : {};

const RUNTIME = Runtime.NODEJS_22_X;
if (RUNTIME.name !== `nodejs${LAMBDA_NODE_MAJOR}.x`) throw new Error('RUNTIME and LAMBDA_NODE_MAJOR disagree');

export interface AppFunctionProps {
  /** Path from the repository root to a module exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetention: RetentionDays;
  /** Applies to the log group; the function itself holds no data. */
  readonly removalPolicy: RemovalPolicy;
  /** @default 10 seconds: API Gateway gives up after 30 s, and a handler slower than 10 s is a bug. */
  readonly timeout?: Duration;
  /** @default 512 MB: Lambda's CPU scales with memory, and cold starts shrink with it. */
  readonly memorySize?: number;
  /** @default false */
  readonly tracing?: boolean;
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
 * A NodejsFunction with the project's defaults fixed, after Powertools' FunctionWithLogGroup:
 * Node 22 on ARM64, ESM bundles with source maps, an explicit log group with retention,
 * and a role that may write to that log group and nothing else until a grant adds more.
 */
export class AppFunction extends NodejsFunction {
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
      entry: repoPath(props.entry),
      handler: 'handler',
      projectRoot: repoPath(),
      depsLockFilePath: repoPath('package-lock.json'),
      description: props.description,
      runtime: RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: props.tracing ? Tracing.ACTIVE : undefined,
      reservedConcurrentExecutions: props.reservedConcurrency,
      role,
      logGroup,
      // Our own lines are JSON already (functions/lib/logger.ts); this makes Lambda's lines JSON too
      // (START/REPORT, timeouts, uncaught errors, with their request id), so one Logs Insights query reads all.
      loggingFormat: LoggingFormat.JSON,
      // No --enable-source-maps: it costs 10–18 ms of every cold start (bundling.ts LAMBDA_NODE_OPTIONS).
      environment: { ...props.environment, ...NODE_OPTIONS_ENV },
      bundling: LAMBDA_BUNDLING,
      ...props.asyncInvoke,
    });

    acknowledge(
      this,
      'AwsSolutions-L1',
      `Pinned to nodejs${LAMBDA_NODE_MAJOR}.x on purpose: the project supports and tests Node 20.19+ and 22, and ` +
        'LAMBDA_NODE_MAJOR moves with the CI, not with the newest Lambda runtime.',
    );
    if (props.tracing) {
      acknowledge(
        role,
        'AwsSolutions-IAM5[Resource::*]',
        'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.',
      );
    }
  }
}
