/** `npm run events:redrive [-- --consumer <name>] [--url <app url>]` (local/redrive-events.ts). */
import { redriveEventsCli } from './redrive-events';

process.exitCode = await redriveEventsCli(process.argv.slice(2));
