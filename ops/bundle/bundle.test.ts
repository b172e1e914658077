/**
 * The deploy job runs these files with plain `node`, from a folder with cdk.json and no node_modules (the job
 * installs nothing of the project). Built once here into such a folder outside the repository and run there.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleDeployJobCommands, DEPLOY_JOB_COMMANDS } from './bundle';

let dir = '';

function run(file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    // No AWS settings from this machine: the commands must not need any to reach these answers.
    const child = spawn(process.execPath, [join(dir, file), ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

// Each test starts node on a 65 MB bundle: seconds on a quiet machine, more beside a busy test run.
describe('the deploy job’s commands, bundled', { timeout: 60_000 }, () => {
  let broken: Server;
  let brokenUrl = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ops-bundle-'));
    await bundleDeployJobCommands(dir);
    broken = createServer((_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>down</h1>'));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    broken.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one file per command, the chunks they share and cdk.json, nothing else', async () => {
    expect((await readdir(dir)).sort()).toEqual([...Object.keys(DEPLOY_JOB_COMMANDS), 'cdk.json', 'chunks'].sort());
  });

  it('runs the smoke checks to their verdict, exit 1 against a broken site', async () => {
    const canary = JSON.stringify({ username: 'canary', password: 'Canary-Passw0rd' });
    const { code, out } = await run('smoke.mjs', ['--url', brokenUrl], { PRESEED_CANARY: canary });
    expect(out).toContain(`Smoke checks against ${brokenUrl}`);
    expect(out.match(/^FAIL /gm)).toHaveLength(4);
    expect(out).toContain('4 smoke check(s) failed.');
    expect(out).not.toContain('Canary-Passw0rd');
    expect(code).toBe(1);
  });

  it('reads the stages from the cdk.json beside it', async () => {
    const { code, out } = await run('release-snapshot.mjs', ['--stage', 'nope', '--out', 'x.json']);
    expect(out).toMatch(/Unknown stage "nope"\. Known stages in cdk\.json: .*dev/);
    expect(code).toBe(2);
  });

  it('rolls back from a first deploy’s empty snapshot without calling AWS', async () => {
    await writeFile(join(dir, 'live.json'), '{}\n');
    const { code, out } = await run('release-rollback.mjs', ['--stage', 'dev', '--to', 'live.json']);
    expect(out).toContain("live.json records no aliases (the stage's first deploy): nothing to move back.");
    expect(code).toBe(0);
  });
});
