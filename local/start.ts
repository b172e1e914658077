/**
 * `npm start` (built frontend) and `npm run dev` (Vite hot reload): the whole
 * product offline at http://localhost:3000.
 */
import './quiet-warnings';
import { join } from 'node:path';
import { setLogSink } from '../functions/lib/logger';
import { localAdminPassword } from './admin-password';
import { portsFromEnv } from './emulators/index';
import { ensureFrontendBuilt } from './frontend-build';
import { LOCAL_DATA_DIR } from './paths';
import { type LocalStack, startLocalStack } from './stack';

const dev = process.argv.includes('--dev');
const verbose = process.argv.includes('--verbose') || process.env.LOG_LEVEL === 'debug';
const startedAt = Date.now();

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

class SettingError extends Error {
  override name = 'SettingError';
}

/** PRESEED_ADMIN_MFA=required: coaches need an authenticator app, as on every cloud stage (off by default offline). */
function adminMfaSetting(): 'required' | 'off' {
  const value = process.env.PRESEED_ADMIN_MFA ?? '';
  if (value === 'required' || value === 'off') return value;
  if (value === '') return 'off';
  throw new SettingError(`PRESEED_ADMIN_MFA must be "required" or "off", not ${JSON.stringify(value)}.`);
}

function banner(stack: LocalStack, admin: { password: string; source: string }): void {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const pw =
    admin.source === 'env'
      ? `${admin.password}   (from LOCAL_ADMIN_PASSWORD)`
      : `${admin.password}   (kept in ${join(LOCAL_DATA_DIR, 'admin-password')})`;
  say(`
  Preseed is running offline (${dev ? 'dev mode, hot reload' : 'built frontend'}), ready in ${seconds} s

    App           ${stack.url}
    Mail viewer   ${stack.url}/_dev/mail
    Admin login   username: admin   password: ${pw}
    Payments      ${stack.stripe ? `local Stripe at ${stack.stripe.endpoint} (test payment — no card is charged)` : 'Stripe test mode (STRIPE_SECRET_KEY)'}
    Coach MFA     ${stack.config.adminMfa === 'required' ? 'required: a coach sets up an authenticator app at first login' : 'off (PRESEED_ADMIN_MFA=required turns it on)'}

    Emulators     DynamoDB Local ${stack.emulators.endpoints.dynamodb} · cognito-local ${stack.emulators.endpoints.cognito}
                  s3rver ${stack.emulators.endpoints.s3} · SES ${stack.emulators.endpoints.ses}
    Data          ${LOCAL_DATA_DIR} (npm run reset wipes it)

  Press Ctrl+C to stop.
`);
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const adminMfa = adminMfaSetting();
  if (!verbose) {
    // Request logs are JSON lines for machines; keep the terminal to warnings and errors.
    setLogSink((line, level) => {
      if (level === 'warn' || level === 'error') process.stderr.write(`${line}\n`);
    });
  }
  if (!dev) await ensureFrontendBuilt(say);
  const admin = await localAdminPassword(LOCAL_DATA_DIR);
  let stopping = false;
  // Set once the stack runs; an emulator giving up during start-up makes the start itself fail.
  let stopWith: ((reason: string, exitCode: number) => Promise<void>) | undefined;
  const stack = await startLocalStack({
    dataDir: LOCAL_DATA_DIR,
    port,
    frontend: dev ? 'vite' : 'static',
    adminPassword: admin.password,
    emulatorPorts: portsFromEnv(),
    stripe: 'env',
    adminMfa,
    ...(verbose ? { log: (service: string, line: string) => say(`[${service}] ${line}`) } : {}),
    warn: (line) => process.stderr.write(`[emulators] ${line}\n`),
    onFatal: (error) => void stopWith?.(`${error.message}\nPreseed cannot run without it: stopping.`, 1),
  });
  banner(stack, admin);

  stopWith = async (reason, exitCode) => {
    if (stopping) return;
    stopping = true;
    (exitCode === 0 ? process.stdout : process.stderr).write(`\n${reason}\n`);
    // Every step is bounded (local/stack.ts); this is the backstop should one still hang.
    const force = setTimeout(() => {
      process.stderr.write('Preseed did not stop within 10 s; exiting anyway.\n');
      process.exit(exitCode || 1);
    }, 10_000);
    force.unref();
    await stack.stop();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stopWith?.('SIGINT: stopping Preseed…', 0));
  process.on('SIGTERM', () => void stopWith?.('SIGTERM: stopping Preseed…', 0));
}

main().catch((err: unknown) => {
  // One clear line for the errors a person can fix (port in use, Java missing); the stack for the rest.
  const known = err instanceof Error && ['PortInUseError', 'JavaMissingError', 'SettingError'].includes(err.name);
  process.stderr.write(
    `\n${known ? (err as Error).message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
