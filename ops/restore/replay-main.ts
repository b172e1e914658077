/**
 * `npm run restore:replay -- --stage <name> --from-table <old> --to-table <restored> --since <restore point>`: applies
 * the old table's stream since the restore point to the restored table (ops/restore/replay.ts).
 */
import { replayCli } from './cli';

process.exitCode = await replayCli(process.argv.slice(2));
