import {
  type App,
  Arn,
  ArnFormat,
  CfnOutput,
  DefaultStackSynthesizer,
  Stack,
  type StackProps,
  Tags,
  Validations,
} from 'aws-cdk-lib';
import { BackupVault } from 'aws-cdk-lib/aws-backup';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { ADMIN_MFA_REQUIRED, AI_ENV, AI_MODEL_ENV, AI_OPERATIONS } from '#shared/deploy-names';
import { BackupCopyStack, backupCopyStackName, backupCopyVaultName } from './backup-copy-stack';
import { aiModelArns } from './constructs/ai-model';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { CognitoSessions } from './constructs/cognito-sessions';
import { Data } from './constructs/data';
import { Email } from './constructs/email';
import { lambdaEnvironment } from './constructs/environment';
import { Events } from './constructs/events';
import { dataBucketHost, Files } from './constructs/files';
import { AccessLogs } from './constructs/logs';
import { Observability } from './constructs/observability';
import { Realtime } from './constructs/realtime';
import { addReleases, appFunctionsIn } from './constructs/releases';
import { Site } from './constructs/site';
import { TableStream } from './constructs/table-stream';
import { UserPoolExport } from './constructs/user-pool-export';
import { EdgeAlarmsStack, edgeAlarmsStackName } from './edge-alarms-stack';
import { CLOUDFRONT_REGION, EdgeStack, edgeStackName, stageHostedZone } from './edge-stack';
import { readOriginSecretVersions } from './origin-secret-versions';
import { type StageConfig, stagesFromContext } from './stages';

export interface PreseedStackProps extends StackProps {
  readonly stage: StageConfig;
  /** The stage's us-east-1 stack, whose WAF web ACL guards the site's distribution. */
  readonly edge: EdgeStack;
  /** The stage's vault in another Region its backups are copied to (deployed first), when it has one. */
  readonly backupCopy?: BackupCopyStack;
}

export const stackName = (stage: Pick<StageConfig, 'name'>): string => `Preseed-${stage.name}`;

/**
 * Every Region a stage's stacks deploy into: its own, us-east-1 (the edge stacks) and its backup copies' Region. Each
 * needs the stage's CDK bootstrap (ops/bootstrap), and its deploy role may assume those bootstrap roles there.
 */
export const deployRegionsOf = (stage: Pick<StageConfig, 'region' | 'backupCopy'>): string[] => [
  ...new Set([stage.region, CLOUDFRONT_REGION, ...(stage.backupCopy ? [stage.backupCopy.region] : [])]),
];

