import { describe, expect, it } from 'vitest';
import { canarySecretName, formatResult, parseCanary } from './checks';
import { CANARY_ENV, smokeCli } from './cli';

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const code = await smokeCli(argv, { print: (l) => lines.push(l), env });
  return { code, lines };
}

describe('parseCanary', () => {
  it('reads the secret JSON', () => {
    expect(parseCanary('{"username":"canary","password":"p"}')).toEqual({ username: 'canary', password: 'p' });
  });

  it('refuses text that is not JSON, without echoing it', () => {
    expect(() => parseCanary('hunter2')).toThrow(/not JSON; it holds \{"username"/);
    expect(() => parseCanary('hunter2')).not.toThrow(/hunter2/);
  });

  it.each(['{"username":"canary"}', '{"username":"","password":"p"}', '{"username":1,"password":"p"}', 'null'])(
    'refuses %s',
    (text) => expect(() => parseCanary(text)).toThrow(/non-empty "username" and "password"/),
  );
});

describe('smoke results', () => {
  it('prints one PASS or FAIL line with what the check saw', () => {
    expect(formatResult({ name: 'health', ok: true, saw: '200' })).toBe('PASS health: 200');
    expect(formatResult({ name: 'health', ok: false, saw: '500' })).toBe('FAIL health: 500');
  });

  it('names the canary secret by stage', () => {
    expect(canarySecretName('prod')).toBe('preseed/prod/canary');
  });
});

describe('smokeCli usage', () => {
  it('wants exactly one of --stage and --url', async () => {
    for (const argv of [[], ['--stage', 'dev', '--url', 'https://x.example']]) {
      const { code, lines } = await run(argv);
      expect(code).toBe(2);
      expect(lines[0]).toMatch(/--stage <name>\) or the site \(--url/);
    }
  });

  it('refuses a URL that is not http(s)', async () => {
    const { code, lines } = await run(['--url', 'example.com'], { [CANARY_ENV]: '{"username":"c","password":"p"}' });
    expect(code).toBe(2);
    expect(lines[0]).toMatch(/http\(s\)/);
  });

  it('refuses a password given as an argument: there is no such option', async () => {
    const { code, lines } = await run(['--url', 'https://x.example', '--password', 'p']);
    expect(code).toBe(2);
    expect(lines.at(-1)).toMatch(/^Usage: npm run smoke/);
  });

  it('without --stage, wants the canary from a file or the environment', async () => {
    const { code, lines } = await run(['--url', 'https://x.example']);
    expect(code).toBe(2);
    expect(lines[0]).toMatch(/--canary-file <path>, PRESEED_CANARY/);
  });

  it('refuses a malformed canary before any call', async () => {
    const { code, lines } = await run(['--url', 'https://x.example'], { [CANARY_ENV]: '{}' });
    expect(code).toBe(2);
    expect(lines[0]).toMatch(/non-empty "username"/);
  });
});
