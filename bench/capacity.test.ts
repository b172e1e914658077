import { describe, expect, it } from 'vitest';
import type { Activity, ProfiledCall } from '#shared/capacity-profile';
import { DIRECTORY_SHARDS } from '../functions/store/keys';
import { PARTITION_WCU_LIMIT, PRICES, project, routeCapacity } from './capacity';
import {
  itemBytes,
  itemWrite,
  partitionClass,
  plainItemBytes,
  readUnits,
  type WireItem,
  writeUnits,
} from './capacity-units';

const s = (value: string) => ({ S: value });

describe('item sizes and units, by DynamoDB rules', () => {
  it('sizes an item as its names and values', () => {
    expect(itemBytes({ PK: s('USER#a') })).toBe(2 + 6);
    // 3 significant digits: two to a byte, plus one.
    expect(itemBytes({ n: { N: '123' } })).toBe(1 + 3);
    expect(itemBytes({ n: { N: '1000' } })).toBe(1 + 2);
    expect(itemBytes({ b: { BOOL: true }, z: { NULL: true } })).toBe(2 + 2);
    // A map: 3 bytes, plus per element one byte, its name and its value.
    expect(itemBytes({ m: { M: { a: s('xy') } } })).toBe(1 + 3 + 1 + 1 + 2);
    expect(itemBytes({ l: { L: [s('x'), s('yz')] } })).toBe(1 + 3 + 1 + 1 + 1 + 2);
    expect(itemBytes({ t: { SS: ['ab', 'c'] } })).toBe(1 + 3);
    expect(itemBytes(undefined)).toBe(0);
  });

  it('sizes an unmarshalled item (what reads hand back) the same as its wire form', () => {
    const wire: WireItem = {
      PK: s('USER#a'),
      n: { N: '123' },
      b: { BOOL: false },
      z: { NULL: true },
      m: { M: { a: s('xy'), l: { L: [s('x'), { N: '7' }] } } },
      t: { SS: ['ab', 'c'] },
    };
    const plain = { PK: 'USER#a', n: 123, b: false, z: null, m: { a: 'xy', l: ['x', 7] }, t: new Set(['ab', 'c']) };
    expect(plainItemBytes(plain)).toBe(itemBytes(wire));
    expect(plainItemBytes(undefined)).toBe(0);
  });

  it('rounds writes up to 1 KB and reads up to 4 KB, half for eventually consistent', () => {
    expect([writeUnits(0), writeUnits(1024), writeUnits(1025), writeUnits(3000)]).toEqual([1, 1, 2, 3]);
    expect([readUnits(0, true), readUnits(4096, true), readUnits(4097, true)]).toEqual([1, 1, 2]);
    expect([readUnits(100, false), readUnits(8192, false)]).toEqual([0.5, 1]);
  });
});

describe('the partitions a write touches', () => {
  const big = (extra: WireItem = {}): WireItem => ({ PK: s('USER#a'), SK: s('X'), pad: s('x'.repeat(2500)), ...extra });
  const gsi = (pk: string, sk: string): WireItem => ({ GSI1PK: s(pk), GSI1SK: s(sk) });

  it('costs the larger of the item before and after, twice in a transaction', () => {
    expect(itemWrite({ PK: 'USER#a' }, undefined, { PK: s('USER#a') }, false)).toEqual([
      { index: 'table', partition: 'USER#a', units: 1 },
    ]);
    expect(itemWrite({ PK: 'USER#a' }, big(), { PK: s('USER#a') }, true)).toEqual([
      { index: 'table', partition: 'USER#a', units: 6 },
    ]);
  });

  it('writes GSI1 once when its keys stay, out and in when they move, never twice for a transaction', () => {
    const item = (pk: string, sk: string) => ({ PK: s('USER#a'), SK: s('DIRECTORY'), ...gsi(pk, sk) });
    expect(itemWrite({ PK: 'USER#a' }, item('D#1', 'a'), item('D#1', 'a'), true)).toEqual([
      { index: 'table', partition: 'USER#a', units: 2 },
      { index: 'GSI1', partition: 'D#1', units: 1 },
    ]);
    expect(itemWrite({ PK: 'USER#a' }, item('D#1', 'a'), item('D#1', 'b'), false)).toEqual([
      { index: 'table', partition: 'USER#a', units: 1 },
      { index: 'GSI1', partition: 'D#1', units: 1 },
      { index: 'GSI1', partition: 'D#1', units: 1 },
    ]);
    expect(itemWrite({ PK: 'USER#a' }, item('OPEN', 'a'), { PK: s('USER#a') }, false)).toEqual([
      { index: 'table', partition: 'USER#a', units: 1 },
      { index: 'GSI1', partition: 'OPEN', units: 1 },
    ]);
  });

  it('bills a condition check (the same item before and after) on the table only', () => {
    const item = { PK: s('QUESTIONS#trigger'), ...gsi('X', 'y') };
    expect(itemWrite({ PK: 'QUESTIONS#trigger' }, item, item, true)).toEqual([
      { index: 'table', partition: 'QUESTIONS#trigger', units: 2 },
    ]);
  });

  it("collapses founders' partitions and directory shards, and keeps shared keys as they are", () => {
    expect(partitionClass('USER#8f3c')).toBe('USER#<founder>');
    expect(partitionClass('DIRECTORY#07')).toBe('DIRECTORY#<shard>');
    expect(partitionClass('DIRECTORY')).toBe('DIRECTORY');
    expect(partitionClass('STATS')).toBe('STATS');
  });
});

