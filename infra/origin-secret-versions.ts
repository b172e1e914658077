/**
 * Which version of each stage's origin secret CloudFront sends. `npm run rotate:origin-secret` writes a stage's
 * new version id here after putting the value; the stack pins the distribution's header to it, so the deploy after
 * a rotation changes the template and CloudFront sends the new value (CloudFormation does not re-resolve a dynamic
 * reference in an unchanged template). A stage missing from the file sends the secret's current version.
 * Kept apart from cdk.json so that the command rewrites a small file of its own, not the hand-written one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { repoPath } from './constructs/paths';

/** The tag (its value: the stage's name) that marks a stage's origin secret, for the rotation command to find it. */
export const ORIGIN_SECRET_TAG = 'preseed:origin-secret';

export const ORIGIN_SECRET_VERSIONS_FILE = repoPath('infra', 'origin-secret-versions.json');

/** Secrets Manager version ids are UUIDs (a ClientRequestToken of 32-64 characters when given). */
const versionsSchema = z.record(z.string(), z.string().regex(/^[\w-]{32,64}$/, 'expected a secret version id'));

export function readOriginSecretVersions(file = ORIGIN_SECRET_VERSIONS_FILE): Record<string, string> {
  if (!existsSync(file)) return {};
  const parsed = versionsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function writeOriginSecretVersion(stage: string, versionId: string, file = ORIGIN_SECRET_VERSIONS_FILE): void {
  const versions = { ...readOriginSecretVersions(file), [stage]: versionId };
  const sorted = Object.fromEntries(Object.entries(versions).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
