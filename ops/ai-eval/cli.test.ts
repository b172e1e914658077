import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CORPUS } from '../../functions/integrations/ai/eval/corpus';
import { createOfflineAutomations } from '../../functions/integrations/ai/offline';
import { aiEvalCli, DEFAULT_OUT_DIR } from './cli';

let dir = '';
let lines: string[] = [];
const print = (line: string) => lines.push(line);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ai-eval-'));
  lines = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('npm run ai:eval', () => {
  it('runs the offline drafter when no provider is configured, passes every case and writes every result', async () => {
    const out = join(dir, 'nested', 'run.json');
    const code = await aiEvalCli(['--out', out], {
      env: {},
      print,
      now: () => new Date('2026-11-26T21:00:00.000Z'),
    });
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain(`AI eval: ${CORPUS.length} founder cases × 4 operation(s)`);
    for (const operation of ['ideas', 'trigger', 'valueProposition', 'businessModel']) {
      expect(text).toMatch(
        new RegExp(`^${operation} +${CORPUS.length} +${CORPUS.length} +100\\.0 %.* – +offline$`, 'm'),
      );
    }
    expect(text).not.toContain('Failed cases');
    expect(text).toContain(
      `Offline tool drafts: ${CORPUS.length * 10} case × tool pairs, ${CORPUS.length * 10} readable`,
    );
    expect(text).not.toContain('Unreadable tool drafts');
    expect(text).toContain(`Every result: ${out}`);
    const written = JSON.parse(await readFile(out, 'utf8'));
    expect(written).toMatchObject({ startedAt: '2026-11-26T21:00:00.000Z', corpus: CORPUS.length });
    expect(written.results).toHaveLength(CORPUS.length * 4);
    expect(written.summary).toHaveLength(4);
    expect(written.tools).toHaveLength(CORPUS.length * 10);
  });

  it('runs only the operations asked for, and exits 1 with the failed cases listed', async () => {
    const offline = createOfflineAutomations();
    const out = join(dir, 'ideas.json');
    const code = await aiEvalCli(['--operation', 'ideas', '--out', out], {
      print,
      automations: {
        ...offline,
        generateIdeas: () => Promise.resolve({ ok: false, reason: 'timeout', detail: 'no answer in 8000 ms' }),
      },
    });
    expect(code).toBe(1);
    const text = lines.join('\n');
    expect(text).toContain('× 1 operation(s)');
    expect(text).toMatch(new RegExp(`^ideas +${CORPUS.length} +0 +0\\.0 %`, 'm'));
    expect(text).not.toMatch(/^trigger/m);
    expect(text).toContain('Failed cases:\nideas / meal-planning: timeout: no answer in 8000 ms');
    expect(JSON.parse(await readFile(out, 'utf8')).results).toHaveLength(CORPUS.length);
  });

  it('names the file after the start time under reports/ when no --out is given', async () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const code = await aiEvalCli(['--operation', 'trigger'], {
        env: {},
        print,
        now: () => new Date('2026-11-26T21:05:06.789Z'),
      });
      expect(code).toBe(0);
      expect(await readdir(join(dir, DEFAULT_OUT_DIR))).toEqual(['2026-11-26T21-05-06-789Z.json']);
    } finally {
      process.chdir(cwd);
    }
  });

  it.each([
    [['--operation', 'summary'], 'Unknown operation summary.'],
    [['--stage'], "Unknown option '--stage'"],
  ])('refuses a wrong command line %j with the usage', async (argv, message) => {
    expect(await aiEvalCli(argv, { env: {}, print })).toBe(2);
    expect(lines.join('\n')).toContain(message);
    expect(lines.join('\n')).toContain('Usage: npm run ai:eval');
  });
});
