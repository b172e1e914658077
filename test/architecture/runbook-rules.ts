/**
 * The rules a runbook command must pass to run as typed, checked against the things that decide it rather than a
 * copied list: the CDK CLI's own command table (aws-cdk's cli-type-registry.json), package.json's scripts, the flags
 * each of our ops scripts' `parseArgs` accepts (read from its source), the stages of cdk.json, and the variables the
 * document sets before the command.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { parseShell, type SimpleCommand } from './runbook-shell';

interface CdkOption {
  readonly type: string;
  readonly alias?: string | readonly string[];
}
interface CdkCommand {
  readonly aliases?: readonly string[];
  readonly options?: Record<string, CdkOption>;
  readonly arg?: { readonly name: string };
}
export interface CdkRegistry {
  readonly globalOptions: Record<string, CdkOption>;
  readonly commands: Record<string, CdkCommand>;
}

export interface RunbookContext {
  readonly root: string;
  readonly scripts: Readonly<Record<string, string>>;
  readonly stages: readonly string[];
  readonly cdk: CdkRegistry;
}

export function repoContext(root: string): RunbookContext {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const cdkJson = JSON.parse(readFileSync(join(root, 'cdk.json'), 'utf8')) as { context: { stages: object } };
  const require = createRequire(join(root, 'package.json'));
  const registryPath = join(dirname(require.resolve('aws-cdk/package.json')), 'lib/cli/cli-type-registry.json');
  return {
    root,
    scripts: pkg.scripts,
    stages: Object.keys(cdkJson.context.stages),
    cdk: JSON.parse(readFileSync(registryPath, 'utf8')) as CdkRegistry,
  };
}

/** Variables every shell has; anything else the runbook uses, it sets first. */
const SHELL_VARIABLES = new Set([
  'HOME',
  'PATH',
  'PWD',
  'OLDPWD',
  'USER',
  'LOGNAME',
  'SHELL',
  'TMPDIR',
  'LANG',
  'TERM',
  'HOSTNAME',
  'RANDOM',
  'SECONDS',
  'LINENO',
  'UID',
  'EUID',
  'PPID',
  'IFS',
]);

/** Builtins run inside the shell: a secret they expand is no process's argument. */
const BUILTINS = new Set(['printf', 'echo', 'test', '[', 'read', 'unset', 'export', ':']);
/** Options whose value is a secret: only `file://…` (standard input, a file) keeps it out of the arguments. */
const SECRET_OPTIONS = /^--(password|secret-string|secret-binary|client-secret|private-key)$/;

/** Words that open a compound command; the command proper follows them. */
const KEYWORDS = new Set(['do', 'then', 'else', 'elif', 'if', 'while', 'until', '!', 'time', '{', 'done', 'fi']);

/**
 * A CDK command that names stacks or environments resolves them in the app (cdk-toolkit's selectStacks, and
 * defineEnvironments for bootstrap and gc even when environments are given): the CLI synthesizes the app first.
 */
const SYNTHESIZING_ARGS = new Set(['STACK', 'STACKS', 'ENVIRONMENTS']);
/** These select only a single stack by default; a stage is more than one, so they need `--all` or stack names. */
const SINGLE_STACK_DEFAULT = new Set(['deploy', 'destroy', 'watch']);

interface ParsedCdk {
  command?: string;
  positionals: string[];
  options: { name: string; value?: string }[];
}

function cdkOptionNamed(options: Record<string, CdkOption>, token: string): [string, CdkOption] | undefined {
  for (const [name, option] of Object.entries(options)) {
    const aliases = option.alias === undefined ? [] : [option.alias].flat();
    if (name === token || aliases.includes(token)) return [name, option];
  }
  return undefined;
}