/** One stage of Preseed: everything the cloud runs, in one stack. */
export class PreseedStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly files: Files;
  readonly email: Email;
  readonly events: Events;
  /** Cognito's own calls that end sessions, from the default bus (infra/constructs/cognito-sessions.ts). */
  readonly cognitoSessions: CognitoSessions;
  readonly api: Api;
  readonly realtime: Realtime;
  readonly site: Site;
  readonly edge: EdgeStack;
  readonly backupCopy?: BackupCopyStack;
  readonly userPoolExport: UserPoolExport;
  /** The stage's us-east-1 alarms (CloudFront, WAF), deployed after this stack; set by addStacks. */
  edgeAlarms?: EdgeAlarmsStack;

  constructor(scope: Construct, id: string, props: PreseedStackProps) {
    super(scope, id, props);
    const { stage, edge, backupCopy } = props;
    this.edge = edge;
    this.backupCopy = backupCopy;

    const accessLogs = new AccessLogs(this, 'AccessLogs', { stage });
    const hostedZone = stageHostedZone(this, stage);
    this.email = new Email(this, 'Email', { stage, hostedZone });
    this.auth = new Auth(this, 'Auth', { stage, email: this.email });
    this.data = new Data(this, 'Data', {
      stage,
      // By ARN: the vault is in another Region's stack, and a reference cannot cross Regions.
      ...(backupCopy
        ? {
            copyVault: BackupVault.fromBackupVaultArn(
              this,
              'BackupCopyVault',
              Arn.format(
                {
                  service: 'backup',
                  resource: 'backup-vault',
                  resourceName: backupCopyVaultName(stage),
                  region: backupCopy.region,
                  // The stage's own account unless the copy goes to another; never the other stack's token.
                  account: stage.backupCopy?.account ?? this.account,
                  arnFormat: ArnFormat.COLON_RESOURCE_NAME,
                },
                this,
              ),
            ),
          }
        : {}),
    });
    this.events = new Events(this, 'Events', { stage });
    this.api = new Api(this, 'Api', {
      stage,
      issuerUrl: this.auth.issuerUrl,
      userPoolClientId: this.auth.client.userPoolClientId,
    });
    this.realtime = new Realtime(this, 'Realtime', { stage });
    this.site = new Site(this, 'Site', {
      stage,
      api: this.api.httpApi,
      realtime: { url: this.realtime.url, origin: this.realtime.origin },
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      dataBucketHost: dataBucketHost(stage),
      accessLogs: accessLogs.bucket,
      webAclArn: edge.firewall.webAcl.attrArn,
      originSecret: this.api.originSecret,
      // `-c originSecretVersionsFile=<path>` reads another file (tests); the rotation command writes the default one.
      originSecretVersion: readOriginSecretVersions(this.node.tryGetContext('originSecretVersionsFile'))[stage.name],
      certificateArn: stage.certificateArn ?? edge.certificate?.certificateArn,
      hostedZone,
    });
    this.files = new Files(this, 'Files', { stage, siteUrl: this.site.url, accessLogs: accessLogs.bucket });

    // Functions come last: their environment names the site, which needs the API to exist.
    const environment = {
      ...lambdaEnvironment({
        stage: stage.name,
        tableName: this.data.table.tableName,
        dataBucket: this.files.bucket.bucketName,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        tokenIssuer: this.auth.issuerUrl,
        realtimeEndpoint: this.realtime.managementEndpoint,
        eventBusName: this.events.bus.eventBusName,
        mailFrom: this.email.senderEmail,
        sesConfigurationSet: this.email.configurationSet.configurationSetName,
        siteUrl: this.site.url,
        stripePriceId: stage.stripePriceId,
        priceAmount: String(stage.price.amount),
        priceCurrency: stage.price.currency,
        stripeSecretName: stage.secrets.stripeSecretKey,
        stripeWebhookSecretName: stage.secrets.stripeWebhookSecret,
        // Coaches read every founder's answers: every cloud stage requires their authenticator app.
        adminMfa: ADMIN_MFA_REQUIRED,
      }),
      // Automation URLs are addresses, not secrets; an operation left out uses the offline drafter.
      ...Object.fromEntries(
        AI_OPERATIONS.flatMap((op) => {
          const url = stage.aiWebhookUrls[op];
          return url ? [[AI_ENV[op], url]] : [];
        }),
      ),
      // The operations without a webhook ask this model; without one they use the offline drafter.
      ...(stage.bedrock ? { [AI_MODEL_ENV]: stage.bedrock.modelId } : {}),
    };
    const targets = {
      secretNames: stage.secrets,
      stackSecrets: { originVerify: this.api.originSecret, shareLinkKeys: this.api.shareLinkSecret },
      table: this.data.table,
      dataBucket: this.files.bucket,
      bus: this.events.bus,
      email: this.email,
      userPool: this.auth.userPool,
      realtimeConnections: this.realtime.connections,
      aiModelArns: aiModelArns(this, stage.bedrock),
    };
    this.api.addAreas({ environment, targets });
    this.events.addConsumers({ environment, targets });
    this.cognitoSessions = new CognitoSessions(this, 'CognitoSessions', {
      stage,
      userPoolId: this.auth.userPool.userPoolId,
      environment,
      targets,
    });
    new TableStream(this, 'TableStream', { stage, table: this.data.table, environment, targets });
    this.realtime.addHandler({ environment, targets });
    this.userPoolExport = new UserPoolExport(this, 'UserPoolExport', {
      stage,
      accessLogs: accessLogs.bucket,
      environment,
      targets,
    });
    // Every function exists now: each gets its release (alias shifted by CodeDeploy, rolled back on alarm).
    addReleases(this, stage, appFunctionsIn(this));

    const outputs: Record<string, string> = {
      SiteUrl: this.site.url,
      ApiUrl: `${this.site.url}/api`,
      ApiEndpoint: this.api.httpApi.apiEndpoint,
      RealtimeUrl: this.realtime.url,
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.client.userPoolClientId,
      TableName: this.data.table.tableName,
      DataBucketName: this.files.bucket.bucketName,
      UserPoolExportBucketName: this.userPoolExport.bucket.bucketName,
      EventBusName: this.events.bus.eventBusName,
      DistributionId: this.site.distribution.distributionId,
      DistributionDomainName: this.site.distribution.distributionDomainName,
      OriginSecretArn: this.api.originSecret.secretArn,
      ShareLinkSecretArn: this.api.shareLinkSecret.secretArn,
      SesIdentityName: stage.domainName ?? stage.senderEmail,
      // Where the copy vault is (teardown reads it): the copy stack's Region is a setting, not in this stack.
      ...(backupCopy ? { BackupCopyRegion: backupCopy.region } : {}),
    };
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });
    Tags.of(this).add('project', 'preseed');
    Tags.of(this).add('stage', stage.name);
    new Observability(this, 'Observability', {
      stage,
      api: this.api.httpApi,
      table: this.data.table,
      configurationSet: this.email.configurationSet.configurationSetName,
    });
  }
}

