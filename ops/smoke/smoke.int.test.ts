import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, createProfilelessUser, signIn, uniqueEmail } from '../../test/helpers';
import { CANARY_ENV, smokeCli } from './cli';

/**
 * CloudFront's part offline: the SPA's index.html for every page route, everything else (/api, /config.json) from
 * the local API server the global setup starts. `status` stands in for a broken site.
 */
async function standInSite(options: { status?: number } = {}): Promise<{ url: string; server: Server }> {
  const index = await readFile('frontend/index.html', 'utf8');
  const api = inject('apiUrl');
  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    if (options.status) {
      res.writeHead(options.status, { 'content-type': 'text/html' }).end('<h1>broken</h1>');
      return;
    }
    if (!path.startsWith('/api/') && path !== '/config.json') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(index);
      return;
    }
    const headers: Record<string, string> = {};
    if (req.headers.authorization) headers.authorization = req.headers.authorization;
    const upstream = await fetch(new URL(path, api), { headers });
    res
      .writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' })
      .end(await upstream.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function smoke(argv: string[], canary: object) {
  const lines: string[] = [];
  const code = await smokeCli(argv, { print: (l) => lines.push(l), env: { [CANARY_ENV]: JSON.stringify(canary) } });
  return { code, lines };
}

describe('npm run smoke', () => {
  let site: { url: string; server: Server };
  let canary: { username: string; password: string };

  beforeAll(async () => {
    site = await standInSite();
    // As the runbook's step 10 makes it: a confirmed user in no group, with no founder profile.
    canary = { username: `smoke-canary-${Date.now()}`, password: 'Canary-Passw0rd-Generated' };
    await createProfilelessUser({ ...canary, email: uniqueEmail('canary') });
  });
  afterAll(() => close(site.server));

  it('passes every check against a working site with a real canary', async () => {
    const { code, lines } = await smoke(['--url', site.url], canary);
    expect(lines.filter((l) => l.startsWith('PASS'))).toHaveLength(4);
    expect(lines).toContain('All smoke checks passed.');
    expect(lines.join('\n')).toMatch(/PASS canary read .*\/api\/me answered 200/);
    expect(code).toBe(0);
  });

  it('gives the canary its own empty account and nothing else', async () => {
    const { accessToken: token } = await signIn(canary.username, canary.password);
    const me = await api<{ isAdmin: boolean; profile: unknown }>('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ isAdmin: false, profile: null });
    expect((await api('GET', '/api/dashboard', { token })).status).toBe(401);
    expect((await api('POST', '/api/admin/questions', { token, body: {} })).status).toBe(403);
  });

  it('fails the canary read, and only it, with a wrong password', async () => {
    const { code, lines } = await smoke(['--url', site.url], { ...canary, password: 'Wrong-Passw0rd' });
    expect(lines.filter((l) => l.startsWith('PASS'))).toHaveLength(3);
    expect(lines.find((l) => l.startsWith('FAIL'))).toMatch(
      /^FAIL canary read .*(NotAuthorized|InvalidPassword)Exception/,
    );
    expect(lines).not.toContain(expect.stringContaining('Wrong-Passw0rd'));
    expect(code).toBe(1);
  });

  it('fails every check against a site that answers 500', async () => {
    const broken = await standInSite({ status: 500 });
    try {
      const { code, lines } = await smoke(['--url', broken.url], canary);
      const fails = lines.filter((l) => l.startsWith('FAIL'));
      expect(fails).toHaveLength(4);
      expect(fails[0]).toMatch(/^FAIL health \(GET \/api\/health\): 500/);
      expect(fails[1]).toMatch(/^FAIL site \(GET \/\): 500 text\/html, no app root/);
      expect(fails[2]).toMatch(/^FAIL sign-in page \(GET \/login\): 500/);
      expect(fails[3]).toMatch(/^FAIL canary read .*config\.json answered 500/);
      expect(code).toBe(1);
    } finally {
      await close(broken.server);
    }
  });

  it('fails every check, with what it saw, when the site cannot be reached', async () => {
    const { code, lines } = await smoke(['--url', 'http://127.0.0.1:9'], canary);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toHaveLength(4);
    expect(code).toBe(1);
  });
});
