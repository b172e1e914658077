/** `npm run smoke -- --stage <name>`: the post-deploy smoke checks (ops/smoke/cli.ts). */
import { smokeCli } from './cli';

process.exitCode = await smokeCli(process.argv.slice(2));
