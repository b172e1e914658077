import {
  CloudFormationClient,
  ListStackResourcesCommand,
  type StackResourceSummary,
} from '@aws-sdk/client-cloudformation';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { redriveEventsCli } from '../../local/redrive-events';
import { findConsumer, logicalIdStems, VISIBILITY_TIMEOUT_SECONDS } from './redrive';

const cfn = mockClient(CloudFormationClient);
const sqs = mockClient(SQSClient);
const lambda = mockClient(LambdaClient);

const QUEUE = 'https://sqs.eu-central-1.amazonaws.com/123456789012/Preseed-dev-EventsEmailSenderDeadLettersAB12-x';
const FN = 'Preseed-dev-EventsEmailSenderC0FFEE12-abc';

const resource = (
  LogicalResourceId: string,
  ResourceType: string,
  PhysicalResourceId: string,
): StackResourceSummary => ({
  LogicalResourceId,
  ResourceType,
  PhysicalResourceId,
  ResourceStatus: 'UPDATE_COMPLETE',
  LastUpdatedTimestamp: new Date(),
});

const message = (n: number): Message => ({ MessageId: `m${n}`, ReceiptHandle: `r${n}`, Body: `{"id":"e${n}"}` });

beforeEach(() => {
  cfn.reset();
  sqs.reset();
  lambda.reset();
  cfn.on(ListStackResourcesCommand, { StackName: 'Preseed-dev' }).resolves({
    StackResourceSummaries: [
      // Near misses first: the role and log group share the function's stem, another consumer's queue its prefix.
      resource('EventsEmailSenderRoleAAAAAAAA', 'AWS::IAM::Role', 'role'),
      resource('EventsEmailSenderLogsBBBBBBBB', 'AWS::Logs::LogGroup', 'logs'),
      resource('EventsQuestionStatsDeadLetters11111111', 'AWS::SQS::Queue', 'https://other'),
      resource('EventsEmailSenderDeadLetters5E1F0C2A', 'AWS::SQS::Queue', QUEUE),
      resource('EventsEmailSender0A1B2C3D', 'AWS::Lambda::Function', FN),
    ],
  });
});

async function run(argv: string[]) {
  const lines: string[] = [];
  const clients = () => ({
    cloudFormation: new CloudFormationClient({ region: 'eu-central-1' }),
    sqs: new SQSClient({ region: 'eu-central-1' }),
    lambda: new LambdaClient({ region: 'eu-central-1' }),
  });
  const code = await redriveEventsCli(argv, { print: (l) => lines.push(l), clients });
  return { code, lines };
}

describe('findConsumer', () => {
  it('takes the queue and function whose logical ids are the consumer’s stems and a CDK hash', async () => {
    expect(await findConsumer(new CloudFormationClient({}), 'Preseed-dev', 'email-sender')).toEqual({
      queueUrl: QUEUE,
      functionName: FN,
    });
    expect(logicalIdStems('cognito-sessions')).toEqual({
      queue: 'CognitoSessionsDeadLetters',
      fn: 'CognitoSessionsConsumer',
    });
  });
});

