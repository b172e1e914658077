/**
 * `npm run events:redrive -- --stage <stage> --consumer <name> [--limit N] [--dry-run]`: sends the events in one
 * consumer's dead-letter queue back to that consumer alone, through its function's `live` alias (publishing them on
 * the bus again would reach every consumer of the event). The flags are parsed by local/redrive-events.ts, the
 * one script behind `events:redrive`; `--stage` brings it here.
 *
 * The queue and the function are found in the stage's stack by their CloudFormation logical ids, which CDK derives
 * from the construct ids (infra/constructs/events.ts, infra/constructs/cognito-sessions.ts): CDK names neither
 * resource, so the stack's own resource list is the one place that maps a consumer to them.
 */
import { type CloudFormationClient, paginateListStackResources } from '@aws-sdk/client-cloudformation';
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { COGNITO_SESSIONS_RULE } from '#shared/events';
import { LIVE_ALIAS } from '../../infra/constructs/function';
import { pascalCase } from '../../infra/constructs/names';
import { isStackMissing } from '../lib/cloudformation';
import { AWS_CLIENT_OPTIONS, UsageError } from '../lib/stage';

/** SQS hands out at most 10 messages per receive. */
const MAX_BATCH = 10;

/**
 * How long a received batch stays hidden from other receivers: longer than the worst case of working through it
 * (each message's invoke and delete, every attempt at the client's timeouts), so no message of the batch comes back
 * while this run still holds it and gets sent twice. A message whose invoke failed comes back after it.
 */
const WORST_CALL_MS =
  AWS_CLIENT_OPTIONS.maxAttempts *
  (AWS_CLIENT_OPTIONS.requestHandler.connectionTimeout + AWS_CLIENT_OPTIONS.requestHandler.requestTimeout);
export const VISIBILITY_TIMEOUT_SECONDS = Math.ceil((MAX_BATCH * 2 * WORST_CALL_MS) / 1_000) + 60;

/**
 * Long polling asks every SQS server, so an empty answer means the queue has no visible message (a short poll samples
 * some servers and can answer empty while messages wait); a few seconds keeps the final, empty receive short.
 */
const WAIT_SECONDS = 2;

/** The logical-id stems CDK gives a consumer's queue and function: the construct path without its hash. */
export function logicalIdStems(consumer: string): { queue: string; fn: string } {
  if (consumer === COGNITO_SESSIONS_RULE.consumer) {
    // new CognitoSessions(stack, 'CognitoSessions') with children 'DeadLetters' and 'Consumer'.
    return { queue: 'CognitoSessionsDeadLetters', fn: 'CognitoSessionsConsumer' };
  }
  // new Events(stack, 'Events') with children `${pascalCase(consumer)}DeadLetters` and `${pascalCase(consumer)}`.
  const id = pascalCase(consumer);
  return { queue: `Events${id}DeadLetters`, fn: `Events${id}` };
}

/** The stage's stack lacks what the consumer needs: not a wrong command (no usage follows), still exit 2. */
export class NotDeployedError extends Error {
  override readonly name = 'NotDeployedError';
}

export interface ConsumerTarget {
  readonly queueUrl: string;
  readonly functionName: string;
}

/**
 * The consumer's queue URL and function name in the stack. A logical id is its stem and CDK's 8-hex-digit path
 * hash; the exact match keeps `EventsEmailSender` from matching `EventsEmailSenderRole…` or another stem's prefix.
 */
export async function findConsumer(
  cloudFormation: CloudFormationClient,
  stackName: string,
  consumer: string,
): Promise<ConsumerTarget> {
  const stems = logicalIdStems(consumer);
  const named = (stem: string) => new RegExp(`^${stem}[0-9A-F]{8}$`);
  let queueUrl: string | undefined;
  let functionName: string | undefined;
  try {
    for await (const page of paginateListStackResources({ client: cloudFormation }, { StackName: stackName })) {
      for (const r of page.StackResourceSummaries ?? []) {
        const id = r.LogicalResourceId ?? '';
        // A queue's physical id is its URL, a function's its name.
        if (r.ResourceType === 'AWS::SQS::Queue' && named(stems.queue).test(id)) queueUrl = r.PhysicalResourceId;
        if (r.ResourceType === 'AWS::Lambda::Function' && named(stems.fn).test(id)) functionName = r.PhysicalResourceId;
      }
    }
  } catch (err) {
    if (isStackMissing(err)) throw new NotDeployedError(`${stackName} is not deployed: there is no queue to redrive.`);
    throw err;
  }
  if (!queueUrl || !functionName) {
    throw new NotDeployedError(
      `${stackName} has no ${queueUrl ? 'function' : 'dead-letter queue'} for ${consumer} (${stems.queue}…, ${stems.fn}…): deploy the current commit first.`,
    );
  }
  return { queueUrl, functionName };
}

