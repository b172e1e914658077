/**
 * The pure parts of `npm run soak`: its flags, the memory-growth and recovery figures, and the check that every
 * acknowledged save is stored in order. Kept apart from bench/soak.ts so they are unit-tested without a stack.
 */
import { parseArgs } from 'node:util';

export interface SoakOptions {
  /** Length of the mixed-load soak. */
  minutes: number;
  /** Concurrent writers, each a founder of its own. */
  writers: number;
  /** Length of the save-only load phase (also the soak's warm-up). */
  loadSeconds: number;
  skipFaults: boolean;
}

export const SOAK_DEFAULTS: SoakOptions = { minutes: 10, writers: 20, loadSeconds: 60, skipFaults: false };

/** A flag the soak cannot run with: main() prints it with the usage and exits 2. */
export class SoakUsageError extends Error {}

export const SOAK_USAGE =
  'usage: npm run soak -- [--minutes 10] [--writers 20] [--load-seconds 60] [--skip-faults]\n' +
  '  --minutes       length of the mixed-load soak (fractions allowed, > 0)\n' +
  '  --writers       concurrent writers, one founder each (1–200)\n' +
  '  --load-seconds  length of the save-only load phase (> 0)\n' +
  '  --skip-faults   leave out the DynamoDB and SES fault phases';

function positive(name: string, raw: string | undefined, fallback: number, max: number, integer: boolean): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    value <= 0 ||
    value > max ||
    (integer && !Number.isInteger(value))
  )
    throw new SoakUsageError(
      `--${name} must be ${integer ? 'a whole number' : 'a number'} above 0 and at most ${max}, not "${raw}"`,
    );
  return value;
}

export function parseSoakArgs(args: readonly string[]): SoakOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        minutes: { type: 'string' },
        writers: { type: 'string' },
        'load-seconds': { type: 'string' },
        'skip-faults': { type: 'boolean' },
      },
    }));
  } catch (err) {
    throw new SoakUsageError(err instanceof Error ? err.message : String(err));
  }
  const text = (name: string) => {
    const v = values[name];
    return typeof v === 'string' ? v : undefined;
  };
  return {
    minutes: positive('minutes', text('minutes'), SOAK_DEFAULTS.minutes, 24 * 60, false),
    writers: positive('writers', text('writers'), SOAK_DEFAULTS.writers, 200, true),
    loadSeconds: positive('load-seconds', text('load-seconds'), SOAK_DEFAULTS.loadSeconds, 3600, false),
    skipFaults: values['skip-faults'] === true,
  };
}

/** One sample of a quantity over time (ms since the soak began). */
export interface Sample {
  atMs: number;
  value: number;
}

export interface Growth {
  first: number;
  last: number;
  peak: number;
  /** last − first. */
  delta: number;
  /**
   * Least-squares slope per minute over every sample: one noisy last sample (a GC that has not run yet) moves
   * it less than it moves `delta`, so a leak shows as a steady slope rather than as one high reading.
   */
  perMinute: number;
}

export function growth(samples: readonly Sample[]): Growth {
  const first = samples[0]?.value ?? Number.NaN;
  const last = samples[samples.length - 1]?.value ?? Number.NaN;
  const peak = samples.length ? Math.max(...samples.map((s) => s.value)) : Number.NaN;
  const n = samples.length;
  let perMinute = Number.NaN;
  if (n >= 2) {
    const mx = samples.reduce((sum, s) => sum + s.atMs, 0) / n;
    const my = samples.reduce((sum, s) => sum + s.value, 0) / n;
    const sxx = samples.reduce((sum, s) => sum + (s.atMs - mx) ** 2, 0);
    const sxy = samples.reduce((sum, s) => sum + (s.atMs - mx) * (s.value - my), 0);
    perMinute = sxx === 0 ? 0 : (sxy / sxx) * 60_000;
  }
  return { first, last, peak, delta: last - first, perMinute };
}

/** One request of a fault phase's probe: when it left, when it ended, and whether it succeeded. */
export interface Probe {
  sentAtMs: number;
  doneAtMs: number;
  ok: boolean;
}

export interface Recovery {
  probes: number;
  failed: number;
  /** From the first failed probe's sending to the last failed probe's end: how long requests failed. */
  failingForMs: number | null;
  /** From the fault's end (SIGCONT, the restart's start) to the first success that ended after it. */
  firstSuccessAfterMs: number | null;
  /** From the fault's end to the end of the last failure; 0 when none failed after the fault ended. */
  lastFailureAfterMs: number;
  /** The slowest successful probe (a stalled request that was answered once the emulator came back). */
  slowestOkMs: number | null;
}

export function recovery(probes: readonly Probe[], faultEndMs: number): Recovery {
  const failed = probes.filter((p) => !p.ok);
  const ok = probes.filter((p) => p.ok);
  const after = ok.filter((p) => p.doneAtMs >= faultEndMs).map((p) => p.doneAtMs);
  const failedAfter = failed.filter((p) => p.doneAtMs >= faultEndMs).map((p) => p.doneAtMs);
  return {
    probes: probes.length,
    failed: failed.length,
    failingForMs: failed.length
      ? Math.max(...failed.map((p) => p.doneAtMs)) - Math.min(...failed.map((p) => p.sentAtMs))
      : null,
    firstSuccessAfterMs: after.length ? Math.min(...after) - faultEndMs : null,
    lastFailureAfterMs: failedAfter.length ? Math.max(...failedAfter) - faultEndMs : 0,
    slowestOkMs: ok.length ? Math.max(...ok.map((p) => p.doneAtMs - p.sentAtMs)) : null,
  };
}

/** The answer text of one save: the phase's tag, the writer and its sequence number. */
export const saveText = (tag: string, writer: number, seq: number): string => `${tag} w${writer} #${seq}`;

/** The sequence number in a save's text of this tag and writer, or null for any other text. */
export function seqOf(text: string, tag: string, writer: number): number | null {
  const prefix = `${tag} w${writer} #`;
  if (!text.startsWith(prefix)) return null;
  const seq = Number(text.slice(prefix.length));
  return Number.isInteger(seq) ? seq : null;
}

/** What one writer sent, in the order it sent it (one request at a time). */
export interface WriterLog {
  /** Saves the API answered 2xx to. */
  acked: number[];
  /** Saves with any other outcome (5xx, 4xx, a dropped connection): they may or may not have been stored. */
  unsure: number[];
}

export interface SaveCheck {
  /** Acknowledged saves within the stored history's window that the history lacks. */
  lost: number[];
  /** The stored history is not in the order the saves were sent. */
  reordered: boolean;
  /** The answer read back is the last acknowledged save (or an unsure one sent after it). */
  finalOk: boolean;
}

/**
 * Checks one writer's saves against what is stored. The history keeps only a question's last states, so a save
 * older than its oldest kept state cannot be checked there; the current answer covers the last one.
 */
export function checkSaves(log: WriterLog, final: number | null, history: readonly number[]): SaveCheck {
  const lastAcked = log.acked[log.acked.length - 1];
  const reordered = history.some((seq, i) => i > 0 && seq <= (history[i - 1] ?? Number.NEGATIVE_INFINITY));
  const oldestKept = history[0];
  const kept = new Set(history);
  const lost =
    oldestKept === undefined ? [...log.acked] : log.acked.filter((seq) => seq >= oldestKept && !kept.has(seq));
  const finalOk =
    lastAcked === undefined
      ? true
      : final !== null && (final === lastAcked || (final > lastAcked && log.unsure.includes(final)));
  return { lost, reordered, finalOk };
}
