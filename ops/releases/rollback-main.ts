/** `npm run release:rollback -- --stage <name> --to <file>` (ops/releases/cli.ts). */
import { rollbackCli } from './cli';

process.exitCode = await rollbackCli(process.argv.slice(2));