describe('npm run events:redrive -- --stage', () => {
  it('invokes the live alias asynchronously with each body and deletes a message only after a 202', async () => {
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({ Messages: [message(1), message(2)] })
      .resolves({});
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    sqs.on(DeleteMessageCommand).resolves({});

    const { code, lines } = await run(['--stage', 'dev', '--consumer', 'email-sender']);

    expect(code).toBe(0);
    const receive = sqs.commandCalls(ReceiveMessageCommand)[0]?.args[0].input;
    expect(receive).toMatchObject({ QueueUrl: QUEUE, MaxNumberOfMessages: 10 });
    expect(receive?.VisibilityTimeout).toBe(VISIBILITY_TIMEOUT_SECONDS);
    const invokes = lambda.commandCalls(InvokeCommand).map((c) => c.args[0].input);
    expect(
      invokes.map((i) => [
        i.FunctionName,
        i.InvocationType,
        i.Payload instanceof Uint8Array ? new TextDecoder().decode(i.Payload) : i.Payload,
      ]),
    ).toEqual([
      [`${FN}:live`, 'Event', '{"id":"e1"}'],
      [`${FN}:live`, 'Event', '{"id":"e2"}'],
    ]);
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input)).toEqual([
      { QueueUrl: QUEUE, ReceiptHandle: 'r1' },
      { QueueUrl: QUEUE, ReceiptHandle: 'r2' },
    ]);
    expect(lines.at(-1)).toMatch(/^2 redriven to .*:live, 0 failed/);
  });

  it('leaves a message whose invoke failed or did not answer 202, and exits 1', async () => {
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({ Messages: [message(1), message(2), message(3)] })
      .resolves({ Messages: [] });
    lambda
      .on(InvokeCommand)
      .rejectsOnce(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }))
      .resolvesOnce({ StatusCode: 200 })
      .resolves({ StatusCode: 202 });
    sqs.on(DeleteMessageCommand).resolves({});

    const { code, lines } = await run(['--stage', 'dev', '--consumer', 'email-sender']);

    expect(code).toBe(1);
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input.ReceiptHandle)).toEqual(['r3']);
    expect(lines).toContain('FAILED m1: TooManyRequestsException: Rate exceeded; it stays in the queue.');
    expect(lines).toContain('FAILED m2: Lambda answered 200; it stays in the queue.');
    expect(lines.at(-1)).toMatch(/^1 redriven to .*, 2 failed/);
  });

  it('tries no more than --limit messages, asking SQS for no more than are left', async () => {
    sqs.on(ReceiveMessageCommand).callsFake((input: { MaxNumberOfMessages: number }) => ({
      Messages: Array.from({ length: input.MaxNumberOfMessages }, (_, i) => message(i)),
    }));
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    sqs.on(DeleteMessageCommand).resolves({});

    const { code, lines } = await run(['--stage', 'dev', '--consumer', 'email-sender', '--limit', '13']);

    expect(code).toBe(0);
    expect(sqs.commandCalls(ReceiveMessageCommand).map((c) => c.args[0].input.MaxNumberOfMessages)).toEqual([10, 3]);
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(13);
    expect(lines).toContain('Stopped at --limit 13.');
  });

  it('--dry-run counts the queue and moves nothing', async () => {
    sqs.on(GetQueueAttributesCommand).resolves({
      Attributes: { ApproximateNumberOfMessages: '7', ApproximateNumberOfMessagesNotVisible: '1' },
    });

    const { code, lines } = await run(['--stage', 'dev', '--consumer', 'email-sender', '--dry-run']);

    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/about 7 would be sent to .*:live; nothing was moved/);
    expect(sqs.commandCalls(ReceiveMessageCommand)).toHaveLength(0);
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(0);
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(0);
  });

  it('exits 2 for an unknown consumer, naming the valid ones, and for wrong or clashing flags', async () => {
    const typo = await run(['--stage', 'dev', '--consumer', 'email-sendr']);
    expect(typo.code).toBe(2);
    expect(typo.lines[0]).toMatch(/No consumer named "email-sendr": one of .*email-sender.*cognito-sessions/);

    for (const argv of [
      ['--stage', 'dev'],
      ['--stage', 'dev', '--consumer', 'email-sender', '--url', 'http://localhost:3000'],
      ['--stage', 'dev', '--consumer', 'email-sender', '--limit', '0'],
      ['--stage', 'dev', '--consumer', 'email-sender', '--limit', 'ten'],
      ['--stage', 'nope', '--consumer', 'email-sender'],
      ['--consumer', 'email-sender', '--dry-run'],
      ['--limit', '5'],
      ['--stage'],
    ]) {
      expect((await run(argv)).code, argv.join(' ')).toBe(2);
    }
    expect(
      (await run(['--stage', 'dev', '--url', 'http://localhost:3000', '--consumer', 'email-sender'])).lines[0],
    ).toBe('--url is for the offline stack and --stage for a deployed one: give one of them.');
    expect(cfn.calls()).toHaveLength(0);
    expect(sqs.calls()).toHaveLength(0);
    expect(lambda.calls()).toHaveLength(0);
  });

  it('exits 2 when the stage’s stack is not deployed or lacks the consumer', async () => {
    cfn
      .on(ListStackResourcesCommand)
      .rejectsOnce(Object.assign(new Error('Stack with id Preseed-dev does not exist'), { name: 'ValidationError' }))
      .resolves({ StackResourceSummaries: [] });
    const missing = await run(['--stage', 'dev', '--consumer', 'email-sender']);
    expect(missing).toMatchObject({ code: 2, lines: [expect.stringMatching(/Preseed-dev is not deployed/)] });
    const old = await run(['--stage', 'dev', '--consumer', 'share-notices']);
    expect(old.code).toBe(2);
    expect(old.lines[0]).toMatch(/no dead-letter queue for share-notices \(EventsShareNoticesDeadLetters…/);
    expect(sqs.calls()).toHaveLength(0);
  });
});