describe('the projection', () => {
  const activity: Activity = {
    peakActiveFounderShare: 0.03,
    coachesPerFounder: 1 / 200,
    peakActiveCoachShare: 0.2,
    averageToPeak: 0.25,
    signUpsPerDayShare: 0.005,
    storageKbPerFounder: 150,
    monthlyActiveShare: 0.5,
    dataRoomMbPerFounder: 20,
    emailsPerJourney: 12,
  };
  const profile: ProfiledCall[] = [
    { id: 'journey.saveAnswer', route: 'save', who: 'founder', perMinute: 1, why: '' },
    { id: 'review.unlock', route: 'unlock', who: 'coach', perMinute: 1, why: '' },
    { id: 'accounts.me', route: 'not measured', who: 'founder', perMinute: 1, why: '' },
  ];
  const measured = new Map([
    [
      'save',
      routeCapacity('save', {
        writes: [
          { origin: 'api', index: 'table', partition: 'USER#a', units: 2 },
          { origin: 'api', index: 'table', partition: 'USER#a', units: 2 },
          { origin: 'api', index: 'GSI1', partition: 'DIRECTORY#03', units: 1 },
          { origin: 'api', index: 'GSI1', partition: 'DIRECTORY#03', units: 1 },
        ],
        readUnits: { api: 3, consumers: 1 },
      }),
    ],
    [
      'unlock',
      routeCapacity('unlock', {
        writes: [{ origin: 'api', index: 'table', partition: 'STATS', units: 4 }],
        readUnits: { api: 2, consumers: 0 },
      }),
    ],
  ]);

  it("puts each class's peak load on its busiest key: a founder's own, one shard of the directory, a shared key", () => {
    const p = project(1_000_000, activity, profile, measured);
    // 30,000 active founders saving once a minute: 500 saves a second; 1,000 active coaches: 16.7 unlocks a second.
    expect(p.activeFounders).toBe(30_000);
    expect(p.activeCoaches).toBeCloseTo(1000, 6);
    const load = (partition: string) => p.partitions.find((l) => l.partition === partition)?.wcuPerSecond;
    expect(load('DIRECTORY#<shard>')).toBeCloseTo((500 * 2) / DIRECTORY_SHARDS, 6);
    expect(load('USER#<founder>')).toBeCloseTo((500 * 4) / 30_000, 6);
    expect(load('STATS')).toBeCloseTo((1000 / 60) * 4, 6);
    expect(p.partitions[0]?.partition).toBe('STATS');
    expect(p.partitions[0]?.share).toBeCloseTo(((1000 / 60) * 4) / PARTITION_WCU_LIMIT, 9);
    expect(p.missing).toEqual(['not measured']);
  });

  it("prices the month's units at the average load, and storage, PITR and the 35 daily backups per GB", () => {
    const p = project(100_000, activity, profile, measured);
    const month = 30 * 24 * 3600 * 0.25;
    const saves = (3000 * 1) / 60;
    const unlocks = (100 * 1) / 60;
    expect(p.monthly.writeUnits).toBeCloseTo((saves * 6 + unlocks * 4) * month, 3);
    expect(p.monthly.readUnits).toBeCloseTo((saves * 4 + unlocks * 2) * month, 3);
    const gb = (100_000 * 150) / 1024 / 1024;
    expect(p.monthly.storageGb).toBeCloseTo(gb, 9);
    const c = p.monthly.costUsd;
    expect(c.writes).toBeCloseTo((p.monthly.writeUnits / 1e6) * PRICES.perMillionWriteUnits, 6);
    expect(c.reads).toBeCloseTo((p.monthly.readUnits / 1e6) * PRICES.perMillionReadUnits, 6);
    // eu-central-1's prices, and AWS Backup's 35 daily full copies.
    expect(c.storage + c.pitr + c.backup).toBeCloseTo(gb * (0.306 + 0.2448 + 35 * 0.1224), 6);
    expect(c.total).toBeCloseTo(c.writes + c.reads + c.storage + c.pitr + c.backup, 6);
  });
});