/** Problems of one `cdk …` command line (its words after `cdk`). */
export function cdkProblems(args: readonly string[], ctx: RunbookContext): string[] {
  const { cdk } = ctx;
  const problems: string[] = [];
  const parsed: ParsedCdk = { positionals: [], options: [] };
  const pendingOptions: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const token = args[i] as string;
    if (!token.startsWith('-')) {
      if (parsed.command === undefined) {
        const name = Object.entries(cdk.commands).find(([n, c]) => n === token || c.aliases?.includes(token))?.[0];
        if (!name) return [`cdk has no command "${token}"`];
        parsed.command = name;
      } else parsed.positionals.push(token);
      continue;
    }
    const long = token.startsWith('--');
    const [rawName, inlineValue] = token.replace(/^--?/, '').split(/=(.*)/s);
    const name = rawName as string;
    pendingOptions.push(name);
    const known =
      cdkOptionNamed(cdk.globalOptions, name) ??
      Object.values(cdk.commands)
        .map((c) => cdkOptionNamed(c.options ?? {}, name))
        .find(Boolean) ??
      (long && name.startsWith('no-') ? cdkOptionNamed(cdk.globalOptions, name.slice(3)) : undefined);
    const takesValue = known ? known[1].type !== 'boolean' : false;
    let value = inlineValue;
    if (value === undefined && takesValue) {
      i += 1;
      value = args[i];
    }
    parsed.options.push({ name: known?.[0] ?? name, ...(value === undefined ? {} : { value }) });
  }
  if (!parsed.command) return ['cdk without a command'];
  const command = cdk.commands[parsed.command] as CdkCommand;
  for (const name of pendingOptions) {
    const plain = name.startsWith('no-') ? name.slice(3) : name;
    if (!cdkOptionNamed(cdk.globalOptions, plain) && !cdkOptionNamed(command.options ?? {}, plain)) {
      problems.push(`cdk ${parsed.command} has no option ${name.length === 1 ? '-' : '--'}${name}`);
    }
  }
  const ownApp = parsed.options.some((o) => o.name === 'app');
  if (ownApp) return problems;
  if (command.arg && SYNTHESIZING_ARGS.has(command.arg.name)) {
    const stage = parsed.options
      .filter((o) => o.name === 'context')
      .map((o) => /^stage=(.*)$/.exec(o.value ?? '')?.[1])
      .find((v) => v !== undefined);
    if (stage === undefined) {
      problems.push(
        `cdk ${parsed.command} synthesizes the app, which refuses without -c stage=<name> (infra/stages.ts)`,
      );
    } else if (!stage.startsWith('$') && !ctx.stages.includes(stage)) {
      problems.push(`-c stage=${stage} names no stage of cdk.json (${ctx.stages.join(', ')})`);
    }
  }
  if (
    SINGLE_STACK_DEFAULT.has(parsed.command) &&
    parsed.positionals.length === 0 &&
    !parsed.options.some((o) => o.name === 'all')
  ) {
    problems.push(`cdk ${parsed.command} of a stage needs --all or stack names (the stage has several stacks)`);
  }
  return problems;
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.(ts|js)$/, '');
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * The flags a script accepts: the `options` of every `parseArgs` call in the entry file and the project files it
 * imports (null when none calls it: the script reads its arguments in a way this test cannot check).
 */
export function scriptFlags(entry: string, root: string): Set<string> | null {
  const key = `${root}\0${entry}`;
  if (!flagsCache.has(key)) flagsCache.set(key, readScriptFlags(entry, root));
  return flagsCache.get(key) ?? null;
}
const flagsCache = new Map<string, Set<string> | null>();

function readScriptFlags(entry: string, root: string): Set<string> | null {
  const seen = new Set<string>();
  const flags = new Set<string>();
  let parsers = 0;
  const visit = (file: string) => {
    if (seen.has(file) || !file.startsWith(root) || file.includes('node_modules')) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const walk = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveImport(file, node.moduleSpecifier.text);
        if (target) visit(target);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'parseArgs') {
        const config = node.arguments[0];
        const options =
          config && ts.isObjectLiteralExpression(config)
            ? config.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'options')
            : undefined;
        if (options && ts.isPropertyAssignment(options) && ts.isObjectLiteralExpression(options.initializer)) {
          parsers += 1;
          for (const property of options.initializer.properties) {
            if (!property.name) continue;
            const flag = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : '';
            flags.add(`--${flag}`);
            if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer)) {
              const short = property.initializer.properties.find(
                (p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'short',
              );
              if (short && ts.isPropertyAssignment(short) && ts.isStringLiteral(short.initializer)) {
                flags.add(`-${short.initializer.text}`);
              }
            }
          }
        }
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
  };
  visit(entry);
  return parsers > 0 ? flags : null;
}

