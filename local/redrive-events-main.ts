/**
 * `npm run events:redrive [-- --consumer <name>] [--url <app url>]` offline, or
 * `npm run events:redrive -- --stage <stage> --consumer <name> [--limit N] [--dry-run]` for a stage (local/redrive-events.ts).
 */
import { redriveEventsCli } from './redrive-events';

process.exitCode = await redriveEventsCli(process.argv.slice(2));
