/**
 * Cognito's own calls that end sessions reach the app: a rule on the default event bus (where CloudTrail puts AWS
 * services' calls) for the stage's user pool only, to the cognito-sessions consumer, retried and dead-lettered like
 * every consumer, allowed the table and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { COGNITO_SESSIONS_RULE } from '#shared/events';
import { consumerEntry, lambdaEntries } from '../constructs/lambda-entries';
import { propertiesOf, synthStage } from './synth';

interface RuleProps {
  EventBusName?: unknown;
  /** Absent on a schedule rule (the user pool export's). */
  EventPattern?: Record<string, unknown>;
  Targets: Array<{ Arn: unknown; RetryPolicy?: unknown; DeadLetterConfig?: { Arn: unknown } }>;
}
interface Statement {
  Action: string | string[];
}

describe.each(['dev', 'prod'])("Cognito's session-ending calls on stage %s", (stageName) => {
  const { stack, template } = synthStage(stageName);
  const { consumer, deadLetterQueue } = stack.cognitoSessions;
  const resolve = (value: unknown) => JSON.stringify(stack.resolve(value));
  const rules = propertiesOf<RuleProps>(template, 'AWS::Events::Rule').filter(
    (rule) => JSON.stringify(rule.EventPattern?.source) === JSON.stringify([COGNITO_SESSIONS_RULE.source]),
  );

  it("has one rule on the default bus for the stage's pool, naming the calls that end sessions", () => {
    expect(rules).toHaveLength(1);
    const [rule] = rules;
    // No EventBusName: the default bus, the only one AWS services' events arrive on.
    expect(rule?.EventBusName).toBeUndefined();
    const poolRef = stack.resolve(stack.auth.userPool.userPoolId);
    expect(rule?.EventPattern).toEqual({
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: {
        eventSource: ['cognito-idp.amazonaws.com'],
        $or: [
          {
            eventName: ['AdminDeleteUser', 'AdminDisableUser', 'AdminUserGlobalSignOut', 'AdminRemoveUserFromGroup'],
            requestParameters: { userPoolId: [poolRef] },
          },
          { eventName: ['GlobalSignOut', 'DeleteUser', 'SetUserMFAPreference'] },
        ],
      },
    });
  });

  it('targets the cognito-sessions consumer, with retries and a dead-letter queue', () => {
    const [target, ...others] = rules[0]?.Targets ?? [];
    expect(others).toEqual([]);
    // Through its live alias, like every invoker (infra/constructs/releases.ts).
    expect(JSON.stringify(target?.Arn)).toBe(resolve(consumer.live.functionArn));
    expect(target?.RetryPolicy).toEqual({ MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 });
    expect(JSON.stringify(target?.DeadLetterConfig?.Arn)).toBe(resolve(deadLetterQueue.queueArn));
    expect(lambdaEntries()).toContainEqual({
      name: `consumers/${COGNITO_SESSIONS_RULE.consumer}`,
      entry: consumerEntry(COGNITO_SESSIONS_RULE.consumer),
    });
  });

  it('lets the consumer read and write the table and dead-letter its events, and call no Cognito API', () => {
    const policies = propertiesOf<{ Roles: unknown[]; PolicyDocument: { Statement: Statement[] } }>(
      template,
      'AWS::IAM::Policy',
    ).filter((p) => JSON.stringify(p.Roles).includes(resolve(consumer.role?.roleName)));
    const actions = policies.flatMap((p) => p.PolicyDocument.Statement.flatMap((s) => [s.Action].flat()));
    expect(actions).toContain('dynamodb:UpdateItem');
    // sqs:SendMessage: Lambda's own dead-lettering of a failed asynchronous invocation.
    const others = actions.filter((a) => !/^(dynamodb|xray|logs):/.test(a) && a !== 'sqs:SendMessage');
    expect(others).toEqual([]);
  });
});
