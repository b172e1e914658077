/**
 * The offline stand-in for the cloud's dead-letter queues: one JSON file per parked delivery (a consumer and an
 * event) in the data directory, so a delivery that failed for as long as the retry policy allows survives a
 * restart and `npm run events:redrive` can send it again. Each file is written to a temporary name and renamed,
 * so a crash mid-write leaves the old file or none, never half of one. A stack without a data directory (the
 * test stack) parks in memory: its data goes when it stops, and so may its dead letters.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventBridgeEvent } from 'aws-lambda';
import { readJsonFolder, writeJsonFile } from './json-files';

export interface ParkedDelivery {
  consumer: string;
  event: EventBridgeEvent<string, unknown>;
  /** The last failure's message. */
  error: string;
  /** Attempts made so far, the bus's and any redrive's. */
  attempts: number;
  parkedAt: string;
}

export interface StoredDelivery extends ParkedDelivery {
  /** The file's name in the store, which names the consumer and the event id. */
  file: string;
}

export interface DeadLetterStore {
  /** Where the files are, or null for a store in memory. */
  readonly dir: string | null;
  /** Writes (or rewrites) the delivery's file; returns its name. */
  park(delivery: ParkedDelivery): Promise<string>;
  /** Every parked delivery, oldest first; files that are not one are reported by name in `unreadable`. */
  list(): Promise<{ deliveries: StoredDelivery[]; unreadable: string[] }>;
  remove(file: string): Promise<void>;
}

const SUFFIX = '.json';

/** `<consumer>--<event id>.json`: one file per delivery, so parking it again replaces it instead of adding one. */
export function deadLetterFileName(consumer: string, eventId: string): string {
  return `${safe(consumer)}--${safe(eventId)}${SUFFIX}`;
}

// Consumer names and event ids are ours (RULES, randomUUID), but a file name must never climb out of the store.
const safe = (part: string) => part.replace(/[^A-Za-z0-9_.-]/g, '_');

function isParkedDelivery(value: unknown): value is ParkedDelivery {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const event = v.event as Record<string, unknown> | null | undefined;
  return (
    typeof v.consumer === 'string' &&
    typeof v.error === 'string' &&
    typeof v.attempts === 'number' &&
    typeof v.parkedAt === 'string' &&
    typeof event === 'object' &&
    event !== null &&
    typeof event.id === 'string'
  );
}

export function deadLetterStore(dir: string): DeadLetterStore {
  return {
    dir,
    async park(delivery) {
      const file = deadLetterFileName(delivery.consumer, delivery.event.id);
      await writeJsonFile(join(dir, file), delivery);
      return file;
    },
    async list() {
      const { items, unreadable } = await readJsonFolder(dir, SUFFIX, isParkedDelivery);
      const deliveries: StoredDelivery[] = items.map(({ file, value }) => ({ ...value, file }));
      deliveries.sort((a, b) => a.parkedAt.localeCompare(b.parkedAt));
      return { deliveries, unreadable };
    },
    async remove(file) {
      await rm(join(dir, file), { force: true });
    },
  };
}

/** Same keys and order as the folder, for a stack whose data lives in memory. */
export function memoryDeadLetterStore(): DeadLetterStore {
  const parked = new Map<string, ParkedDelivery>();
  return {
    dir: null,
    async park(delivery) {
      const file = deadLetterFileName(delivery.consumer, delivery.event.id);
      parked.set(file, structuredClone(delivery));
      return file;
    },
    async list() {
      const deliveries = [...parked].map(([file, d]) => ({ ...structuredClone(d), file }));
      deliveries.sort((a, b) => a.parkedAt.localeCompare(b.parkedAt) || a.file.localeCompare(b.file));
      return { deliveries, unreadable: [] };
    },
    async remove(file) {
      parked.delete(file);
    },
  };
}
