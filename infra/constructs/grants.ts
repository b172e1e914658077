import { Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { type Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { GSI1 } from '#shared/deploy-names';
import type { Email } from './email';
import { acknowledge } from './nag';

/**
 * What one function may do, declared next to the function's name (AREA_NEEDS in api.ts,
 * CONSUMER_NEEDS in events.ts) and turned into IAM statements here, so a reviewer reads
 * each function's permissions in one line.
 */
export interface Needs {
  readonly table?: 'read' | 'readWrite';
  readonly dataBucket?: 'read' | 'readWrite';
  /**
   * Deleting every version and delete marker of data-room objects (the bucket is versioned): what must really go —
   * a deleted account's files, a refused upload — is listed by version and deleted by version id.
   */
  readonly purgeObjects?: boolean;
  readonly publishEvents?: boolean;
  readonly sendEmail?: boolean;
  /** Cognito admin API calls, by action name, e.g. `AdminCreateUser`. */
  readonly cognitoAdmin?: readonly CognitoAdminAction[];
  /** Secrets Manager secrets the function reads: a key of the stage's `secrets`, or one the stack makes. */
  readonly readSecrets?: readonly SecretKey[];
  /** Posting to open realtime (WebSocket) connections through the management API. */
  readonly manageConnections?: boolean;
  /** Calling the stage's Amazon Bedrock model (cdk.json `bedrock`), when it has one. */
  readonly invokeAiModel?: boolean;
}

/** Secrets the operator creates and the stage names (cdk.json `secrets`). */
export type StageSecretKey = 'stripeSecretKey' | 'stripeWebhookSecret';
/**
 * Secrets the stack generates itself (infra/constructs/api.ts): the origin secret CloudFront sends to the API, and
 * the keys share-link tokens are derived with.
 */
export type StackSecretKey = 'originVerify' | 'shareLinkKeys';
export type SecretKey = StageSecretKey | StackSecretKey;

const STACK_SECRET_KEYS: ReadonlySet<SecretKey> = new Set<StackSecretKey>(['originVerify', 'shareLinkKeys']);
const isStackSecret = (key: SecretKey): key is StackSecretKey => STACK_SECRET_KEYS.has(key);

export type CognitoAdminAction =
  | 'AdminAddUserToGroup'
  | 'AdminCreateUser'
  | 'AdminDeleteUser'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminGetUser'
  | 'AdminListGroupsForUser'
  | 'AdminRemoveUserFromGroup'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminUserGlobalSignOut'
  | 'ListGroups'
  | 'ListUsers'
  | 'ListUsersInGroup';

export interface GrantTargets {
  readonly table: ITable;
  readonly dataBucket: Bucket;
  readonly bus: IEventBus;
  readonly email: Email;
  readonly userPool: IUserPool;
  /** Secret names by key (stage config); granted by name with Secrets Manager's random suffix. */
  readonly secretNames: Readonly<Record<StageSecretKey, string>>;
  /** The stack's own secrets by key; granted by their exact ARN. */
  readonly stackSecrets: Readonly<Record<StackSecretKey, ISecret>>;
  /** The realtime stage's `POST /@connections/*` (infra/constructs/realtime.ts), and how cdk-nag prints it. */
  readonly realtimeConnections: { readonly arn: string; readonly nagResource: string };
  /** The stage's Bedrock model, profile and profile Regions (infra/constructs/ai-model.ts); none offline-only. */
  readonly aiModelArns?: readonly string[];
}

// Item-level actions only: no Scan (no request path scans), no table management.
// Transactions need no actions of their own; they are authorized by the item actions they contain.
const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
// HeadObject is authorized by GetObject; listing is not needed since the table indexes every file.
const OBJECT_READ = ['s3:GetObject'];
const OBJECT_WRITE = ['s3:PutObject', 's3:DeleteObject'];

/** A function's entry in a needs map; the maps are typed exhaustive, but the app runs untyped through tsx. */
export function needsOf<N extends string>(map: Readonly<Record<N, Needs>>, name: N, mapName: string): Needs {
  const needs: Needs | undefined = map[name];
  if (!needs) throw new Error(`${name} has no entry in ${mapName}; declare what it may do there.`);
  return needs;
}

export function grantNeeds(fn: IFunction, needs: Needs, targets: GrantTargets): void {
  const allow = (actions: readonly string[], resources: string[]) =>
    fn.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: [...actions], resources }));

  if (needs.table) {
    const { tableArn } = targets.table;
    allow(needs.table === 'readWrite' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ, [
      tableArn,
      `${tableArn}/index/${GSI1}`,
    ]);
  }
  if (needs.dataBucket) {
    allow(needs.dataBucket === 'readWrite' ? [...OBJECT_READ, ...OBJECT_WRITE] : OBJECT_READ, [
      targets.dataBucket.arnForObjects('*'),
    ]);
    if (fn.role) {
      acknowledge(
        fn.role,
        `AwsSolutions-IAM5[Resource::${arnToken(targets.dataBucket)}/*]`,
        'Data-room object keys are made per upload, so object permissions cover the objects of this one bucket; ' +
          'which keys a caller may reach is decided by the API when it signs the presigned URLs.',
      );
    }
  }
  if (needs.purgeObjects) {
    // ListBucketVersions and ListBucket (its fallback where versions are not kept) are bucket actions.
    allow(['s3:ListBucketVersions', 's3:ListBucket'], [targets.dataBucket.bucketArn]);
    allow(['s3:DeleteObjectVersion'], [targets.dataBucket.arnForObjects('*')]);
  }
  if (needs.publishEvents) targets.bus.grantPutEventsTo(fn);
  if (needs.sendEmail) targets.email.grantSend(fn);
  if (needs.readSecrets?.length) {
    const stack = Stack.of(fn);
    allow(
      ['secretsmanager:GetSecretValue'],
      needs.readSecrets.map((key) =>
        isStackSecret(key)
          ? targets.stackSecrets[key].secretArn
          : `arn:${stack.partition}:secretsmanager:${stack.region}:${stack.account}:secret:${targets.secretNames[key]}-??????`,
      ),
    );
  }
  if (needs.manageConnections) {
    allow(['execute-api:ManageConnections'], [targets.realtimeConnections.arn]);
    if (fn.role) {
      acknowledge(
        fn.role,
        `AwsSolutions-IAM5[Resource::${targets.realtimeConnections.nagResource}]`,
        'API Gateway makes a new id for every connection; the grant covers posting to connections of this one stage.',
      );
    }
  }
  if (needs.invokeAiModel && targets.aiModelArns?.length) {
    allow(['bedrock:InvokeModel'], [...targets.aiModelArns]);
  }
  if (needs.cognitoAdmin?.length) {
    allow(
      needs.cognitoAdmin.map((action) => `cognito-idp:${action}`),
      [targets.userPool.userPoolArn],
    );
  }
}

/** The token cdk-nag prints for `bucket.bucketArn`, e.g. `<FilesBucket1234ABCD.Arn>`. */
function arnToken(bucket: Bucket): string {
  const resource = bucket.node.children.find((child): child is CfnBucket => child instanceof CfnBucket);
  if (!resource) throw new Error(`${bucket.node.path} has no CfnBucket`);
  return `<${Stack.of(bucket).getLogicalId(resource)}.Arn>`;
}
