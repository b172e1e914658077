/**
 * `npm run ai:eval [-- --operation <name>]... [--out <file.json>]`: every AI operation on the founder corpus, judged
 * on schema and draft properties, with pass rate, latency and tokens. What it does: ops/ai-eval/cli.ts.
 */
import { aiEvalCli } from './cli';

process.exitCode = await aiEvalCli(process.argv.slice(2));
