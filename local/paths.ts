import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Local data (DynamoDB, Cognito, S3 files, the admin password). Git-ignored; `npm run reset` wipes it. */
export const LOCAL_DATA_DIR = process.env.PRESEED_DATA_DIR ?? `${REPO_ROOT}.local`;
