/**
 * `npm run preflight -- --stage <name>`: read-only checks, with the operator's AWS credentials, of what
 * a deploy of the stage needs. One line per check; exits 1 when any failed.
 */
import { preflightCli } from './cli';

process.exitCode = await preflightCli(process.argv.slice(2));
