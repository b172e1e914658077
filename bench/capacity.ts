/**
 * Capacity past one machine, projected from what the benchmark measured: each counted call's writes per partition
 * (table and GSI1, in write units) and read units (ddb-requests-per-call.ts), times the activity profile
 * (shared/capacity-profile.ts), give each partition's writes a second at the peak — against DynamoDB's limit of 1,000
 * WCU/s per partition — and the month's DynamoDB bill on demand.
 */

import type { Activity, ProfiledCall } from '#shared/capacity-profile';
import { DIRECTORY_SHARDS } from '../functions/store/keys';
import { FIXED, UNIT_PRICES } from './bill';
import { type Index, partitionClass } from './capacity-units';
import type { CallCapacity } from './ddb-requests-per-call';

/** DynamoDB's write throughput of one partition (and so of one partition key), table or index. */
export const PARTITION_WCU_LIMIT = 1000;

/**
 * DynamoDB's on-demand prices in the stage's Region (eu-central-1), Standard table class, in USD: the bill's unit
 * prices (bench/bill.ts), one table for both. The free tier (25 GB) is left out: at these sizes it is noise.
 */
export const PRICES = {
  perMillionWriteUnits: UNIT_PRICES.dynamoWrites.usd,
  perMillionReadUnits: UNIT_PRICES.dynamoReads.usd,
  storagePerGbMonth: UNIT_PRICES.dynamoStorage.usd,
  /** Continuous backups (PITR, on in infra/constructs/data.ts), per GB of table and indexes a month. */
  pitrPerGbMonth: UNIT_PRICES.dynamoPitr.usd,
  /** AWS Backup's daily recovery points, each a full copy, per GB a month: all of them that are kept. */
  backupPerGbMonth: UNIT_PRICES.backupStorage.usd * FIXED.backupRecoveryPoints,
} as const;

const SECONDS_PER_MONTH = 30 * 24 * 3600;

/** What one call of a route costs, summed by partition class. */
export interface RouteCapacity {
  route: string;
  /** Write units per call by `index partitionClass` (API and the consumers it set off). */
  writeUnits: Map<string, { index: Index; partition: string; units: number }>;
  readUnits: number;
}

export function routeCapacity(route: string, measured: CallCapacity): RouteCapacity {
  const writeUnits = new Map<string, { index: Index; partition: string; units: number }>();
  for (const w of measured.writes) {
    const partition = partitionClass(w.partition);
    const id = `${w.index} ${partition}`;
    const entry = writeUnits.get(id) ?? { index: w.index, partition, units: 0 };
    entry.units += w.units;
    writeUnits.set(id, entry);
  }
  return { route, writeUnits, readUnits: measured.readUnits.api + measured.readUnits.consumers };
}

/** How many keys share a partition class's load: one per active founder, one per shard, else one key for all. */
export function keysSharing(partition: string, activeFounders: number): number {
  if (partition === 'USER#<founder>') return Math.max(1, activeFounders);
  if (partition === 'DIRECTORY#<shard>') return DIRECTORY_SHARDS;
  return 1;
}

export interface PartitionLoad {
  index: Index;
  partition: string;
  /** Peak write units a second on the busiest key of this class. */
  wcuPerSecond: number;
  /** Of PARTITION_WCU_LIMIT. */
  share: number;
}

export interface Projection {
  founders: number;
  activeFounders: number;
  activeCoaches: number;
  /** Every partition class written, busiest first. */
  partitions: PartitionLoad[];
  /** Calls of the profile the benchmark did not measure (left out of the figures). */
  missing: string[];
  monthly: { writeUnits: number; readUnits: number; storageGb: number; costUsd: CostBreakdown };
}

export interface CostBreakdown {
  writes: number;
  reads: number;
  storage: number;
  pitr: number;
  backup: number;
  total: number;
}

export function project(
  founders: number,
  activity: Activity,
  profile: readonly ProfiledCall[],
  measured: ReadonlyMap<string, RouteCapacity>,
): Projection {
  const activeFounders = founders * activity.peakActiveFounderShare;
  const activeCoaches = founders * activity.coachesPerFounder * activity.peakActiveCoachShare;
  const loads = new Map<string, PartitionLoad>();
  let writeUnitsPerSecond = 0;
  let readUnitsPerSecond = 0;
  const missing: string[] = [];
  for (const call of profile) {
    const route = measured.get(call.route);
    if (!route) {
      missing.push(call.route);
      continue;
    }
    const callsPerSecond = ((call.who === 'founder' ? activeFounders : activeCoaches) * call.perMinute) / 60;
    readUnitsPerSecond += callsPerSecond * route.readUnits;
    for (const [id, w] of route.writeUnits) {
      writeUnitsPerSecond += callsPerSecond * w.units;
      const load = loads.get(id) ?? { index: w.index, partition: w.partition, wcuPerSecond: 0, share: 0 };
      load.wcuPerSecond += (callsPerSecond * w.units) / keysSharing(w.partition, activeFounders);
      load.share = load.wcuPerSecond / PARTITION_WCU_LIMIT;
      loads.set(id, load);
    }
  }
  const average = SECONDS_PER_MONTH * activity.averageToPeak;
  const writeUnits = writeUnitsPerSecond * average;
  const readUnits = readUnitsPerSecond * average;
  const storageGb = (founders * activity.storageKbPerFounder) / (1024 * 1024);
  const cost = {
    writes: (writeUnits / 1e6) * PRICES.perMillionWriteUnits,
    reads: (readUnits / 1e6) * PRICES.perMillionReadUnits,
    storage: storageGb * PRICES.storagePerGbMonth,
    pitr: storageGb * PRICES.pitrPerGbMonth,
    backup: storageGb * PRICES.backupPerGbMonth,
  };
  return {
    founders,
    activeFounders,
    activeCoaches,
    partitions: [...loads.values()].sort((a, b) => b.wcuPerSecond - a.wcuPerSecond),
    missing,
    monthly: {
      writeUnits,
      readUnits,
      storageGb,
      costUsd: { ...cost, total: cost.writes + cost.reads + cost.storage + cost.pitr + cost.backup },
    },
  };
}