/** Problems of `npm run <script> [-- args]` (its words after `run`). */
export function npmRunProblems(args: readonly string[], ctx: RunbookContext): string[] {
  const [name, ...rest] = args;
  if (!name) return ['npm run without a script name'];
  const body = ctx.scripts[name];
  if (body === undefined) return [`package.json has no script "${name}"`];
  const dashes = rest.indexOf('--');
  const beforeDashes = dashes < 0 ? rest : rest.slice(0, dashes);
  const problems = beforeDashes
    .filter((arg) => arg.startsWith('-'))
    .map((arg) => `npm run ${name} ${arg}: npm takes ${arg} itself; put -- before the script's arguments`);
  const extra = dashes < 0 ? [] : rest.slice(dashes + 1);
  const commands = parseShell(body);
  commands.forEach((command, index) => {
    const argv = index === commands.length - 1 ? [...command.argv, ...extra] : [...command.argv];
    const passed = index === commands.length - 1 ? extra : [];
    if (argv[0] === 'cdk') problems.push(...cdkProblems(argv.slice(1), ctx));
    if (argv[0] === 'tsx' && argv[1] && passed.length > 0) {
      const file = join(ctx.root, argv[1]);
      const accepted = scriptFlags(file, ctx.root);
      for (const arg of passed
        .map((a) => a.replace(/^\[(.*)\]$/, '$1'))
        .filter((a) => /^-\w/.test(a) || /^--\w/.test(a))) {
        const flag = arg.split('=')[0] as string;
        if (!accepted) problems.push(`${relative(ctx.root, file)} has no parseArgs to take ${flag}`);
        else if (!accepted.has(flag)) {
          problems.push(
            `npm run ${name}: ${relative(ctx.root, file)} accepts ${[...accepted].join(', ')}, not ${flag}`,
          );
        }
      }
    }
  });
  return problems;
}

/** The command proper: past keywords of a compound command. */
const commandWords = (command: SimpleCommand): readonly string[] => {
  let at = 0;
  while (at < command.argv.length && KEYWORDS.has(command.argv[at] as string)) at += 1;
  return command.argv.slice(at);
};

