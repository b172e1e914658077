/**
 * The deploy pipeline's properties, read from the workflow files (YAML parsed with `yaml`, already in node_modules
 * through Vite): what installs runs where no AWS credentials can exist, the diff before the approval, the assembly
 * the diff shows being the one deployed, pipefail, session lengths and pinned actions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEPLOY_JOB_COMMANDS } from '../bundle/bundle';
import { DEPLOY_WORKFLOW, diffEnvironment, diffRoleName, releaseRoleName } from './stack';

const root = join(import.meta.dirname, '../..');
const workflowsDir = join(root, '.github/workflows');

interface Step {
  name?: string;
  id?: string;
  if?: string;
  'working-directory'?: string;
  'timeout-minutes'?: number;
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

  it('bundles the deploy job’s commands in the build job, and the deploy job runs them from that artifact', () => {
    const steps = deploy.jobs.build?.steps ?? [];
    const bundle = steps.findIndex((s) => s.run === 'npm run ops:bundle -- --out cdk.out/ops');
    expect(bundle).toBeGreaterThan(-1);
    const upload = steps.find((s, i) => i > bundle && s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with).toMatchObject({
      name: `ops-${STAGE_INPUT}`,
      path: 'cdk.out/ops',
      'if-no-files-found': 'error',
    });
    const deploySteps = deploy.jobs.deploy?.steps ?? [];
    const download = deploySteps.find(
      (s) => s.uses?.startsWith('actions/download-artifact@') && s.with?.path === 'ops',
    );
    expect(download?.with?.name).toBe(upload?.with?.name);
    // Each command runs with plain node from that folder (cdk.json beside it), and is one the bundle writes.
    const nodeRuns = deploySteps.filter((s) => /^node /m.test(s.run ?? ''));
    expect(nodeRuns.length).toBe(3);
    for (const step of nodeRuns) {
      expect(step['working-directory'], step.name).toBe('ops');
      const file = /^node (\S+)/m.exec(step.run ?? '')?.[1] ?? '';
      expect(Object.keys(DEPLOY_JOB_COMMANDS), step.name).toContain(file);
    }
  });

  it('records the live aliases, deploys, runs the smoke checks, and rolls back only when they fail', () => {
    const steps = deploy.jobs.deploy?.steps ?? [];
    const index = (test: (s: Step) => boolean, what: string) => {
      const at = steps.findIndex(test);
      expect(at, what).toBeGreaterThan(-1);
      return at;
    };
    const snapshot = index(
      (s) => /^node release-snapshot\.mjs --stage "\$STAGE" --out (\S+)/.test(s.run ?? ''),
      'snapshot',
    );
    const cdkDeploy = index((s) => s.run?.includes('cdk" deploy') === true, 'deploy');
    const smoke = index((s) => s.run === 'node smoke.mjs --stage "$STAGE"', 'smoke');
    const rollback = index((s) => /^node release-rollback\.mjs --stage "\$STAGE" --to /.test(s.run ?? ''), 'rollback');
    expect([snapshot, cdkDeploy, smoke, rollback]).toEqual(
      [...[snapshot, cdkDeploy, smoke, rollback]].sort((a, b) => a - b),
    );
    // The file the snapshot writes is the one the rollback reads.
    const out = /--out (\S+)/.exec(steps[snapshot]?.run ?? '')?.[1];
    expect(steps[rollback]?.run).toContain(`--to ${out}`);
    expect(steps[smoke]?.id).toBe('smoke');
    expect(steps[smoke]?.['timeout-minutes']).toBeLessThanOrEqual(10);
    expect(steps[rollback]?.if).toBe(expression("failure() && steps.smoke.outcome == 'failure'"));
    // Which credentials each step runs with: the last configure-aws-credentials before it.
    const roleBefore = (at: number) =>
      String(
        steps
          .slice(0, at)
          .filter((s) => s.uses?.startsWith(CREDENTIALS_ACTION))
          .at(-1)?.with?.['role-to-assume'],
      );
    const release = `:role/${releaseRoleName(STAGE_INPUT)}`;
    expect(roleBefore(snapshot).endsWith(release)).toBe(true);
    expect(roleBefore(cdkDeploy)).toBe(expression('vars.AWS_DEPLOY_ROLE_ARN'));
    expect(roleBefore(smoke).endsWith(release)).toBe(true);
    expect(roleBefore(rollback).endsWith(release)).toBe(true);
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
      const all = job.steps?.filter((s) => s.uses?.startsWith(CREDENTIALS_ACTION)) ?? [];
      expect(all.length, name).toBeGreaterThan(0);
      for (const credentials of all) {
        const seconds = Number(credentials.with?.['role-duration-seconds']);
        expect(seconds, name).toBeGreaterThanOrEqual(900); // STS's minimum
        expect(seconds, name).toBeLessThanOrEqual((job['timeout-minutes'] ?? 360) * 60);
        expect(credentials.with?.['allowed-account-ids'], name).toBe(expression('needs.build.outputs.account'));
      }
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
