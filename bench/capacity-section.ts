/** The capacity figures as printed tables: what each call writes where, and the projection at 100k and 1M founders. */

import { ACTIVITY, CAPACITY_SCALES, PROFILE } from '#shared/capacity-profile';
import { type CapacityPlan, capacityPlan, RESERVED_AREAS, totalReserved } from '../infra/capacity-model';
import { LAMBDA_UNRESERVED_MINIMUM } from '../infra/quotas';
import { BILL_SCALES, usd as billUsd, DYNAMODB_UNITS_PER_FOUNDER_MONTH, monthlyBill, PROD_BILL } from './bill';
import { BUDGETS } from './budgets';
import { PARTITION_WCU_LIMIT, PRICES, type Projection, project, routeCapacity } from './capacity';
import type { CallCapacity } from './ddb-requests-per-call';
import { round } from './report';
import type { Section } from './sections';

export interface MeasuredCall {
  route: string;
  capacity: CallCapacity;
}

const pct = (share: number) => `${round(share * 100)} %`;
const usd = (n: number) => `$${n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2)}`;

/** `USER#<founder> 3 WCU, STATS 4 WCU` for one index, the consumers' part apart. */
function describeWrites(capacity: CallCapacity, index: 'table' | 'GSI1', origin: 'api' | 'consumers'): string {
  const mine = writesOf(capacity, index, origin);
  return [...mine.values()].map((w) => `${w.partition} ${w.units} WCU`).join(', ') || '—';
}

function writesOf(capacity: CallCapacity, index: 'table' | 'GSI1', origin: 'api' | 'consumers') {
  const chosen = { ...capacity, writes: capacity.writes.filter((w) => w.index === index && w.origin === origin) };
  return routeCapacity('', chosen).writeUnits;
}

export function partitionWritesSection(calls: readonly MeasuredCall[]): Section {
  return {
    table: {
      title:
        'Partitions each call writes (table PK and GSI1PK; write units per call by DynamoDB rules, items read before and after each write)',
      columns: ['route', 'table', 'GSI1', 'consumers (table; GSI1)', 'read units'],
      rows: calls.map((c) => [
        c.route,
        describeWrites(c.capacity, 'table', 'api'),
        describeWrites(c.capacity, 'GSI1', 'api'),
        c.capacity.writes.some((w) => w.origin === 'consumers')
          ? `${describeWrites(c.capacity, 'table', 'consumers')}; ${describeWrites(c.capacity, 'GSI1', 'consumers')}`
          : '—',
        round(c.capacity.readUnits.api + c.capacity.readUnits.consumers),
      ]),
      notes: [
        "USER#<founder>: the founder's own partition (every founder has one); DIRECTORY#<shard>: one of the directory's shards.",
        'Transactional writes count twice on the table; a GSI1 key that moves writes the index twice (old entry out, new in).',
      ],
    },
    checks: [],
  };
}

export function projections(calls: readonly MeasuredCall[]): Projection[] {
  const measured = new Map(calls.map((c) => [c.route, routeCapacity(c.route, c.capacity)] as const));
  return CAPACITY_SCALES.map((founders) => project(founders, ACTIVITY, PROFILE, measured));
}

export function capacitySection(all: readonly Projection[]): Section {
  const classes = [...new Set(all.flatMap((p) => p.partitions.map((l) => `${l.index} ${l.partition}`)))];
  const at = (p: Projection, id: string) => p.partitions.find((l) => `${l.index} ${l.partition}` === id);
  const largest = all[all.length - 1];
  const hottest = largest?.partitions[0];
  const budget = BUDGETS.hottestPartitionShare;
  const rows: Array<Array<string | number>> = classes
    .sort((a, b) => (largest ? (at(largest, b)?.wcuPerSecond ?? 0) - (at(largest, a)?.wcuPerSecond ?? 0) : 0))
    .map((id) => [id, ...all.flatMap((p) => [round(at(p, id)?.wcuPerSecond ?? 0), pct(at(p, id)?.share ?? 0)])]);
  const cost = (p: Projection) => p.monthly.costUsd;
  return {
    table: {
      title: `Capacity at the peak minute: write units a second on the busiest key of each partition (limit ${PARTITION_WCU_LIMIT} WCU/s per partition)`,
      columns: [
        'index partition',
        ...all.flatMap((p) => [`${p.founders.toLocaleString('en-US')} WCU/s`, '% of limit']),
      ],
      rows,
      notes: [
        ...all.map(
          (p) =>
            `${p.founders.toLocaleString('en-US')} founders: ${Math.round(p.activeFounders).toLocaleString('en-US')} founders and ${Math.round(p.activeCoaches).toLocaleString('en-US')} coaches active at the peak; ` +
            `a month ≈ ${round(p.monthly.writeUnits / 1e6)} M write units, ${round(p.monthly.readUnits / 1e6)} M read units, ${round(p.monthly.storageGb)} GB: ` +
            `${usd(cost(p).total)} (writes ${usd(cost(p).writes)}, reads ${usd(cost(p).reads)}, storage ${usd(cost(p).storage)}, PITR ${usd(cost(p).pitr)}, backup ${usd(cost(p).backup)}).`,
        ),
        `Profile: shared/capacity-profile.ts (docs/capacity.md); prices: on-demand, eu-central-1, $${PRICES.perMillionWriteUnits}/M write units, $${PRICES.perMillionReadUnits}/M read units, ` +
          `$${PRICES.storagePerGbMonth}/GB-month storage, $${PRICES.pitrPerGbMonth}/GB-month PITR, $${round(PRICES.backupPerGbMonth)}/GB-month of table for the 35 daily backups.`,
        ...(largest?.missing.length ? [`Not measured, left out: ${largest.missing.join(', ')}.`] : []),
      ],
    },
    checks: largest
      ? [
          {
            figure: `hottest partition's writes at ${largest.founders.toLocaleString('en-US')} founders (${hottest ? `${hottest.index} ${hottest.partition}` : 'none'})`,
            value: round((hottest?.share ?? 0) * 100),
            unit: '% of 1,000 WCU/s',
            budget: `< ${budget * 100} %`,
            met: (hottest?.share ?? 0) < budget && largest.missing.length === 0,
            ...(largest.missing.length ? { note: `profile routes not measured: ${largest.missing.join(', ')}` } : {}),
          },
        ]
      : [],
  };
}

