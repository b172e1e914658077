import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnChild, waitUntilReady } from './child';
import { parseJavaMajor } from './dynamodb';
import {
  checkPortFree,
  clearSentEmails,
  corsRulesForOrigins,
  type EmulatorName,
  ensureBucket,
  freePort,
  listSentEmails,
  PortInUseError,
  type RunningEmulators,
  S3_LOCAL_CLIENT_CONFIG,
  startDynamoDbLocal,
  startEmulators,
} from './index';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const region = 'us-east-1';

function clients(endpoints: Record<EmulatorName, string>) {
  return {
    dynamo: new DynamoDBClient({ endpoint: endpoints.dynamodb, region, credentials }),
    cognito: new CognitoIdentityProviderClient({ endpoint: endpoints.cognito, region, credentials }),
    s3: new S3Client({ ...S3_LOCAL_CLIENT_CONFIG, endpoint: endpoints.s3, region, credentials }),
    ses: new SESv2Client({ endpoint: endpoints.ses, region, credentials }),
  };
}
type Clients = ReturnType<typeof clients>;

function destroy(c: Clients): void {
  for (const client of Object.values(c)) client.destroy();
}

async function createTable(dynamo: DynamoDBClient, name: string): Promise<void> {
  await dynamo.send(
    new CreateTableCommand({
      TableName: name,
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
}

async function createPoolWithUser(cognito: CognitoIdentityProviderClient, email: string, password: string) {
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'preseed-test',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
    }),
  );
  const poolId = pool.UserPool?.Id ?? '';
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const clientId = client.UserPoolClient?.ClientId ?? '';
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }),
  );
  return { poolId, clientId };
}