/**
 * Adds the stacks the context asks for (`-c stage=<name>`; every stage only with `-c check=true`) — per stage
 * its stack, the us-east-1 stack it depends on (WAF, certificate) and the us-east-1 alarms that depend on it — and checks them with cdk-nag's AwsSolutions pack. cdk-nag 3 is a CDK
 * validation plugin, not an aspect: synthesis fails on any finding that is not acknowledged with a reason.
 * Returns the stages' own stacks (each names its edge stack).
 */
export function addStacks(app: App): PreseedStack[] {
  const stacks = stagesFromContext(app.node).map((stage) => {
    const account = stage.account ?? process.env.CDK_DEFAULT_ACCOUNT;
    // The stage's own bootstrap (its qualifier's roles and bucket), so another stage's deploy role in the same
    // account cannot deploy these stacks (decision 026). One synthesizer per stack: CDK binds each to its stack.
    const synthesizer = () => new DefaultStackSynthesizer({ qualifier: stage.bootstrapQualifier });
    const edge = new EdgeStack(app, edgeStackName(stage), {
      stage,
      description: `Preseed (${stage.name}): the site's WAF web ACL, in CloudFront's region`,
      env: { account, region: CLOUDFRONT_REGION },
      synthesizer: synthesizer(),
      terminationProtection: stage.production,
    });
    // The copy vault comes first: the backup plan copies into it from the first backup on.
    const backupCopy = stage.backupCopy
      ? new BackupCopyStack(app, backupCopyStackName(stage), {
          stage,
          sourceAccount: account,
          description: `Preseed (${stage.name}): the vault the table's backups are copied to, in another Region`,
          env: { account: stage.backupCopy.account ?? account, region: stage.backupCopy.region },
          terminationProtection: stage.production,
        })
      : undefined;
    const stack = new PreseedStack(app, stackName(stage), {
      stage,
      edge,
      ...(backupCopy ? { backupCopy } : {}),
      description: `Preseed (${stage.name})`,
      env: { account, region: stage.region },
      synthesizer: synthesizer(),
      terminationProtection: stage.production,
    });
    if (backupCopy) stack.addStackDependency(backupCopy, 'its backup plan copies into the copy vault');
    stack.edgeAlarms = new EdgeAlarmsStack(app, edgeAlarmsStackName(stage), {
      stage,
      description: `Preseed (${stage.name}): alarms on the site's CloudFront and WAF metrics, in us-east-1`,
      env: { account, region: CLOUDFRONT_REGION },
      synthesizer: synthesizer(),
      distributionId: stack.site.distribution.distributionId,
      webAclName: edge.firewall.webAclName,
    });
    return stack;
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stacks;
}
