import { Stack, Token } from 'aws-cdk-lib';
import { type CfnApi, LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { capacityOf, logRetentionOf, removalPolicyOf, resourcePrefix, type StageConfig } from '../stages';
import { AppFunction } from './function';
import { type GrantTargets, grantNeeds, type Needs } from './grants';
import { REALTIME_ENTRY } from './lambda-entries';
import { jsonAccessLogFormat } from './logs';
import { acknowledge } from './nag';

/** The handler reads the founder's profile and records connections; nothing else. */
export const REALTIME_NEEDS = { table: 'readWrite' } as const satisfies Needs;

/** The WebSocket stage; part of the URL the browser and the management API use. */
const STAGE_NAME = 'live';

/**
 * Per stage, from the capacity model (infra/capacity-model.ts): a founder's tab connects, reconnects after the
 * 10-minute idle timeout, and each $connect has its $disconnect; twice the peak of the stage's `expectedFounders`.
 */
export const realtimeThrottleOf = (stage: StageConfig) => capacityOf(stage).realtimeThrottle;

export interface RealtimeProps {
  readonly stage: StageConfig;
}

export interface RealtimeHandlerProps {
  readonly environment: Readonly<Record<string, string>>;
  readonly targets: GrantTargets;
}

/**
 * The WebSocket API the founder's sidebar listens on (spec §2: phase flags refresh when the
 * phase record changes). `$connect` checks the Cognito token itself (offered as a subprotocol,
 * since browsers cannot send an Authorization header on a WebSocket handshake); the realtime-push consumer posts through the
 * management API to `managementEndpoint`.
 */
export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** `wss://…/live`: what the browser connects to (written to /config.json). */
  readonly url: string;
  /** `wss://<api host>`: for the site's Content-Security-Policy. */
  readonly origin: string;
  /** `https://…/live`: the management API's endpoint for PostToConnection. */
  readonly managementEndpoint: string;
  /** What `manageConnections` grants: posting to this stage's connections, nothing else. */
  readonly connections: { readonly arn: string; readonly nagResource: string };
  private readonly stageConfig: StageConfig;

  constructor(scope: Construct, id: string, { stage }: RealtimeProps) {
    super(scope, id);
    this.stageConfig = stage;
    this.api = new WebSocketApi(this, 'WebSocketApi', {
      apiName: `${resourcePrefix(stage)}-realtime`,
      description: `Preseed realtime phase updates (${stage.name})`,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: logRetentionOf(stage),
      removalPolicy: removalPolicyOf(stage),
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: STAGE_NAME,
      autoDeploy: true,
      throttle: realtimeThrottleOf(stage),
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: jsonAccessLogFormat({ eventType: '$context.eventType', connectionId: '$context.connectionId' }),
      },
    });
    // Built from the API id and the stage's name rather than the stage resource, so every function's
    // environment can name it without a cycle (the stage waits for the routes, which wait for a function).
    const { region, urlSuffix } = Stack.of(this);
    const host = `${this.api.apiId}.execute-api.${region}.${urlSuffix}`;
    this.origin = `wss://${host}`;
    this.url = `wss://${host}/${STAGE_NAME}`;
    this.managementEndpoint = `https://${host}/${STAGE_NAME}`;
    const connectionsPath = `${STAGE_NAME}/POST/@connections/*`;
    const stack = Stack.of(this);
    const apiLogicalId = stack.getLogicalId(this.api.node.defaultChild as CfnApi);
    // cdk-nag prints unresolved values as <AWS::Name> and resources as <LogicalId>.
    const shown = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    this.connections = {
      arn: stack.formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: connectionsPath }),
      nagResource:
        `arn:${shown(stack.partition, 'Partition')}:execute-api:${shown(stack.region, 'Region')}:` +
        `${shown(stack.account, 'AccountId')}:<${apiLogicalId}>/${connectionsPath}`,
    };
  }

  /** Separate from the constructor: the handler gets the environment every function gets, which names this API. */
  addHandler({ environment, targets }: RealtimeHandlerProps): AppFunction {
    const fn = new AppFunction(this, 'Connections', {
      entry: REALTIME_ENTRY,
      stage: this.stageConfig,
      description: `Preseed ${this.stageConfig.name}: realtime $connect and $disconnect`,
      environment,
      logRetention: logRetentionOf(this.stageConfig),
      removalPolicy: removalPolicyOf(this.stageConfig),
    });
    grantNeeds(fn, REALTIME_NEEDS, targets);
    const connect = this.api.addRoute('$connect', {
      integration: new WebSocketLambdaIntegration('ConnectIntegration', fn.live),
    });
    const disconnect = this.api.addRoute('$disconnect', {
      integration: new WebSocketLambdaIntegration('DisconnectIntegration', fn.live),
    });
    acknowledge(
      connect,
      'AwsSolutions-APIG4',
      'The $connect handler verifies the Cognito access token offered as a Sec-WebSocket-Protocol subprotocol ' +
        '(signature, issuer, expiry, client id) and refuses anyone but a paid founder; a browser WebSocket cannot ' +
        'send an Authorization header, and a token in the URL would be kept by access logs.',
    );
    acknowledge(
      disconnect,
      'AwsSolutions-APIG4',
      '$disconnect only removes the connection record API Gateway names; it is never called by clients directly.',
    );
    this.stage.node.addDependency(connect, disconnect);
    return fn;
  }
}