/** A secret (a variable read at a hidden prompt, or a secret option's value) that would be a process's argument. */
function secretProblems(command: SimpleCommand, argv: readonly string[], secrets: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const builtin = BUILTINS.has(argv[0] ?? '');
  for (const name of command.uses) {
    if (secrets.has(name) && !builtin) {
      problems.push(`$${name} (read at a hidden prompt) is an argument of ${argv[0] ?? 'a command'}: feed it on stdin`);
    }
  }
  argv.forEach((word, i) => {
    const [flag, inline] = word.split(/=(.*)/s);
    if (!SECRET_OPTIONS.test(flag ?? '')) return;
    const value = inline ?? argv[i + 1] ?? '';
    if (!/^fileb?:\/\//.test(value)) problems.push(`${flag} takes a secret as an argument: pass file:///dev/stdin`);
  });
  return problems;
}

/** What a command sets in the shell for the commands after it, and what it unsets. */
function definitions(command: SimpleCommand, argv: readonly string[]): { set: string[]; unset: string[] } {
  if (argv.length === 0) return { set: [...command.assigns], unset: [] };
  const [head, ...rest] = argv;
  const names = (words: readonly string[]) =>
    words.map((w) => /^([A-Za-z_]\w*)(=|$)/.exec(w)?.[1]).filter((n): n is string => n !== undefined);
  switch (head) {
    case 'export':
    case 'readonly':
    case 'declare':
    case 'local':
      return { set: names(rest.filter((w) => !w.startsWith('-'))), unset: [] };
    case 'read': {
      const set: string[] = [];
      for (let i = 0; i < rest.length; i += 1) {
        const word = rest[i] as string;
        if (/^-[a-zA-Z]*[pdtnNua]$/.test(word)) i += 1;
        else if (!word.startsWith('-')) set.push(...names([word]));
      }
      return { set, unset: [] };
    }
    case 'for':
      return { set: names(rest.slice(0, 1)), unset: [] };
    case 'unset':
      return { set: [], unset: names(rest.filter((w) => !w.startsWith('-'))) };
    default:
      return { set: [], unset: [] };
  }
}

/** The CLI and script rules of one command (no variable rule). */
export function commandProblems(argv: readonly string[], ctx: RunbookContext): string[] {
  if (argv[0] === 'npx' && argv[1] === 'cdk') return cdkProblems(argv.slice(2), ctx);
  if (argv[0] === 'npm' && argv[1] === 'run') return npmRunProblems(argv.slice(2), ctx);
  return [];
}

interface Block {
  readonly text: string;
  readonly line: number;
  /** The session whose shell runs it: `setup`, `day` (the day-to-day intro), `day:<heading>`, `other:<heading>`. */
  readonly session: string;
}

const SHELL_FENCE = /^(\s*)```(sh|bash|shell|zsh)\s*$/;
const ANY_FENCE = /^\s*```/;

/**
 * The runbook's shell blocks and its inline `npx cdk …`/`npm run …` spans. The setup (up to "Day to day") is typed
 * in one shell, in order; each task under "Day to day" starts from a new shell that has run step 0 (the first
 * section) and the day-to-day section's own introduction.
 */
export function readRunbook(markdown: string): { blocks: Block[]; inline: { text: string; line: number }[] } {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  const inline: { text: string; line: number }[] = [];
  let phase: 'setup' | 'day' | 'after' = 'setup';
  let session = 'setup';
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const h2 = /^## (.*)/.exec(line)?.[1];
    const h3 = /^### (.*)/.exec(line)?.[1];
    if (h2 !== undefined && /^day to day/i.test(h2)) [phase, session] = ['day', 'day'];
    else if (h2 !== undefined && phase !== 'setup') [phase, session] = ['after', `other:${h2}`];
    else if (h3 !== undefined && phase !== 'setup') session = `${phase === 'day' ? 'day' : 'other'}:${h3}`;
    const fence = SHELL_FENCE.exec(line);
    if (fence) {
      const indent = (fence[1] as string).length;
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !/^\s*```\s*$/.test(lines[j] as string)) {
        body.push((lines[j] as string).slice(indent));
        j += 1;
      }
      blocks.push({ text: body.join('\n'), line: i + 2, session });
      i = j;
      continue;
    }
    if (ANY_FENCE.test(line)) {
      let j = i + 1;
      while (j < lines.length && !ANY_FENCE.test(lines[j] as string)) j += 1;
      i = j;
      continue;
    }
    for (const match of line.matchAll(/`([^`]+)`/g)) {
      const text = match[1] as string;
      if (/^(npx cdk|npm run) /.test(text)) inline.push({ text, line: i + 1 });
    }
  }
  return { blocks, inline };
}

/** Every problem of the runbook, each with its line. */
export function runbookProblems(markdown: string, ctx: RunbookContext): string[] {
  const { blocks, inline } = readRunbook(markdown);
  const problems: string[] = [];
  const firstSection = new Set<string>();
  const dayIntro = new Set<string>();
  // Step 0: the lines from the first `## ` heading to the next.
  const headings = markdown.split('\n').flatMap((l, i) => (/^## /.test(l) ? [i + 1] : []));
  const [firstStart = 0, firstEnd = Number.POSITIVE_INFINITY] = headings;
  let env = new Set<string>();
  const secrets = new Set<string>();
  let current = '';
  for (const block of blocks) {
    if (block.session !== current) {
      current = block.session;
      if (block.session !== 'setup') {
        env = new Set([...firstSection, ...(block.session.startsWith('day') ? dayIntro : [])]);
      }
    }
    for (const command of parseShell(block.text, block.line)) {
      const argv = commandWords(command);
      for (const name of command.uses) {
        if (!env.has(name) && !SHELL_VARIABLES.has(name)) {
          problems.push(`line ${command.line}: $${name} is used before anything in its section or step 0 sets it`);
        }
      }
      problems.push(...secretProblems(command, argv, secrets).map((p) => `line ${command.line}: ${p}`));
      const { set, unset } = definitions(command, argv);
      if (argv[0] === 'read' && argv.some((w) => /^-[a-zA-Z]*s/.test(w))) for (const name of set) secrets.add(name);
      for (const name of set) {
        env.add(name);
        if (block.line > firstStart && block.line < firstEnd) firstSection.add(name);
        if (block.session === 'day') dayIntro.add(name);
      }
      for (const name of unset) env.delete(name);
      problems.push(...commandProblems(argv, ctx).map((p) => `line ${command.line}: ${p}`));
    }
  }
  for (const span of inline) {
    for (const command of parseShell(span.text, span.line)) {
      problems.push(...commandProblems(commandWords(command), ctx).map((p) => `line ${span.line}: ${p}`));
    }
  }
  return problems;
}
