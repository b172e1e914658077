/**
 * The generated parts of docs/capacity.md: each ceiling and the founders it carries, the quota requests an operator
 * files for each stage of cdk.json, and the whole bill. `npm run capacity:doc` prints them (`-- --write` puts them
 * into the doc between their markers); bench/bill.test.ts fails when the doc and the code part.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Ceiling, capacityPlan, ceilings } from '../infra/capacity-model';
import { needsIncrease, quotaRequestCommand, requiredQuotas } from '../infra/quotas';
import { parseStages, type StageConfig } from '../infra/stages';
import { billTable, UNIT_PRICES } from './bill';

export const DOC_FILE = new URL('../docs/capacity.md', import.meta.url);

/** Account-level defaults the stage's ceilings sit under (docs/capacity.md cites them). */
export const ACCOUNT_DEFAULTS = {
  apiRequestsPerSecond: 10_000,
  websocketConnectsPerSecond: 500,
  lambdaConcurrency: 1_000,
  newAccountLambdaConcurrency: 10,
} as const;

const founders = (n: number) => Math.round(n).toLocaleString('en-US');

/** Each ceiling at the stage sizes the doc compares, and what today's fixed numbers carried before. */
export function ceilingsTable(): string {
  const sizes = [100_000, 1_000_000] as const;
  const byWhat = new Map<string, Ceiling[]>();
  for (const size of sizes) {
    const plan = capacityPlan(size);
    for (const c of ceilings({
      apiThrottle: plan.apiThrottle,
      realtimeThrottle: plan.realtimeThrottle,
      reservations: plan.reservations,
      bedrockRequestsPerMinute: plan.bedrock.requestsPerMinute,
    })) {
      byWhat.set(c.what, [...(byWhat.get(c.what) ?? []), c]);
    }
  }
  const unit = capacityPlan(1_000_000);
  const perFounder = (n: number) => n / unit.founders;
  const account = [
    `| account: API Gateway's requests a second (HTTP and WebSocket together) | ${ACCOUNT_DEFAULTS.apiRequestsPerSecond.toLocaleString('en-US')}/s | ${founders(ACCOUNT_DEFAULTS.apiRequestsPerSecond / perFounder(unit.apiRequestsPerSecond + unit.realtimeRequestsPerSecond))} | same |`,
    `| account: new WebSocket connections a second | ${ACCOUNT_DEFAULTS.websocketConnectsPerSecond}/s | ${founders(ACCOUNT_DEFAULTS.websocketConnectsPerSecond / perFounder(unit.realtimeConnectsPerSecond))} | same |`,
    ...ceilings({
      apiThrottle: { rateLimit: 50 },
      realtimeThrottle: { rateLimit: 20 },
      reservations: false,
      accountConcurrency: ACCOUNT_DEFAULTS.newAccountLambdaConcurrency,
    })
      .filter((c) => c.what.startsWith('the account'))
      .map(
        (c) =>
          `| new account, \`reservedConcurrency: false\`: ${c.what} | ${c.limit} | ${founders(c.carriesFounders)} | same |`,
      ),
    `| before this change: HTTP API stage throttle fixed at 50 requests/s | 50 requests/s | ${founders(50 / perFounder(unit.apiRequestsPerSecond))} | same |`,
  ];
  const rows = [...byWhat.entries()].map(
    ([what, [small, large]]) =>
      `| ${what} | ${small?.limit ?? ''} / ${large?.limit ?? ''} | ${founders(small?.carriesFounders ?? 0)} | ${founders(large?.carriesFounders ?? 0)} |`,
  );
  return [
    '| ceiling | limit (sized for 100,000 / 1,000,000) | founders it carries, sized for 100,000 | sized for 1,000,000 |',
    '|---|---|---:|---:|',
    ...rows,
    ...account,
  ].join('\n');
}

/**
 * The quota requests of every stage in cdk.json, as commands: each quota the stage needs above AWS's usual default,
 * and the ones a new account (whose defaults start lower) asks for as well, commented out.
 */
export function quotaCommands(stages: readonly StageConfig[]): string {
  return stages
    .map((stage) => {
      const quotas = requiredQuotas(stage);
      const lines = [`# ${stage.name}: sized for ${stage.expectedFounders.toLocaleString('en-US')} founders`];
      for (const q of quotas) {
        if (needsIncrease(q)) lines.push(`# ${q.name}: ${q.why}`, quotaRequestCommand(q));
        else {
          lines.push(
            `# ${q.name}: ${q.needed} (${q.why}) — within the usual ${q.usualDefault}; on a new account check it first:`,
            `#   ${quotaRequestCommand(q)}`,
          );
        }
      }
      return lines.join('\n');
    })
    .join('\n\n');
}

export function pricesTable(): string {
  return [
    '| unit price | USD | per | source |',
    '|---|---:|---|---|',
    ...Object.entries(UNIT_PRICES).map(([name, p]) => `| \`${name}\` | ${p.usd} | ${p.per} | ${p.source} |`),
  ].join('\n');
}

export const GENERATED = {
  ceilings: ceilingsTable,
  quotas: () => {
    const cdk = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
      context: { stages: unknown };
    };
    return `\`\`\`sh\n${quotaCommands(Object.values(parseStages(cdk.context.stages)))}\n\`\`\``;
  },
  bill: () => billTable(),
  prices: pricesTable,
} as const;

/** The doc with every generated block between `<!-- generated:<name> -->` and `<!-- /generated:<name> -->` renewed. */
export function renderDoc(doc: string): string {
  let out = doc;
  for (const [name, render] of Object.entries(GENERATED)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/capacity.md has no ${start} … ${end} block`);
    out = `${out.slice(0, from + start.length)}\n${render()}\n${out.slice(to)}`;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = readFileSync(DOC_FILE, 'utf8');
  const rendered = renderDoc(doc);
  if (process.argv.includes('--write')) writeFileSync(DOC_FILE, rendered);
  else
    process.stdout.write(
      `${Object.values(GENERATED)
        .map((render) => render())
        .join('\n\n')}\n`,
    );
}
