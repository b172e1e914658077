/**
 * Where the local stream poller has got to in the table's stream: the last sequence number handled in each shard,
 * kept in a small JSON file in the data directory so a restart (even after `kill -9`) resumes there instead of
 * skipping what was committed but not yet read. The cloud's event source keeps the same bookmark for Lambda.
 *
 * The file names the stream it belongs to: a table created again (after `npm run reset`, or a DynamoDB Local that
 * lost its files) has a new stream, whose shards the old sequence numbers say nothing about.
 */
import { readFile } from 'node:fs/promises';
import type { Logger } from '../functions/lib/logger';
import { writeJsonFile } from './json-files';

export interface StreamPosition {
  streamArn: string;
  /** Shard id → the sequence number of the last record handled in it (filtered out or delivered). */
  shards: Record<string, string>;
}

export const STREAM_POSITION_FILE = 'stream-position.json';

function isPosition(value: unknown): value is StreamPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { streamArn, shards } = value as Record<string, unknown>;
  if (typeof streamArn !== 'string' || typeof shards !== 'object' || shards === null || Array.isArray(shards)) {
    return false;
  }
  return Object.values(shards).every((s) => typeof s === 'string' && /^\d+$/.test(s));
}

/**
 * The saved position for this stream, or none: a missing file (first start), one that cannot be read or parsed,
 * or one for another stream all mean "read every shard from its oldest record". Never throws: a damaged bookmark
 * costs a replay, which the consumers' once-only claims absorb, not a stack that will not start.
 */
export async function readStreamPosition(file: string, streamArn: string, log: Logger): Promise<StreamPosition> {
  const none: StreamPosition = { streamArn, shards: {} };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    if (missing) log.info('no saved stream position: reading the stream from its oldest record', { file });
    else log.warn('stream position unreadable: reading the stream from its oldest record', { file, err });
    return none;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!isPosition(parsed)) {
    log.warn('stream position file is damaged: reading the stream from its oldest record', { file });
    return none;
  }
  if (parsed.streamArn !== streamArn) {
    log.info('stream position is for an earlier stream of the table: reading from its oldest record', {
      file,
      saved: parsed.streamArn,
      current: streamArn,
    });
    return none;
  }
  return { streamArn, shards: { ...parsed.shards } };
}

/**
 * Replaces the file in one step (a temporary file, then a rename over it): a crash mid-write leaves the old
 * position or the new one, never half of one.
 */
export async function writeStreamPosition(file: string, position: StreamPosition): Promise<void> {
  await writeJsonFile(file, position);
}
