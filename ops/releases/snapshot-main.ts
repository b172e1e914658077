/** `npm run release:snapshot -- --stage <name> --out <file>` (ops/releases/cli.ts). */
import { snapshotCli } from './cli';

process.exitCode = await snapshotCli(process.argv.slice(2));
