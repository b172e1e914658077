/** `npm run restore:wait -- --stage <name> --table <restored table>`: polls until the table is ACTIVE (ops/restore/wait-table.ts). */
import { waitCli } from './cli';

process.exitCode = await waitCli(process.argv.slice(2));
