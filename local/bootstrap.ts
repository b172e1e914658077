/**
 * Creates, idempotently, everything the cloud stack would provision, on the
 * emulators: the table (GSI1, TTL), the data-room bucket with CORS, the user
 * pool with its app client and `admin` group, the administrator, and (once) the
 * default question bank. Safe to run on every start.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  GetGroupCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { QUESTION_BANK } from '#shared/domain/question-bank';
import { QUESTION_TYPES } from '#shared/domain/questions';
import { ADMIN_GROUP } from '../functions/lib/principal';
import { ddb } from '../functions/store/client';
import { moveLegacyDirectoryEntries } from '../functions/store/directory';
import { GSI1, keys, stats, TABLE_KEYS } from '../functions/store/keys';
import { countQuestions, putQuestion } from '../functions/store/questions';
import { setCounter } from '../functions/store/stats';

export const LOCAL_NAMES = {
  table: 'preseed-local',
  bucket: 'preseed-data-room',
  userPool: 'preseed-local',
  appClient: 'preseed-web',
  adminUsername: 'admin',
  adminEmail: 'admin@preseed.local',
  mailFrom: 'Preseed <hello@preseed.local>',
} as const;

/** Marks that the default bank was seeded once, so questions a coach deletes stay deleted. */
const SEED_MARKER = 'SEEDED#question-bank';
const SEED_BATCH = 8;

export interface BootstrapResult {
  tableName: string;
  bucketName: string;
  userPoolId: string;
  userPoolClientId: string;
  mailFrom: string;
}

export interface BootstrapOptions {
  adminPassword: string;
  /** Origins the browser uploads from (bucket CORS). */
  allowedOrigins: string[];
}

/** As in the cloud (infra/constructs/data.ts): the stream consumer reads both images. */
const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

async function ensureTable(client: DynamoDBClient, name: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    // A table kept in .local/ from before the stream consumer gets its stream on the next start.
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: name, StreamSpecification: TABLE_STREAM }));
    }
    return;
  } catch (err) {
    if (!(err instanceof Error) || err.name !== 'ResourceNotFoundException') throw err;
  }
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: TABLE_STREAM,
      AttributeDefinitions: [
        { AttributeName: TABLE_KEYS.pk, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.sk, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.gsi1pk, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.gsi1sk, AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: TABLE_KEYS.pk, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sk, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: GSI1,
          KeySchema: [
            { AttributeName: TABLE_KEYS.gsi1pk, KeyType: 'HASH' },
            { AttributeName: TABLE_KEYS.gsi1sk, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttl, Enabled: true },
    }),
  );
}

async function ensureBucket(client: S3Client, name: string, origins: string[]): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: name }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  }
  await client.send(
    new PutBucketCorsCommand({
      Bucket: name,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: origins,
            AllowedMethods: ['GET', 'POST', 'PUT', 'HEAD'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  );
}

async function ensureUserPool(client: CognitoIdentityProviderClient): Promise<{ poolId: string; clientId: string }> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let poolId = pools.UserPools?.find((p) => p.Name === LOCAL_NAMES.userPool)?.Id;
  if (!poolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_NAMES.userPool,
        AliasAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
      }),
    );
    poolId = created.UserPool?.Id;
  }
  if (!poolId) throw new Error('cognito-local did not return a user pool id');
  // As in the cloud pool (infra/constructs/auth.ts): optional TOTP MFA, so an account with an authenticator app
  // is asked for its code at sign-in. Set on every start, which also upgrades pools made before it was.
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: poolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );

  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_NAMES.appClient)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: LOCAL_NAMES.appClient,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
  }
  if (!clientId) throw new Error('cognito-local did not return an app client id');

  try {
    await client.send(new GetGroupCommand({ UserPoolId: poolId, GroupName: ADMIN_GROUP }));
  } catch {
    await client.send(
      new CreateGroupCommand({ UserPoolId: poolId, GroupName: ADMIN_GROUP, Description: 'Coaches (administrators)' }),
    );
  }
  return { poolId, clientId };
}

async function ensureAdmin(client: CognitoIdentityProviderClient, poolId: string, password: string): Promise<void> {
  const username = LOCAL_NAMES.adminUsername;
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }));
  } catch {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: LOCAL_NAMES.adminEmail },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }
  // Always set: LOCAL_ADMIN_PASSWORD may have changed since the last start.
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: username, Password: password, Permanent: true }),
  );
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: ADMIN_GROUP }));
}

async function ensureQuestionBank(tableName: string): Promise<void> {
  const marker = await ddb().send(new GetCommand({ TableName: tableName, Key: keys.stat(SEED_MARKER) }));
  if (marker.Item) return;
  const seededAt = new Date().toISOString();
  const seed = (q: (typeof QUESTION_BANK)[number], order: number) =>
    putQuestion(
      {
        id: q.id,
        type: q.type,
        category: q.category,
        text: q.text,
        explanation: q.explanation,
        example: q.example,
        videoUrl: q.videoUrl,
        order,
        createdAt: seededAt,
      },
      { announce: false },
    );
  // A freshly started DynamoDB Local once failed concurrent first parses of the same ConditionExpression
  // ("Invalid ConditionExpression: Index 0 out of bounds for length 0", CI under load): the first write goes alone
  // so the parser is warm, then the rest in small batches (docs/local-emulators.md).
  for (let start = 0; start < QUESTION_BANK.length; start += start === 0 ? 1 : SEED_BATCH) {
    const end = start === 0 ? 1 : start + SEED_BATCH;
    await Promise.all(QUESTION_BANK.slice(start, end).map((q, i) => seed(q, start + i)));
  }
  for (const type of QUESTION_TYPES) await setCounter(stats.questionCount(type), await countQuestions(type));
  await ddb().send(new PutCommand({ TableName: tableName, Item: { ...keys.stat(SEED_MARKER), seededAt } }));
}

export async function bootstrapLocal(options: BootstrapOptions): Promise<BootstrapResult> {
  const tableName = process.env.TABLE_NAME ?? LOCAL_NAMES.table;
  process.env.TABLE_NAME = tableName;
  const dynamo = new DynamoDBClient({});
  const s3 = new S3Client({ forcePathStyle: true });
  const cognito = new CognitoIdentityProviderClient({});
  try {
    const [, , pool] = await Promise.all([
      ensureTable(dynamo, tableName),
      ensureBucket(s3, LOCAL_NAMES.bucket, options.allowedOrigins),
      ensureUserPool(cognito),
    ]);
    await Promise.all([ensureAdmin(cognito, pool.poolId, options.adminPassword), ensureQuestionBank(tableName)]);
    // Local data from before the founder directory was sharded: its entries move to their shards once.
    await moveLegacyDirectoryEntries();
    return {
      tableName,
      bucketName: LOCAL_NAMES.bucket,
      userPoolId: pool.poolId,
      userPoolClientId: pool.clientId,
      mailFrom: LOCAL_NAMES.mailFrom,
    };
  } finally {
    dynamo.destroy();
    s3.destroy();
    cognito.destroy();
  }
}
