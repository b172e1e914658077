/**
 * The local bus's deliveries waiting on a back-off timer, kept on disk as well as in memory: one JSON file per
 * delivery (a consumer and an event) in `<data dir>/retrying/`, written when an attempt fails and removed when the
 * delivery is delivered or parked. The stream position is saved once a batch is handed to the bus, so without
 * these files a `kill -9` during an outage would lose every event still waiting for its retry; with them the next
 * start schedules each again (decision 038). Each file is written to a temporary name and renamed, as the stream
 * position (local/stream-position.ts) and the dead-letter store are: a crash mid-write leaves the old file or the
 * new one, never half of one.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventBridgeEvent } from 'aws-lambda';
import { deadLetterFileName } from './dead-letter-store';
import { readJsonFolder, TEMPORARY_SUFFIX, writeJsonFile } from './json-files';

export interface RetryRecord {
  consumer: string;
  event: EventBridgeEvent<string, unknown>;
  /** Attempts made so far, all failed. */
  attempts: number;
  /** When the first attempt failed. */
  firstFailedAt: string;
  /** The last failure's message. */
  error: string;
  /** When the next attempt is due. */
  nextAttemptAt: string;
}

export interface RetryStore {
  readonly dir: string;
  /** Writes (or rewrites) the delivery's file. */
  save(record: RetryRecord): Promise<void>;
  /** Every delivery on file, oldest first; files that are not one are reported by name in `unreadable`. */
  list(): Promise<{ records: RetryRecord[]; unreadable: string[] }>;
  remove(consumer: string, eventId: string): Promise<void>;
}

const SUFFIX = '.json';

function isRetryRecord(value: unknown): value is RetryRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const event = v.event as Record<string, unknown> | null | undefined;
  return (
    typeof v.consumer === 'string' &&
    typeof v.attempts === 'number' &&
    Number.isInteger(v.attempts) &&
    v.attempts >= 1 &&
    typeof v.firstFailedAt === 'string' &&
    typeof v.error === 'string' &&
    typeof v.nextAttemptAt === 'string' &&
    typeof event === 'object' &&
    event !== null &&
    typeof event.id === 'string' &&
    typeof event.time === 'string'
  );
}

/** The same `<consumer>--<event id>.json` names as the dead-letter store, in a folder of their own. */
export function retryStore(dir: string): RetryStore {
  return {
    dir,
    async save(record) {
      await writeJsonFile(join(dir, deadLetterFileName(record.consumer, record.event.id)), record);
    },
    async list() {
      const { names, items, unreadable } = await readJsonFolder(dir, SUFFIX, isRetryRecord);
      // A dead process's temporary files (its id is in their names) were writes it never finished.
      for (const name of names) {
        if (name.startsWith('.') && name.endsWith(TEMPORARY_SUFFIX) && !name.includes(`.${process.pid}.`)) {
          await rm(join(dir, name), { force: true });
        }
      }
      const records = items.map((item) => item.value);
      records.sort((a, b) => a.firstFailedAt.localeCompare(b.firstFailedAt));
      return { records, unreadable };
    },
    async remove(consumer, eventId) {
      await rm(join(dir, deadLetterFileName(consumer, eventId)), { force: true });
    },
  };
}
