/**
 * `npm run users:restore -- --stage <name> --pool <user pool id> --from <s3://bucket/key | file> [--mapping <file>]
 * [--dry-run]` (ops/users/restore.ts). The stage gives the Region; AWS credentials come from the environment as for
 * the AWS CLI.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { StageConfigError } from '../../infra/stages';
import { AWS_CLIENT_OPTIONS, stageFromArgs, UsageError } from '../lib/stage';
import { isParseError } from '../restore/cli';
import { ExportFormatError, parseUserPoolExport, type RestoreReport, restoreUserPool } from './restore';

/** 0: done; 1: done, and founders' table items are keyed by subs the pool no longer has (the lines say what); 2: the command is wrong. */
export type ExitCode = 0 | 1 | 2;

const USAGE =
  'Usage: npm run users:restore -- --stage <name> --pool <user pool id> --from <s3://bucket/key or file> ' +
  '[--mapping <file>] [--dry-run]';
export const DEFAULT_MAPPING_FILE = 'user-pool-sub-mapping.json';

export interface UsersCliOptions {
  readonly cdkJsonPath?: string;
  readonly print?: (line: string) => void;
}

async function readExport(from: string, region: string): Promise<string> {
  const s3Uri = /^s3:\/\/([^/]+)\/(.+)$/.exec(from);
  if (!s3Uri) return readFile(from, 'utf8');
  const s3 = new S3Client({ region, ...AWS_CLIENT_OPTIONS, forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
  const out = await s3.send(new GetObjectCommand({ Bucket: s3Uri[1], Key: s3Uri[2] }));
  return (await out.Body?.transformToString('utf8')) ?? '';
}

export function formatRestore(report: RestoreReport, dryRun: boolean, mappingFile: string | undefined): string[] {
  const verb = dryRun ? 'to create' : 'created';
  const lines = [
    ...report.groupsCreated.map((g) => `GROUP ${g}: ${verb}.`),
    ...report.created.map((u) => `USER ${u}: ${verb} (no email sent); signs in with "Forgot password".`),
    ...report.membershipsAdded.map((m) => `MEMBER ${m}: ${dryRun ? 'to add' : 'added'}.`),
    ...report.skipped.map((s) => `SKIPPED ${s.username}: never confirmed the sign-up; signs up again.`),
    ...report.subChanges.map(
      (c) => `SUB ${c.username}: ${c.oldSub} → ${c.newSub}: the founder's table items are under USER#${c.oldSub}.`,
    ),
    `${report.created.length} user(s) ${verb}, ${report.existing} already in the pool, ${report.skipped.length} skipped; ` +
      `${report.membershipsAdded.length} membership(s) ${dryRun ? 'to add' : 'added'}.`,
  ];
  if (report.subChanges.length > 0 && mappingFile) {
    lines.push(
      `${report.subChanges.length} user(s) have a new sub; old → new written to ${mappingFile}. Their founder items ` +
        '(profile, answers, files, payments) are keyed by the old sub and are not rewritten by this command: until ' +
        'they are, such a founder signs in to an empty account (docs/operations.md, "Restore drill").',
    );
  }
  return lines;
}

export async function usersRestoreCli(argv: readonly string[], options: UsersCliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        stage: { type: 'string' },
        pool: { type: 'string' },
        from: { type: 'string' },
        mapping: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
    });
    const stage = await stageFromArgs(values.stage === undefined ? [] : ['--stage', values.stage], options.cdkJsonPath);
    if (!values.pool) throw new UsageError('Name the user pool to restore into: --pool <user pool id>.');
    if (!values.from) throw new UsageError('Name the export: --from s3://<bucket>/<key> or a local file.');
    const dryRun = values['dry-run'];
    const from = parseUserPoolExport(await readExport(values.from, stage.region));
    const report = await restoreUserPool({
      cognito: new CognitoIdentityProviderClient({ region: stage.region, ...AWS_CLIENT_OPTIONS }),
      userPoolId: values.pool,
      from,
      dryRun,
    });
    const mappingFile = dryRun ? undefined : (values.mapping ?? DEFAULT_MAPPING_FILE);
    if (mappingFile) await writeFile(mappingFile, `${JSON.stringify(report.subChanges, null, 2)}\n`);
    for (const line of formatRestore(report, dryRun, mappingFile)) print(line);
    return report.subChanges.length > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof UsageError || err instanceof StageConfigError || isParseError(err)) {
      print((err as Error).message);
      print(USAGE);
      return 2;
    }
    if (err instanceof ExportFormatError || (err instanceof Error && 'code' in err && err.code === 'ENOENT')) {
      print(err.message);
      return 2;
    }
    throw err;
  }
}
