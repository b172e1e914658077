import { describe, expect, it } from 'vitest';
import { percentile } from './latency-stats';
import {
  checkSaves,
  growth,
  parseSoakArgs,
  recovery,
  SOAK_DEFAULTS,
  SoakUsageError,
  saveText,
  seqOf,
} from './soak-figures';

describe('parseSoakArgs', () => {
  it('gives the defaults with no flags', () => {
    expect(parseSoakArgs([])).toEqual(SOAK_DEFAULTS);
    expect(SOAK_DEFAULTS).toEqual({ minutes: 10, writers: 20, loadSeconds: 60, skipFaults: false });
  });

  it('reads every flag, fractions of a minute included', () => {
    expect(parseSoakArgs(['--minutes', '0.5', '--writers', '5', '--load-seconds', '10', '--skip-faults'])).toEqual({
      minutes: 0.5,
      writers: 5,
      loadSeconds: 10,
      skipFaults: true,
    });
    expect(parseSoakArgs(['--minutes=2']).minutes).toBe(2);
  });

  it.each([
    [['--minutes', '0'], /--minutes must be a number above 0/],
    [['--minutes', 'ten'], /--minutes .*"ten"/],
    [['--minutes', ''], /--minutes/],
    [['--writers', '2.5'], /--writers must be a whole number/],
    [['--writers', '201'], /at most 200/],
    [['--load-seconds', '-1'], /--load-seconds/],
    [['--speed', '3'], /Unknown option '--speed'/],
    [['extra'], /positional/i],
    [['--minutes'], /argument missing/],
  ])('rejects %j with a usage error', (args, message) => {
    expect(() => parseSoakArgs(args)).toThrow(SoakUsageError);
    expect(() => parseSoakArgs(args)).toThrow(message);
  });
});

describe('growth', () => {
  it('measures from the first sample to the last, with the least-squares slope per minute', () => {
    const g = growth([
      { atMs: 0, value: 50 },
      { atMs: 60_000, value: 52 },
      { atMs: 120_000, value: 54 },
    ]);
    expect(g).toEqual({ first: 50, last: 54, peak: 54, delta: 4, perMinute: 2 });
  });

  it('keeps one high sample from looking like a leak', () => {
    const g = growth([
      { atMs: 0, value: 50 },
      { atMs: 60_000, value: 80 },
      { atMs: 120_000, value: 50 },
    ]);
    expect(g.peak).toBe(80);
    expect(g.delta).toBe(0);
    expect(g.perMinute).toBeCloseTo(0);
  });

  it('has no slope from fewer than two samples', () => {
    expect(growth([{ atMs: 0, value: 5 }]).perMinute).toBeNaN();
    expect(growth([]).first).toBeNaN();
  });
});

describe('recovery', () => {
  it('tells how long probes failed and when the first one succeeded after the fault ended', () => {
    const r = recovery(
      [
        { sentAtMs: 0, doneAtMs: 10, ok: true },
        { sentAtMs: 100, doneAtMs: 2_100, ok: false },
        { sentAtMs: 200, doneAtMs: 5_300, ok: true },
        { sentAtMs: 4_900, doneAtMs: 5_200, ok: false },
        { sentAtMs: 5_100, doneAtMs: 5_150, ok: true },
      ],
      5_000,
    );
    expect(r).toEqual({
      probes: 5,
      failed: 2,
      failingForMs: 5_100,
      firstSuccessAfterMs: 150,
      lastFailureAfterMs: 200,
      slowestOkMs: 5_100,
    });
  });

  it('reports no failure window when every probe succeeded, and null when none succeeded after the fault', () => {
    expect(recovery([{ sentAtMs: 0, doneAtMs: 5, ok: true }], 0)).toMatchObject({
      failed: 0,
      failingForMs: null,
      lastFailureAfterMs: 0,
    });
    expect(recovery([{ sentAtMs: 0, doneAtMs: 5, ok: true }], 10).firstSuccessAfterMs).toBeNull();
  });
});

describe('saves read back', () => {
  it('round-trips a save text and ignores other writers, tags and texts', () => {
    expect(seqOf(saveText('load', 3, 17), 'load', 3)).toBe(17);
    expect(seqOf(saveText('load', 13, 17), 'load', 1)).toBeNull();
    expect(seqOf(saveText('soak', 3, 17), 'load', 3)).toBeNull();
    expect(seqOf('first answer', 'load', 3)).toBeNull();
  });

  it('passes when the history holds the acknowledged saves in order and the answer is the last', () => {
    expect(checkSaves({ acked: [1, 2, 3, 4, 5], unsure: [] }, 5, [3, 4, 5])).toEqual({
      lost: [],
      reordered: false,
      finalOk: true,
    });
  });

  it('finds a lost acknowledged save inside the history window', () => {
    expect(checkSaves({ acked: [1, 2, 3, 4], unsure: [] }, 4, [2, 4]).lost).toEqual([3]);
    expect(checkSaves({ acked: [1], unsure: [] }, null, []).lost).toEqual([1]);
  });

  it('finds saves stored out of order', () => {
    expect(checkSaves({ acked: [1, 2, 3], unsure: [] }, 3, [1, 3, 2]).reordered).toBe(true);
  });

  it('accepts an unsure save after the last acknowledged one as the answer, but not an older one', () => {
    const log = { acked: [1, 2], unsure: [3] };
    expect(checkSaves(log, 3, [1, 2, 3]).finalOk).toBe(true);
    expect(checkSaves(log, 2, [1, 2]).finalOk).toBe(true);
    expect(checkSaves(log, 1, [1]).finalOk).toBe(false);
    expect(checkSaves({ acked: [1, 2], unsure: [] }, 4, [1, 2]).finalOk).toBe(false);
  });

  it('uses the nearest-rank percentile the bench uses', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
  });
});
