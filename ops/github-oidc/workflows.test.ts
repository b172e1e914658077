/**
 * The deploy pipeline's properties, read from the workflow files (YAML parsed with `yaml`, already in node_modules
 * through Vite): what installs runs where no AWS credentials can exist, the diff before the approval, the assembly
 * the diff shows being the one deployed, pipefail, session lengths and pinned actions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEPLOY_WORKFLOW, diffEnvironment, diffRoleName } from './stack';

const root = join(import.meta.dirname, '../..');
const workflowsDir = join(root, '.github/workflows');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  uses?: string;
  environment?: string;
  permissions?: Record<string, string>;
  'timeout-minutes'?: number;
  steps?: Step[];
}
interface Workflow {
  permissions?: Record<string, string>;
  defaults?: { run?: { shell?: string } };
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const files = readdirSync(workflowsDir).filter((f) => f.endsWith('.yml'));
const text = (file: string): string => readFileSync(join(workflowsDir, file), 'utf8');
const workflow = (file: string): Workflow => parse(text(file)) as Workflow;
const deploy = workflow(DEPLOY_WORKFLOW.split('/').pop() ?? '');
const needsOf = (job: Job): string[] => [job.needs ?? []].flat();
const CREDENTIALS_ACTION = 'aws-actions/configure-aws-credentials@';
/** A GitHub expression as the workflow writes it: `${{ inputs.stage }}`. */
const expression = (inner: string): string => `\${{ ${inner} }}`;
const STAGE_INPUT = expression('inputs.stage');

/** A job that can reach AWS: it may ask GitHub for an OIDC token, or configures credentials. */
const canReachAws = (job: Job): boolean =>
  job.permissions?.['id-token'] === 'write' || (job.steps ?? []).some((s) => s.uses?.startsWith(CREDENTIALS_ACTION));

/** Runs project code: an install with its scripts, a build, a synthesis or any npm script. */
const runsProjectCode = (run: string): boolean =>
  /\bnpm (ci|run|test|start)\b|npx (tsx|vite|cdk synth)|\bbash \.ci\//.test(run) ||
  (/\bnpm (install|i)\b/.test(run) && !run.includes('--ignore-scripts'));