function signIn(cognito: CognitoIdentityProviderClient, clientId: string, email: string, password: string) {
  return cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

describe('startEmulators (in memory)', () => {
  let emulators: RunningEmulators;
  let c: Clients;

  beforeAll(async () => {
    emulators = await startEmulators();
    c = clients(emulators.endpoints);
    console.info('start-up ms (in memory):', emulators.startupMs);
  });

  afterAll(async () => {
    destroy(c);
    await emulators?.stop();
  });

  it('gives loopback endpoints and the SDK environment', () => {
    for (const endpoint of Object.values(emulators.endpoints)) expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulators.env).toEqual({
      AWS_ENDPOINT_URL_DYNAMODB: emulators.endpoints.dynamodb,
      AWS_ENDPOINT_URL_S3: emulators.endpoints.s3,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: emulators.endpoints.cognito,
      AWS_ENDPOINT_URL_SESV2: emulators.endpoints.ses,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });

  it('lets SDK clients built with no options reach every emulator through env', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, emulators.env);
    const dynamo = new DynamoDBClient({});
    const cognito = new CognitoIdentityProviderClient({});
    const s3 = new S3Client({ ...S3_LOCAL_CLIENT_CONFIG });
    const ses = new SESv2Client({});
    try {
      await dynamo.send(
        new CreateTableCommand({
          TableName: 'via-env',
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      await cognito.send(new ListUserPoolsCommand({ MaxResults: 1 }));
      await s3.send(new CreateBucketCommand({ Bucket: 'via-env' }));
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'app@preseed.local',
          Destination: { ToAddresses: ['env@example.com'] },
          Content: { Simple: { Subject: { Data: 'via env' }, Body: { Text: { Data: 'hi' } } } },
        }),
      );
      expect((await listSentEmails(emulators.endpoints.ses))[0]?.subject).toBe('via env');
    } finally {
      for (const client of [dynamo, cognito, s3, ses]) client.destroy();
      process.env = saved;
    }
  });

  it('DynamoDB Local runs transactions, including cancelled ones', async () => {
    await createTable(c.dynamo, 'txn');
    await c.dynamo.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: 'txn', Item: { pk: { S: 'a' }, n: { N: '1' } } } },
          { Put: { TableName: 'txn', Item: { pk: { S: 'b' }, n: { N: '2' } } } },
        ],
      }),
    );
    const item = await c.dynamo.send(new GetItemCommand({ TableName: 'txn', Key: { pk: { S: 'b' } } }));
    expect(item.Item?.n?.N).toBe('2');
    const cancelled = c.dynamo.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: 'txn', Item: { pk: { S: 'a' } }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: 'txn', Item: { pk: { S: 'c' } } } },
        ],
      }),
    );
    await expect(cancelled).rejects.toBeInstanceOf(TransactionCanceledException);
  });

  it('cognito-local signs in, refreshes with GetTokensFromRefreshToken, and GlobalSignOut revokes the refresh token', async () => {
    const email = 'founder@example.com';
    const { clientId } = await createPoolWithUser(c.cognito, email, 'Passw0rd!x');
    const auth = await signIn(c.cognito, clientId, email, 'Passw0rd!x');
    const refreshToken = auth.AuthenticationResult?.RefreshToken ?? '';
    const accessToken = auth.AuthenticationResult?.AccessToken ?? '';
    expect(refreshToken).not.toBe('');

    const refreshed = await c.cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: refreshToken }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toMatch(/^ey/);
    expect(refreshed.AuthenticationResult?.IdToken).toMatch(/^ey/);
    expect(refreshed.AuthenticationResult?.RefreshToken).toBe(refreshToken);
    expect(refreshed.AuthenticationResult?.TokenType).toBe('Bearer');
    expect(refreshed.AuthenticationResult?.ExpiresIn).toBeGreaterThan(0);

    await expect(c.cognito.send(new GlobalSignOutCommand({ AccessToken: 'not-a-token' }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await c.cognito.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
    await expect(
      c.cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: refreshToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('the target is reachable the way aws-amplify calls it (raw JSON POST)', async () => {
    const email = 'raw@example.com';
    const { clientId } = await createPoolWithUser(c.cognito, email, 'Passw0rd!x');
    const auth = await signIn(c.cognito, clientId, email, 'Passw0rd!x');
    const response = await fetch(emulators.endpoints.cognito, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: clientId, RefreshToken: auth.AuthenticationResult?.RefreshToken }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { AuthenticationResult: Record<string, unknown> };
    expect(Object.keys(body.AuthenticationResult).sort()).toEqual([
      'AccessToken',
      'ExpiresIn',
      'IdToken',
      'RefreshToken',
      'TokenType',
    ]);
  });

  it('relays the ForgotPassword code to the SES emulator, and the code resets the password', async () => {
    const email = 'forgot@example.com';
    const { clientId } = await createPoolWithUser(c.cognito, email, 'Passw0rd!x');
    await c.cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    const mail = (await listSentEmails(emulators.endpoints.ses)).find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Your verification code');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toHaveLength(6);
    await c.cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: code,
        Password: 'N3w-passw0rd',
      }),
    );
    const auth = await signIn(c.cognito, clientId, email, 'N3w-passw0rd');
    expect(auth.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('s3rver stores objects and paginates ListObjectsV2', async () => {
    await c.s3.send(new CreateBucketCommand({ Bucket: 'pages' }));
    for (const key of ['a.txt', 'b.txt', 'c.txt']) {
      await c.s3.send(new PutObjectCommand({ Bucket: 'pages', Key: key, Body: `body of ${key}` }));
    }
    const keys: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await c.s3.send(new ListObjectsV2Command({ Bucket: 'pages', MaxKeys: 1, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
      token = page.NextContinuationToken;
      pages += 1;
    } while (token);
    expect(keys).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(pages).toBe(3);
    const object = await c.s3.send(new GetObjectCommand({ Bucket: 'pages', Key: 'b.txt' }));
    expect(await object.Body?.transformToString()).toBe('body of b.txt');
  });

  it('ensureBucket creates a bucket with CORS that answers browser preflights', async () => {
    const origin = 'http://localhost:3000';
    await ensureBucket(emulators.endpoints.s3, 'data-room', corsRulesForOrigins([origin]));
    await ensureBucket(emulators.endpoints.s3, 'data-room', corsRulesForOrigins([origin]));
    const cors = await c.s3.send(new GetBucketCorsCommand({ Bucket: 'data-room' }));
    expect(cors.CORSRules?.[0]?.AllowedOrigins).toEqual([origin]);
    const preflight = await fetch(`${emulators.endpoints.s3}/data-room/uploads/x.pdf`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const denied = await fetch(`${emulators.endpoints.s3}/data-room/x`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(denied.status).toBe(403);
    await c.s3.send(new PutObjectCommand({ Bucket: 'data-room', Key: 'x', Body: 'x' }));
    const get = await fetch(`${emulators.endpoints.s3}/data-room/x`, { headers: { origin } });
    expect(get.headers.get('access-control-expose-headers')).toBe('ETag');
  });

  it('aws-ses-v2-local records SendEmail; listSentEmails maps it newest first', async () => {
    await clearSentEmails(emulators.endpoints.ses);
    for (const n of [1, 2]) {
      await c.ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'Preseed <no-reply@preseed.local>',
          Destination: { ToAddresses: ['coach@example.com', 'founder@example.com'] },
          Content: {
            Simple: {
              Subject: { Data: `Review ${n}` },
              Body: { Html: { Data: `<p>Hi ${n}</p>` }, Text: { Data: `Hi ${n}` } },
            },
          },
        }),
      );
    }
    const emails = await listSentEmails(emulators.endpoints.ses);
    expect(emails.map((m) => m.subject)).toEqual(['Review 2', 'Review 1']);
    expect(emails[0]).toMatchObject({
      to: ['coach@example.com', 'founder@example.com'],
      html: '<p>Hi 2</p>',
      text: 'Hi 2',
    });
    expect(Date.parse(emails[0]?.sentAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await clearSentEmails(emulators.endpoints.ses);
    expect(await listSentEmails(emulators.endpoints.ses)).toEqual([]);
  });
});

describe('persistence with a dataDir', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'preseed-emulators-test-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps DynamoDB, Cognito and S3 data across a restart, and stop() frees the ports', async () => {
    const first = await startEmulators({ dataDir });
    console.info('start-up ms (persistent, empty):', first.startupMs);
    let c = clients(first.endpoints);
    let pool: { poolId: string; clientId: string };
    try {
      await createTable(c.dynamo, 'kept');
      await c.dynamo.send(
        new TransactWriteItemsCommand({
          TransactItems: [{ Put: { TableName: 'kept', Item: { pk: { S: 'k' }, v: { S: 'still here' } } } }],
        }),
      );
      pool = await createPoolWithUser(c.cognito, 'kept@example.com', 'Passw0rd!x');
      await c.s3.send(new CreateBucketCommand({ Bucket: 'kept' }));
      await c.s3.send(new PutObjectCommand({ Bucket: 'kept', Key: 'doc.txt', Body: 'kept body' }));
    } finally {
      destroy(c);
      await first.stop();
    }
    const ports = Object.entries(first.endpoints).map(
      ([service, url]) => [service, Number(new URL(url).port)] as const,
    );
    for (const [service, port] of ports) await expect(checkPortFree(port, service)).resolves.toBeUndefined();

    // Same fixed ports as before, as npm start would use.
    const second = await startEmulators({ dataDir, ports: Object.fromEntries(ports) });
    console.info('start-up ms (persistent, restart):', second.startupMs);
    c = clients(second.endpoints);
    try {
      expect(second.endpoints).toEqual(first.endpoints);
      const item = await c.dynamo.send(new GetItemCommand({ TableName: 'kept', Key: { pk: { S: 'k' } } }));
      expect(item.Item?.v?.S).toBe('still here');
      const auth = await signIn(c.cognito, pool.clientId, 'kept@example.com', 'Passw0rd!x');
      expect(auth.AuthenticationResult?.IdToken).toBeTruthy();
      const object = await c.s3.send(new GetObjectCommand({ Bucket: 'kept', Key: 'doc.txt' }));
      expect(await object.Body?.transformToString()).toBe('kept body');
    } finally {
      destroy(c);
      await second.stop();
    }
  });
});

describe('ports and failures', () => {
  it('a busy fixed port gives PortInUseError naming port, service and variable', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const error = await startDynamoDbLocal({ port }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toBe(
        `Port ${port} (DynamoDB Local) is already in use. Stop the program using it (\`lsof -i :${port}\` shows it), or set PRESEED_DYNAMODB_PORT to another port.`,
      );
      await expect(startEmulators({ ports: { s3: port } })).rejects.toThrow(`Port ${port} (s3rver)`);
      await expect(checkPortFree(port, 'Preseed app', 'PORT')).rejects.toThrow('or set PORT to another port');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('also sees a listener on all interfaces', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(checkPortFree(port, 'ses')).rejects.toThrow(`Port ${port} (aws-ses-v2-local)`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('a child that dies before it is ready fails fast with its last output', async () => {
    const child = spawnChild({
      label: 'fake emulator',
      command: process.execPath,
      args: ['-e', 'console.log("loading"); console.error("fatal: no config"); process.exit(3)'],
    });
    const port = await freePort();
    const error = await waitUntilReady({
      label: 'fake emulator',
      endpoint: `http://127.0.0.1:${port}`,
      child,
      timeoutMs: 10_000,
      probe: async () => false,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('fake emulator exited with code 3 before it was ready.');
    expect((error as Error).message).toContain('fatal: no config');
  });

  it('reads Java major versions of every vendor format', () => {
    expect(parseJavaMajor('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(parseJavaMajor('java version "1.8.0_392"')).toBe(8);
    expect(parseJavaMajor('openjdk version "21" 2023-09-19')).toBe(21);
    expect(parseJavaMajor('The operation couldn’t be completed. Unable to locate a Java Runtime.')).toBeUndefined();
  });
});
