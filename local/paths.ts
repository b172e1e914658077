import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Local data (DynamoDB, Cognito, S3 files, the admin password). Git-ignored; `npm run reset` wipes it. */
export const LOCAL_DATA_DIR = process.env.PRESEED_DATA_DIR ?? `${REPO_ROOT}.local`;
/** The local bus's parked deliveries, one file each (local/dead-letter-store.ts); `npm run events:redrive` resends them. */
export function deadLetterDirOf(dataDir: string): string {
  return join(dataDir, 'dead-letters');
}
/** The local bus's deliveries waiting for a retry (local/retrying-store.ts), so a crash loses none. */
export function retryingDirOf(dataDir: string): string {
  return join(dataDir, 'retrying');
}