describe('the workflows', () => {
  it('exist: CI and the deploy', () => {
    expect(files.sort()).toEqual(['ci.yml', 'deploy.yml']);
  });

  it.each(files)('%s: every action is pinned to a full commit SHA with its release in a comment', (file) => {
    const lines = text(file)
      .split('\n')
      .filter((line) => /^\s*(-\s+)?uses:/.test(line));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const reference = line.replace(/^\s*(-\s+)?uses:\s*/, '');
      // The reusable CI workflow of this repository is the only local reference.
      if (reference.startsWith('./.github/workflows/')) continue;
      expect(reference, line).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  it.each(files)('%s: reads the repository only, and runs bash with pipefail', (file) => {
    const parsed = workflow(file);
    expect(parsed.permissions).toEqual({ contents: 'read' });
    // GitHub's default `bash -e` has no pipefail; `shell: bash` is `bash -eo pipefail`.
    expect(parsed.defaults?.run?.shell).toBe('bash');
  });

  it.each(files)('%s: every piped run says set -o pipefail, so a failing command fails its step', (file) => {
    const piped = Object.values(workflow(file).jobs)
      .flatMap((job) => job.steps ?? [])
      .filter((step) => step.run && /[^|]\|[^|]/.test(step.run.replace(/\|\|/g, '')));
    for (const step of piped) expect(step.run, step.name).toMatch(/set -[a-z]*o pipefail|set -o pipefail/);
    if (file === 'deploy.yml') expect(piped.length).toBeGreaterThan(0);
  });

  it.each(files)('%s: no job that can reach AWS runs project code (npm ci, builds, synth, npm scripts)', (file) => {
    for (const [name, job] of Object.entries(workflow(file).jobs)) {
      const runs = (job.steps ?? []).flatMap((s) => (s.run ? [s.run] : []));
      if (canReachAws(job)) {
        for (const run of runs) expect(runsProjectCode(run), `${name}: ${run}`).toBe(false);
      }
    }
  });

  it('install and build in a job without credentials or id-token, whose assembly the later jobs use', () => {
    const build = deploy.jobs.build;
    expect(build).toBeDefined();
    expect(canReachAws(build ?? {})).toBe(false);
    const runs = (build?.steps ?? []).map((s) => s.run ?? '');
    expect(runs.some((r) => r.includes('npm ci'))).toBe(true);
    expect(runs.some((r) => r.includes('npm run build'))).toBe(true);
    expect(runs.some((r) => /npx cdk synth -c stage="\$STAGE" --output cdk\.out\/assembly/.test(r))).toBe(true);
    const upload = build?.steps?.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with).toMatchObject({ path: 'cdk.out/assembly', 'if-no-files-found': 'error' });
    for (const jobName of ['diff', 'deploy']) {
      const download = deploy.jobs[jobName]?.steps?.find((s) => s.uses?.startsWith('actions/download-artifact@'));
      expect(download?.with, jobName).toEqual({ name: upload?.with?.name, path: 'assembly' });
    }
  });

  it('diffs that assembly before the approval, in an environment without reviewers, with the read-only role', () => {
    const diff = deploy.jobs.diff;
    expect(needsOf(diff ?? {})).toEqual(['build']);
    expect(diff?.environment).toBe(diffEnvironment(STAGE_INPUT));
    const credentials = diff?.steps?.find((s) => s.uses?.startsWith(CREDENTIALS_ACTION));
    expect(String(credentials?.with?.['role-to-assume'])).toMatch(
      new RegExp(`:role/${diffRoleName('\\$\\{\\{ inputs\\.stage \\}\\}')}$`),
    );
    const run = diff?.steps?.find((s) => s.run?.includes('cdk" diff'))?.run ?? '';
    expect(run).toContain('--app assembly');
    expect(run).toContain('--method template'); // the lookup role: a change set would need the deploy role
    expect(run).toContain('$GITHUB_STEP_SUMMARY');
  });

  it("deploys only after the diff, in the stage's environment (its reviewers), exactly the diffed assembly", () => {
    const job = deploy.jobs.deploy;
    expect(needsOf(job ?? {})).toEqual(expect.arrayContaining(['build', 'diff']));
    expect(job?.environment).toBe(STAGE_INPUT);
    expect(job?.if).toContain('!inputs.diff-only');
    const run = job?.steps?.find((s) => s.run?.includes('cdk" deploy'))?.run ?? '';
    expect(run).toContain('--app assembly');
    expect(run).toContain('--require-approval never');
  });

  it("keeps each role session no longer than its job may run, and checks the stage's account", () => {
    const jobs = Object.entries(deploy.jobs).filter(([, job]) => canReachAws(job));
    expect(jobs.map(([name]) => name).sort()).toEqual(['deploy', 'diff']);
    for (const [name, job] of jobs) {
      const credentials = job.steps?.find((s) => s.uses?.startsWith(CREDENTIALS_ACTION));
      const seconds = Number(credentials?.with?.['role-duration-seconds']);
      expect(seconds, name).toBeGreaterThanOrEqual(900); // STS's minimum
      expect(seconds, name).toBeLessThanOrEqual((job['timeout-minutes'] ?? 360) * 60);
      expect(credentials?.with?.['allowed-account-ids'], name).toBe(expression('needs.build.outputs.account'));
    }
  });

  it('deploys one run per stage at a time, never cancelling one half done', () => {
    expect(deploy.concurrency).toEqual({ group: `deploy-${STAGE_INPUT}`, 'cancel-in-progress': false });
  });

  it('refuses a production stage unless the run is on main with the deploy.yml of main', () => {
    const script = deploy.jobs.build?.steps?.find((s) => s.name?.includes('Stage settings'))?.run ?? '';
    expect(script).toContain('process.env.GITHUB_REF !== main');
    expect(script).toContain('process.env.GITHUB_WORKFLOW_REF.endsWith(`@$' + '{main}`)');
  });

  it('runs the same CI first', () => {
    expect(deploy.jobs.test?.uses).toBe('./.github/workflows/ci.yml');
    expect(needsOf(deploy.jobs.build ?? {})).toEqual(['test']);
  });
});

describe('Dependabot', () => {
  const config = parse(readFileSync(join(root, '.github/dependabot.yml'), 'utf8')) as {
    updates: { 'package-ecosystem': string; groups?: Record<string, unknown> }[];
  };
  it('keeps the pinned actions and the npm dependencies current, grouped', () => {
    expect(config.updates.map((u) => u['package-ecosystem']).sort()).toEqual(['github-actions', 'npm']);
    for (const update of config.updates) expect(Object.keys(update.groups ?? {}).length).toBeGreaterThan(0);
  });
});
