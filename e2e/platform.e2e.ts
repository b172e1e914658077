/**
 * `npm start` on a fresh data directory serves the app,
 * the administrator signs in with the printed password, logs out, unknown pages
 * show the not-found page; a restart keeps data and `npm run reset` clears it; a DynamoDB Local that dies is
 * logged and restarted, and Ctrl+C after another death still frees every port.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, newDataDir, portsEnv, runNpm, startApp } from './app-process';
import { launchBrowser, seriousAxeViolations } from './browser';
import { accessToken } from './founders';

const adminAccessToken = (app: AppProcess) => accessToken(app.url, 'admin', app.adminPassword);

/** The DynamoDB Local (Java) serving this app, found by the port `npm start` gave it. */
function dynamoDbPid(port: string): number {
  const pids = execFileSync('pgrep', ['-f', `DynamoDBLocal.*-port ${port}( |$)`], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
  if (pids.length !== 1) throw new Error(`expected one DynamoDB Local on port ${port}, found ${pids.length}`);
  return pids[0] as number;
}

/** Free when it can be bound on every interface (DynamoDB Local listens on all of them). */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the offline stack behind npm start', () => {
  let app: AppProcess;
  let browser: Browser;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = await portsEnv();
    app = await startApp({ dataDir: await newDataDir(), env });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('serves health, 404 JSON for unknown API paths, and the runtime config', async () => {
    // Acceptance: banner and first page within 30 s of a warm install (this start may build the frontend).
    expect(app.startupMs).toBeLessThan(30_000);
    const health = await fetch(`${app.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', dependencies: { dynamodb: 'up' } });

    const nope = await fetch(`${app.url}/api/nope`);
    expect(nope.status).toBe(404);
    expect(nope.headers.get('content-type')).toMatch(/json/);

    const config = await (await fetch(`${app.url}/config.json`)).json();
    expect(config).toMatchObject({ stage: 'local', authFlowType: 'USER_PASSWORD_AUTH', apiBase: '/api' });

    // The served build is React's production build even when this runner's NODE_ENV is `test`.
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).not.toContain('jsx-dev-runtime');
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(await (await fetch(`${app.url}${entry}`)).text()).not.toContain('jsxDEV');
  });

  it('lets the administrator sign in with the printed password, then log out', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/login`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Email or username').fill('admin');
    await page.getByLabel('Password').fill(app.adminPassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL('**/admin-home');
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
    expect(await page.getByText('Admin', { exact: true }).first().isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText('Logged out', { exact: true }).isVisible()).toBe(true);
    await page.close();
  });

  it('keeps a signed-out visitor out of guarded pages', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/admin-home`);
    await page.waitForURL('**/login');
    await page.close();
  });

  it('shows the not-found page for unknown paths', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/some/unknown`);
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Return to Home' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  it('keeps users and data across a restart, and npm run reset clears them', async () => {
    const token = await adminAccessToken(app);
    const id = randomUUID();
    const created = await fetch(`${app.url}/api/admin/questions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, type: 'trigger', category: 'Customer Pains', text: 'Does this survive a restart?' }),
    });
    expect(created.status).toBe(201);
    const password = app.adminPassword;

    await app.stop();
    app = await startApp({ dataDir: app.dataDir, env });
    expect(app.adminPassword).toBe(password);
    const again = await adminAccessToken(app);
    const list = (await (
      await fetch(`${app.url}/api/questions/trigger`, { headers: { authorization: `Bearer ${again}` } })
    ).json()) as { questions: { id: string }[] };
    expect(list.questions.map((q) => q.id)).toContain(id);

    await app.stop();
    await runNpm('reset', { PRESEED_DATA_DIR: app.dataDir });
    app = await startApp({ dataDir: app.dataDir, env });
    expect(app.adminPassword).not.toBe(password);
    const fresh = await adminAccessToken(app);
    const after = (await (
      await fetch(`${app.url}/api/questions/trigger`, { headers: { authorization: `Bearer ${fresh}` } })
    ).json()) as { questions: { id: string }[] };
    expect(after.questions.map((q) => q.id)).not.toContain(id);
    expect(after.questions).toHaveLength(27);
  });

  it('notices a dead DynamoDB Local and restarts it; Ctrl+C after another death frees every port within seconds', async () => {
    const port = env.PRESEED_DYNAMODB_PORT ?? '';
    const first = dynamoDbPid(port);
    process.kill(first, 'SIGKILL');
    await waitFor(
      'the exit logged',
      async () => (/DynamoDB Local .*exited unexpectedly/.test(app.output()) ? true : undefined),
      15_000,
    );
    expect(app.output()).toMatch(/DynamoDB Local \(pid \d+, port \d+\) exited unexpectedly: .*SIGKILL/);
    // Restarted on the same port (clients keep their endpoint): health is whole again and a signed-in read works.
    await waitFor(
      'health ok again',
      async () => ((await fetch(`${app.url}/api/health`)).status === 200 ? true : undefined),
      30_000,
    );
    expect(dynamoDbPid(port)).not.toBe(first);
    const token = await adminAccessToken(app);
    const read = await fetch(`${app.url}/api/questions/trigger`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);

    process.kill(dynamoDbPid(port), 'SIGKILL');
    const stopping = Date.now();
    await app.stop();
    expect(Date.now() - stopping).toBeLessThan(8_000);
    for (const [name, value] of Object.entries(env))
      expect([name, await portFree(Number(value))]).toEqual([name, true]);
  });

  it('stops with a clear message and exit code 1 when DynamoDB Local keeps dying', async () => {
    const ports = await portsEnv();
    const doomed = await startApp({ dataDir: await newDataDir(), env: ports });
    try {
      const port = ports.PRESEED_DYNAMODB_PORT ?? '';
      let killed = 0;
      // Three restarts within a minute are allowed; the fourth death is one too many.
      for (let death = 1; death <= 4; death++) {
        const pid = await waitFor(
          'a DynamoDB Local to kill',
          async () => {
            const found = dynamoDbPid(port);
            return found === killed ? undefined : found;
          },
          30_000,
        );
        process.kill(pid, 'SIGKILL');
        killed = pid;
      }
      await waitFor('npm start to exit', async () => (doomed.exitCode() === null ? undefined : true), 20_000);
      expect(doomed.exitCode()).toBe(1);
      expect(doomed.output()).toContain('Preseed cannot run without it: stopping.');
      expect(doomed.output()).toMatch(/DynamoDB Local \(pid \d+, port \d+\) exited unexpectedly/);
      for (const [name, value] of Object.entries(ports))
        expect([name, await portFree(Number(value))]).toEqual([name, true]);
    } finally {
      await doomed.stop();
    }
  });
});
