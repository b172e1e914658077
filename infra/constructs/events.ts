import { Duration } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_SECONDS } from '#shared/deploy-names';
import { type ConsumerName, EVENT_SOURCE, RETRY_POLICY, RULES } from '#shared/events';
import { logRetentionOf, removalPolicyOf, resourcePrefix, type StageConfig } from '../stages';
import { AppFunction } from './function';
import { type GrantTargets, grantNeeds, type Needs, needsOf } from './grants';
import { consumerEntry } from './lambda-entries';
import { pascalCase } from './names';

/** What each consumer may do; a consumer added to RULES must be declared here (a type error until it is). */
export const CONSUMER_NEEDS = {
  'question-stats': { table: 'readWrite' },
  'progress-recompute': { table: 'readWrite' },
  'email-sender': { table: 'readWrite', sendEmail: true },
  suggestions: { table: 'readWrite', invokeAiModel: true },
  'realtime-push': { table: 'readWrite', manageConnections: true },
  // Reads the founder's profile, claims the link's hourly notice on the link item, sends one email.
  'share-notices': { table: 'readWrite', sendEmail: true },
} as const satisfies Record<ConsumerName, Needs>;

export interface EventsProps {
  readonly stage: StageConfig;
}

export interface ConsumersProps {
  readonly environment: Readonly<Record<string, string>>;
  readonly targets: Omit<GrantTargets, 'bus'>;
}

/**
 * The stage's event bus and, from shared/events.ts's RULES, one rule per consumer.
 *
 * A consumer's failures are retried twice over: EventBridge retries delivering to Lambda,
 * then Lambda retries the handler. Both give up into the same dead-letter queue, whose
 * messages are the original events either way, so they can be redriven alike.
 */
export class Events extends Construct {
  readonly bus: EventBus;
  readonly consumers = new Map<ConsumerName, AppFunction>();
  readonly deadLetterQueues = new Map<ConsumerName, Queue>();
  private readonly stage: StageConfig;

  constructor(scope: Construct, id: string, { stage }: EventsProps) {
    super(scope, id);
    this.stage = stage;
    this.bus = new EventBus(this, 'Bus', { eventBusName: resourcePrefix(stage) });
  }

  /** Separate from the constructor: consumers get the environment every function gets, which names this bus. */
  addConsumers({ environment, targets }: ConsumersProps): void {
    const maxEventAge = Duration.seconds(RETRY_POLICY.maxEventAgeSeconds);
    const { reservedConcurrency } = this.stage;
    for (const rule of RULES) {
      const id = pascalCase(rule.consumer);
      const deadLetterQueue = new Queue(this, `${id}DeadLetters`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      const fn = new AppFunction(this, id, {
        entry: consumerEntry(rule.consumer),
        stage: this.stage,
        description: rule.description,
        environment,
        timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.consumer),
        // A throttled asynchronous event waits in Lambda's queue (up to maxEventAge), it is not lost.
        reservedConcurrency: reservedConcurrency ? reservedConcurrency.consumers : undefined,
        logRetention: logRetentionOf(this.stage),
        removalPolicy: removalPolicyOf(this.stage),
        // Lambda allows at most 2 retries, which with the first try is RETRY_POLICY's 3 attempts.
        asyncInvoke: { retryAttempts: Math.min(RETRY_POLICY.maxAttempts - 1, 2), maxEventAge, deadLetterQueue },
      });
      const needs = needsOf(CONSUMER_NEEDS, rule.consumer, 'CONSUMER_NEEDS in infra/constructs/events.ts');
      grantNeeds(fn, needs, { ...targets, bus: this.bus });

      new Rule(this, `${id}Rule`, {
        eventBus: this.bus,
        description: rule.description,
        eventPattern: { source: [EVENT_SOURCE], detailType: [...rule.events] },
        targets: [
          new LambdaFunction(fn.live, { retryAttempts: RETRY_POLICY.maxAttempts, maxEventAge, deadLetterQueue }),
        ],
      });
      this.consumers.set(rule.consumer, fn);
      this.deadLetterQueues.set(rule.consumer, deadLetterQueue);
    }
  }
}
