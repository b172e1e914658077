/** `npm run ops:bundle -- --out <dir>`: the deploy job's commands as plain-node files (ops/bundle/bundle.ts). */
import { parseArgs } from 'node:util';
import { bundleDeployJobCommands } from './bundle';

const { values } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run ops:bundle -- --out <dir>');
  process.exitCode = 2;
} else {
  const files = await bundleDeployJobCommands(values.out);
  console.log(`Wrote ${files.join(', ')} to ${values.out}.`);
}