export interface RedriveClients {
  readonly cloudFormation: CloudFormationClient;
  readonly sqs: SQSClient;
  readonly lambda: LambdaClient;
}

export interface CloudRedriveRequest {
  readonly stackName: string;
  readonly consumer: string;
  /** At most this many messages are tried (undefined: until the queue answers none). */
  readonly limit: number | undefined;
  readonly dryRun: boolean;
}

/** 0: every message tried was redriven; 1: some stay in the queue (the lines say which). */
export type RedriveExit = 0 | 1;

/** Sends one message to the function; the message's delete is for the caller once this says `sent`. */
async function invokeOne(lambda: LambdaClient, functionName: string, message: Message): Promise<string | 'sent'> {
  try {
    const answer = await lambda.send(
      new InvokeCommand({
        FunctionName: `${functionName}:${LIVE_ALIAS}`,
        // Asynchronous, as EventBridge invokes it: the function's own retries and dead-letter queue apply, so an
        // event that fails again comes back to this queue and deleting it here loses nothing.
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(message.Body ?? ''),
      }),
    );
    // 202 is Lambda's "queued" for an Event invoke; anything else is not an acceptance to delete on.
    return answer.StatusCode === 202 ? 'sent' : `Lambda answered ${answer.StatusCode ?? 'no status'}`;
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
}

export async function redriveCloud(
  clients: RedriveClients,
  request: CloudRedriveRequest,
  print: (line: string) => void,
): Promise<RedriveExit> {
  const { queueUrl, functionName } = await findConsumer(clients.cloudFormation, request.stackName, request.consumer);
  const target = `${functionName}:${LIVE_ALIAS}`;
  if (request.dryRun) {
    const { Attributes } = await clients.sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    const waiting = Number(Attributes?.ApproximateNumberOfMessages ?? 0);
    const held = Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
    const count = request.limit === undefined ? waiting : Math.min(waiting, request.limit);
    print(`${queueUrl} holds about ${waiting} events (${held} more held by a receiver until their timeout).`);
    print(`Dry run: about ${count} would be sent to ${target}; nothing was moved.`);
    return 0;
  }

  let redriven = 0;
  let failed = 0;
  let tried = 0;
  while (request.limit === undefined || tried < request.limit) {
    const room = request.limit === undefined ? MAX_BATCH : Math.min(MAX_BATCH, request.limit - tried);
    const { Messages = [] } = await clients.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: room,
        VisibilityTimeout: VISIBILITY_TIMEOUT_SECONDS,
        WaitTimeSeconds: WAIT_SECONDS,
      }),
    );
    if (Messages.length === 0) break;
    for (const message of Messages) {
      tried += 1;
      const outcome = await invokeOne(clients.lambda, functionName, message);
      if (outcome !== 'sent') {
        failed += 1;
        // Not deleted: it stays hidden until the visibility timeout, then waits in the queue for the next redrive.
        print(`FAILED ${message.MessageId ?? '?'}: ${outcome}; it stays in the queue.`);
        continue;
      }
      try {
        await clients.sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
        redriven += 1;
      } catch (err) {
        // Sent but still queued: a later redrive sends it again, which consumers recognise by its outbox id.
        failed += 1;
        print(`FAILED ${message.MessageId ?? '?'}: sent, but the delete failed (${(err as Error).message}).`);
      }
    }
  }
  // The failed ones are hidden until the receive's timeout: a redrive run again at once would not see them.
  const back = failed > 0 ? ` (back in the queue after ${VISIBILITY_TIMEOUT_SECONDS} s)` : '';
  print(`${redriven} redriven to ${target}, ${failed} failed${back}.`);
  if (request.limit !== undefined && tried >= request.limit) print(`Stopped at --limit ${request.limit}.`);
  return failed > 0 ? 1 : 0;
}

/** `--limit`: a whole number of messages, at least 1. */
export function parseLimit(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`--limit ${text} is not a whole number of messages above 0.`);
  return Number(text);
}
