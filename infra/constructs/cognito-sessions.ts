import { Duration } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_SECONDS } from '#shared/deploy-names';
import { COGNITO_SESSIONS_RULE, cognitoSessionsPattern, RETRY_POLICY } from '#shared/events';
import { logRetentionOf, removalPolicyOf, type StageConfig } from '../stages';
import { AppFunction } from './function';
import { type GrantTargets, grantNeeds, type Needs } from './grants';
import { consumerEntry } from './lambda-entries';

/** Reads a founder's profile and a coach's record, and marks their end of sessions. */
export const COGNITO_SESSIONS_NEEDS = { table: 'readWrite' } as const satisfies Needs;

export interface CognitoSessionsProps {
  readonly stage: StageConfig;
  readonly userPoolId: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly targets: GrantTargets;
}

/**
 * Cognito's own calls that end a user's sessions, as CloudTrail puts them on the account's default event bus in the
 * stage's region (the account needs a trail logging management events: docs/operations.md), to the consumer that
 * ends them (functions/consumers/cognito-sessions.ts). Retried and dead-lettered like the domain events' consumers.
 * No reserved concurrency: these are operators' rare acts, and the stage's reservations budget the app's own load.
 */
export class CognitoSessions extends Construct {
  readonly consumer: AppFunction;
  readonly deadLetterQueue: Queue;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, { stage, userPoolId, environment, targets }: CognitoSessionsProps) {
    super(scope, id);
    const maxEventAge = Duration.seconds(RETRY_POLICY.maxEventAgeSeconds);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.consumer = new AppFunction(this, 'Consumer', {
      stage,
      entry: consumerEntry(COGNITO_SESSIONS_RULE.consumer),
      description: COGNITO_SESSIONS_RULE.description,
      environment,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.consumer),
      logRetention: logRetentionOf(stage),
      removalPolicy: removalPolicyOf(stage),
      asyncInvoke: {
        retryAttempts: Math.min(RETRY_POLICY.maxAttempts - 1, 2),
        maxEventAge,
        deadLetterQueue: this.deadLetterQueue,
      },
    });
    grantNeeds(this.consumer, COGNITO_SESSIONS_NEEDS, targets);
    // CDK spells the field detailType; the pattern is EventBridge's own, which the local bus matches too.
    const { 'detail-type': detailType, source, detail } = cognitoSessionsPattern(userPoolId);
    // No eventBus: AWS services' events, CloudTrail's among them, arrive on the default bus only.
    this.rule = new Rule(this, 'Rule', {
      description: COGNITO_SESSIONS_RULE.description,
      eventPattern: { source, detailType, detail },
      targets: [
        new LambdaFunction(this.consumer.live, {
          retryAttempts: RETRY_POLICY.maxAttempts,
          maxEventAge,
          deadLetterQueue: this.deadLetterQueue,
        }),
      ],
    });
  }
}
