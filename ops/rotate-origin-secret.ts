/**
 * Rotates a stage's origin secret (what CloudFront sends the API in x-origin-verify) without an outage:
 *
 *   npm run rotate:origin-secret -- --stage <name>
 *
 * 1. puts a new random value as the secret's new version: Secrets Manager makes it AWSCURRENT and keeps the old one
 *    as AWSPREVIOUS, and the API accepts both (functions/lib/middleware.ts), picking the new one up within the
 *    secrets cache's minutes;
 * 2. writes the new version's id to infra/origin-secret-versions.json, which the stack pins CloudFront's header to,
 *    so the next `cdk deploy` changes the template and CloudFront sends the new value (CloudFormation does not
 *    re-resolve a dynamic reference in an unchanged template).
 * Commit that file and deploy. Rotate again only after that deploy: a second rotation before it would retire the
 * value CloudFront still sends. Needs the operator's credentials (secretsmanager:ListSecrets, DescribeSecret,
 * PutSecretValue); the secret is found by the tag the stack gives it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DescribeSecretCommand,
  ListSecretsCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { SECRET_CACHE_TTL_MS } from '../functions/integrations/secrets';
import { repoPath } from '../infra/constructs/paths';
import {
  ORIGIN_SECRET_TAG,
  ORIGIN_SECRET_VERSIONS_FILE,
  readOriginSecretVersions,
  writeOriginSecretVersion,
} from '../infra/origin-secret-versions';
import { parseStages } from '../infra/stages';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** As long as the value the stack generates: 64 letters and digits, about 380 bits. */
export const ORIGIN_SECRET_LENGTH = 64;

/** Letters and digits only (it travels as a header value), each drawn without bias. */
export function newOriginSecretValue(length = ORIGIN_SECRET_LENGTH): string {
  let value = '';
  while (value.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 × 62: bytes above it would favour the first letters.
      if (byte < 248 && value.length < length) value += ALPHABET[byte % ALPHABET.length];
    }
  }
  return value;
}

export class RotationError extends Error {
  override readonly name = 'RotationError';
}

export interface RotationOptions {
  readonly stage: string;
  readonly client: SecretsManagerClient;
  /** infra/origin-secret-versions.json unless a test says otherwise. */
  readonly versionsFile?: string;
}

export interface Rotation {
  readonly secretArn: string;
  readonly versionId: string;
  readonly previousVersionId: string | undefined;
}

/** The stage's origin secret, by the tag infra/constructs/api.ts puts on it. */
async function findSecret(client: SecretsManagerClient, stage: string): Promise<string> {
  const arns: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(
      new ListSecretsCommand({ Filters: [{ Key: 'tag-key', Values: [ORIGIN_SECRET_TAG] }], NextToken }),
    );
    for (const secret of page.SecretList ?? []) {
      const tagged = secret.Tags?.some((tag) => tag.Key === ORIGIN_SECRET_TAG && tag.Value === stage);
      if (tagged && secret.ARN && !secret.DeletedDate) arns.push(secret.ARN);
    }
    NextToken = page.NextToken;
  } while (NextToken);
  if (arns.length === 0) {
    throw new RotationError(
      `No origin secret of stage "${stage}" (a secret tagged ${ORIGIN_SECRET_TAG}=${stage}) in this account and ` +
        'region: deploy the stage first, and check the credentials and the region.',
    );
  }
  if (arns.length > 1) {
    throw new RotationError(`More than one secret is tagged ${ORIGIN_SECRET_TAG}=${stage}: ${arns.join(', ')}`);
  }
  return arns[0] as string;
}

export async function rotateOriginSecret({ stage, client, versionsFile }: RotationOptions): Promise<Rotation> {
  const secretArn = await findSecret(client, stage);
  const described = await client.send(new DescribeSecretCommand({ SecretId: secretArn }));
  const stages = described.VersionIdsToStages ?? {};
  const current = Object.keys(stages).find((id) => stages[id]?.includes('AWSCURRENT'));
  const pinned = readOriginSecretVersions(versionsFile)[stage];
  // The pinned version is what CloudFront sends (once deployed). If the secret moved on without the file, a
  // rotation now would leave CloudFront two versions behind: refused.
  if (pinned !== undefined && pinned !== current) {
    throw new RotationError(
      `${versionsFile ?? ORIGIN_SECRET_VERSIONS_FILE} pins version ${pinned} for "${stage}", but the secret's ` +
        `current version is ${current ?? 'none'}: the last rotation was not recorded or not deployed. Set the file ` +
        `to ${current} and deploy the stage before rotating again.`,
    );
  }
  const put = await client.send(
    new PutSecretValueCommand({
      SecretId: secretArn,
      SecretString: newOriginSecretValue(),
      // Also the new version's id; a retried request with the same token creates nothing twice.
      ClientRequestToken: randomUUID(),
    }),
  );
  if (!put.VersionId) throw new RotationError('Secrets Manager returned no version id for the new value');
  writeOriginSecretVersion(stage, put.VersionId, versionsFile);
  return { secretArn, versionId: put.VersionId, previousVersionId: current };
}

async function main(args: readonly string[]): Promise<void> {
  const stageName = parseArgs({ args: [...args], options: { stage: { type: 'string' } } }).values.stage;
  const cdkJson = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8')) as { context: { stages: unknown } };
  const stages = parseStages(cdkJson.context.stages);
  const stage = stageName ? stages[stageName] : undefined;
  if (!stage) {
    throw new RotationError(`Usage: npm run rotate:origin-secret -- --stage <${Object.keys(stages).join('|')}>`);
  }
  const client = new SecretsManagerClient({ region: stage.region });
  const rotation = await rotateOriginSecret({ stage: stage.name, client });
  const minutes = Math.ceil(SECRET_CACHE_TTL_MS / 60_000);
  console.log(
    [
      `Put a new value of ${rotation.secretArn} (version ${rotation.versionId}; the previous one stays accepted).`,
      `Wrote it to ${ORIGIN_SECRET_VERSIONS_FILE}. Next:`,
      `  1. wait ${minutes} minutes, until every API container reads the new value too;`,
      `  2. commit infra/origin-secret-versions.json and deploy: npx cdk deploy --all -c stage=${stage.name}`,
      '     (the distribution then sends the new value; until then it sends the previous one);',
      '  3. rotate again only after that deploy has finished.',
    ].join('\n'),
  );
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
