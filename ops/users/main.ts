/** `npm run users:restore -- --stage <name> --pool <id> --from <s3 uri or file> [--dry-run]` (ops/users/restore.ts). */
import { usersRestoreCli } from './cli';

process.exitCode = await usersRestoreCli(process.argv.slice(2));
