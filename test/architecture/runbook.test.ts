/**
 * docs/operations.md runs as typed: every `npx cdk …` and `npm run …` in its shell blocks (and its inline spans)
 * passes the CLI and the app, and every variable a block expands was set before — in the setup's one shell, or
 * for a day-to-day task in step 0 and the day-to-day introduction (an operator comes back in a new shell).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRunbook, repoContext, runbookProblems, scriptFlags } from './runbook-rules';
import { parseShell } from './runbook-shell';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ctx = repoContext(ROOT);
const problemsOf = (markdown: string) => runbookProblems(markdown, ctx);
const sh = (...lines: string[]) => ['```sh', ...lines, '```'].join('\n');
const STEP0 = [
  '## 0. What you need',
  sh('export STAGE=prod', 'export ACCOUNT=111122223333', 'export REGION=eu-central-1'),
].join('\n');

const RUNBOOK = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');

describe('docs/operations.md', () => {
  // It reads every ops script's imports with the TypeScript compiler: ~5 s on an idle machine, more under load.
  it('runs as typed', { timeout: 60_000 }, () => {
    expect(problemsOf(RUNBOOK)).toEqual([]);
  });

  it('runs preflight before the first deploy in its first phase, and the full check after it', () => {
    const commands = readRunbook(RUNBOOK).blocks.flatMap((b) =>
      parseShell(b.text, b.line).map((c) => c.argv.join(' ')),
    );
    const preflights = commands.filter((c) => c.startsWith('npm run preflight'));
    const firstDeploy = commands.findIndex((c) => /^npx cdk deploy|^gh workflow run deploy/.test(c));
    expect(preflights[0]).toContain('--before-first-deploy');
    expect(commands.indexOf(preflights[0] as string)).toBeLessThan(firstDeploy);
    expect(RUNBOOK.slice(RUNBOOK.indexOf('## 8. Deploy'))).toMatch(/`npm run preflight -- --stage \$STAGE`/);
  });
});

describe('the rules', () => {
  it('a CDK command that synthesizes the app names the stage; bootstrap synthesizes too', () => {
    const doc = [STEP0, '## 2', sh('npx cdk bootstrap aws://$ACCOUNT/$REGION')].join('\n');
    expect(problemsOf(doc).join('\n')).toContain('cdk bootstrap synthesizes the app');
    expect(problemsOf(doc.replace('$REGION', '$REGION -c stage=$STAGE')).join('\n')).not.toContain('synthesizes');
    expect(problemsOf(doc.replace('$REGION', '$REGION -c stage=nostage'))).toContain(
      `line 9: -c stage=nostage names no stage of cdk.json (${ctx.stages.join(', ')})`,
    );
    // Not synthesizing (no stacks or environments), or another app: no stage needed.
    expect(problemsOf([STEP0, sh('npx cdk doctor', 'npx cdk --app cdk.out deploy --all')].join('\n'))).toEqual([]);
  });

  it('deploy and destroy need --all or stack names; an option the CLI does not have is named', () => {
    expect(problemsOf(sh('npx cdk deploy -c stage=dev'))).toEqual([
      'line 2: cdk deploy of a stage needs --all or stack names (the stage has several stacks)',
    ]);
    expect(problemsOf(sh('npx cdk deploy -c stage=dev Preseed-dev'))).toEqual([]);
    expect(problemsOf(sh('npx cdk diff -c stage=dev --all'))).toEqual(['line 2: cdk diff has no option --all']);
    expect(problemsOf(sh('npx cdk deplo --all'))).toEqual(['line 2: cdk has no command "deplo"']);
  });

  it('npm run names a script of package.json and passes flags after --, ones the ops script parses', () => {
    expect(problemsOf(sh('npm run preflite'))).toEqual(['line 2: package.json has no script "preflite"']);
    expect(problemsOf(sh('npm run stripe:setup --stage dev'))).toEqual([
      "line 2: npm run stripe:setup --stage: npm takes --stage itself; put -- before the script's arguments",
    ]);
    expect(problemsOf(sh('npm run stripe:setup -- --stage dev'))).toEqual([]);
    expect(problemsOf(sh('npm run stripe:setup -- --stag dev')).join('\n')).toContain('not --stag');
    // A script whose body is cdk: its app and the arguments passed on.
    expect(problemsOf(sh('npm run cdk -- deploy --all')).join('\n')).toContain('synthesizes the app');
    expect(problemsOf(sh('npm run cdk -- deploy --all -c stage=dev'))).toEqual([]);
  });

  it('reads the flags from each script’s own parseArgs, through its imports', () => {
    expect(scriptFlags(join(ROOT, 'ops/stripe-setup/main.ts'), ROOT)).toEqual(new Set(['--stage']));
    expect(scriptFlags(join(ROOT, 'ops/end-sessions/main.ts'), ROOT)).toEqual(
      new Set(['--user', '--reset-mfa', '--disable', '--remove-coach']),
    );
    expect(scriptFlags(join(ROOT, 'bench/run.ts'), ROOT)).toBeNull();
  });

  it('a variable is set before it is used; a day-to-day task starts from step 0 and the day-to-day introduction', () => {
    expect(problemsOf(sh('echo $UNSET'))).toEqual([
      'line 2: $UNSET is used before anything in its section or step 0 sets it',
    ]);
    const doc = [
      STEP0,
      '## 9. The first coach',
      sh('POOL=$(aws cloudformation describe-stacks --stack-name Preseed-$STAGE)', 'echo $POOL'),
      '## Day to day',
      sh('TABLE=$(echo table-$STAGE)'),
      '### A task',
      sh('echo $REGION $TABLE $POOL'),
    ].join('\n');
    expect(problemsOf(doc)).toEqual(['line 18: $POOL is used before anything in its section or step 0 sets it']);
    // read, for and export set a variable; unset takes it away; single quotes and quoted here-documents expand nothing.
    expect(
      problemsOf(
        sh(
          'read -rs KEY && printf %s "$KEY" | cat; unset KEY',
          "echo '$KEY'",
          'for X in a b; do echo "$X"; done',
          "cat <<'EOF'",
          '$NOT_EXPANDED',
          'EOF',
          'cat <<EOF',
          '{"id":$EXPANDED}',
          'EOF',
          'echo "$KEY"',
        ),
      ),
    ).toEqual([
      'line 9: $EXPANDED is used before anything in its section or step 0 sets it',
      'line 11: $KEY is used before anything in its section or step 0 sets it',
    ]);
  });

  it('a secret reaches a command on its standard input, never as an argument', () => {
    expect(
      problemsOf(sh('read -rs KEY && aws secretsmanager put-secret-value --secret-id x --secret-string "$KEY"')),
    ).toEqual([
      'line 2: $KEY (read at a hidden prompt) is an argument of aws: feed it on stdin',
      'line 2: --secret-string takes a secret as an argument: pass file:///dev/stdin',
    ]);
    expect(problemsOf(sh("aws cognito-idp admin-set-user-password --password '<strong password>'"))).toEqual([
      'line 2: --password takes a secret as an argument: pass file:///dev/stdin',
    ]);
    expect(
      problemsOf(
        sh('read -rs KEY && printf %s "$KEY" | aws secretsmanager create-secret --secret-string file:///dev/stdin'),
      ),
    ).toEqual([]);
  });

  it('reads a command as the shell does: continuations, substitutions, placeholders, comments', () => {
    const [inner, outer] = parseShell(
      'X=$(aws x --q "a[?k==\'$STAGE\']" \\\n  --o text) aws y --id "$X" --user <the coach> # note $NOT',
    );
    expect(inner).toMatchObject({ argv: ['aws', 'x', '--q', "a[?k=='$STAGE']", '--o', 'text'], uses: ['STAGE'] });
    expect(outer).toMatchObject({
      assigns: ['X'],
      argv: ['aws', 'y', '--id', '$X', '--user', '<the coach>'],
      uses: ['X'],
      line: 1,
    });
  });
});