/**
 * The ceilings beside DynamoDB's: the HTTP API's and the WebSocket's stage throttles, each reserved function's
 * concurrency, Bedrock's rate and the account's Lambda quota, for a stage sized for each scale (infra/capacity-model.ts):
 * the peak's load against each limit.
 */
export function ceilingsSection(scales: readonly number[] = CAPACITY_SCALES): Section {
  const plans = scales.map((founders) => capacityPlan(founders));
  const row = (what: string, load: (p: CapacityPlan) => number, limit: (p: CapacityPlan) => number, unit: string) => [
    what,
    ...plans.flatMap((p) => [`${round(load(p))} / ${limit(p)} ${unit}`, pct(load(p) / limit(p))]),
  ];
  const lambdaQuota = (p: CapacityPlan) =>
    totalReserved(p.reservations) + Math.max(LAMBDA_UNRESERVED_MINIMUM, p.unreservedConcurrency);
  const lambdaPeak = (p: CapacityPlan) =>
    Object.values(p.areas).reduce((sum, load) => sum + load.concurrency, 0) +
    p.bedrock.concurrency -
    p.areas.ai.concurrency;
  return {
    table: {
      title:
        'Ceilings at the peak minute: the load of a stage sized for each scale (expectedFounders) against its limits',
      columns: [
        'ceiling',
        ...plans.flatMap((p) => [`${p.founders.toLocaleString('en-US')}: peak / limit`, '% of limit']),
      ],
      rows: [
        row(
          'HTTP API stage throttle',
          (p) => p.apiRequestsPerSecond,
          (p) => p.apiThrottle.rateLimit,
          'req/s',
        ),
        row(
          'WebSocket stage throttle',
          (p) => p.realtimeRequestsPerSecond,
          (p) => p.realtimeThrottle.rateLimit,
          'req/s',
        ),
        ...RESERVED_AREAS.map((area) =>
          row(
            `Lambda ${area} reserved`,
            (p) => p.areas[area].concurrency,
            (p) => p.reservations[area],
            'executions',
          ),
        ),
        row('Lambda account quota asked for', lambdaPeak, lambdaQuota, 'executions'),
        row(
          'Bedrock requests a minute asked for',
          (p) => p.bedrock.callsPerSecond * 60,
          (p) => p.bedrock.requestsPerMinute,
          '/min',
        ),
      ],
      notes: [
        'Each limit is twice the peak (HEADROOM in infra/capacity-model.ts); the stage throttles burst at twice their rate.',
        "A throttled HTTP request gets API Gateway's 429; a function at its reservation answers 429 through API Gateway as well.",
        'docs/capacity.md gives the founders each ceiling carries and the quota requests (npm run capacity:doc).',
      ],
    },
    checks: [],
  };
}

/** The whole bill at each priced scale, and DynamoDB's measured units against the ones the bill assumes. */
export function costSection(projected: readonly Projection[] = []): Section {
  const bills = BILL_SCALES.map((founders) => monthlyBill(founders, PROD_BILL));
  const largest = bills[bills.length - 1];
  const measured = projected[projected.length - 1];
  const assumedWrites = measured ? measured.founders * DYNAMODB_UNITS_PER_FOUNDER_MONTH.write : 0;
  const drift = measured && assumedWrites > 0 ? measured.monthly.writeUnits / assumedWrites - 1 : null;
  return {
    table: {
      title: 'The whole bill a month on production settings (eu-central-1; Cognito Plus, logs at INFO, 35 backups)',
      columns: [
        'service',
        'what (at the largest scale)',
        ...bills.map((b) => `${b.founders.toLocaleString('en-US')} founders`),
      ],
      rows: [
        ...(largest?.lines ?? []).map((line, i) => [
          line.service,
          line.what,
          ...bills.map((b) => billUsd(b.lines[i]?.usd ?? 0)),
        ]),
        ['total', '', ...bills.map((b) => billUsd(b.total))],
        ['per founder', '', ...bills.map((b) => `$${b.perFounder.toFixed(4)}`)],
      ],
      notes: [
        'Unit prices, sources and what is unverified: UNIT_PRICES in bench/bill.ts (docs/capacity.md, "Unit prices").',
        ...(drift === null
          ? [`DynamoDB units: as measured ${DYNAMODB_UNITS_PER_FOUNDER_MONTH.measured} (run the api part to compare).`]
          : [
              `DynamoDB write units measured now: ${round(measured ? measured.monthly.writeUnits / measured.founders : 0)} a founder a month, ` +
                `${round(drift * 100)} % from the bill's ${DYNAMODB_UNITS_PER_FOUNDER_MONTH.write}` +
                (Math.abs(drift) > 0.1 ? ' — update DYNAMODB_UNITS_PER_FOUNDER_MONTH in bench/bill.ts.' : '.'),
            ]),
      ],
    },
    checks: [],
  };
}
