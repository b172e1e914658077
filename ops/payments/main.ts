/** `npm run payments:reconcile -- --stage <name> --table <table> --since <time>` (ops/payments/reconcile.ts). */
import { reconcileCli } from './cli';

process.exitCode = await reconcileCli(process.argv.slice(2));
