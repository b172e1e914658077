/**
 * The stream poller's bookmark: what it writes it reads back, and whatever else it finds (no file, a damaged one,
 * one for another stream) means "from the oldest record", said in a log line, never a crash.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../functions/lib/logger';
import { readStreamPosition, STREAM_POSITION_FILE, writeStreamPosition } from './stream-position';

const ARN = 'arn:aws:dynamodb:ddblocal:000000000000:table/preseed-local/stream/2026-12-01T00:00:00.000';

interface Line {
  level: string;
  message: string;
}

function recordingLog(lines: Line[]): Logger {
  const log: Logger = {
    debug: (message) => lines.push({ level: 'debug', message }),
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (message) => lines.push({ level: 'error', message }),
    child: () => log,
  };
  return log;
}

let dir = '';
let file = '';
let lines: Line[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preseed-stream-position-'));
  file = join(dir, 'data', STREAM_POSITION_FILE);
  lines = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the stream position file', () => {
  it('reads back what was written, and leaves no temporary file beside it', async () => {
    const position = { streamArn: ARN, shards: { 'shardId-1': '000000000000000000101', 'shardId-2': '202' } };
    await writeStreamPosition(file, position);
    await writeStreamPosition(file, { ...position, shards: { ...position.shards, 'shardId-2': '303' } });
    expect(await readStreamPosition(file, ARN, recordingLog(lines))).toEqual({
      streamArn: ARN,
      shards: { 'shardId-1': '000000000000000000101', 'shardId-2': '303' },
    });
    expect(await readdir(join(dir, 'data'))).toEqual([STREAM_POSITION_FILE]);
    expect(lines).toEqual([]);
  });

  it('starts from the oldest record when there is no file, and says so', async () => {
    expect(await readStreamPosition(file, ARN, recordingLog(lines))).toEqual({ streamArn: ARN, shards: {} });
    expect(lines).toEqual([{ level: 'info', message: expect.stringContaining('oldest record') }]);
  });

  it.each([
    ['cut off mid-write', '{"streamArn": "arn:aws:dynamodb:ddbloc'],
    ['empty', ''],
    ['not a position', '{"streamArn": 42, "shards": []}'],
    ['a sequence number that is not one', JSON.stringify({ streamArn: ARN, shards: { 'shardId-1': 'LATEST' } })],
  ])('starts from the oldest record when the file is damaged (%s), with a warning', async (_case, text) => {
    await writeStreamPosition(file, { streamArn: ARN, shards: {} });
    await writeFile(file, text);
    expect(await readStreamPosition(file, ARN, recordingLog(lines))).toEqual({ streamArn: ARN, shards: {} });
    expect(lines).toEqual([{ level: 'warn', message: expect.stringContaining('damaged') }]);
  });

  it('starts from the oldest record when the file cannot be read, with a warning', async () => {
    // A directory where the file should be: EISDIR, as good as an unreadable file.
    await writeStreamPosition(join(file, 'x'), { streamArn: ARN, shards: {} });
    expect(await readStreamPosition(file, ARN, recordingLog(lines))).toEqual({ streamArn: ARN, shards: {} });
    expect(lines).toEqual([{ level: 'warn', message: expect.stringContaining('unreadable') }]);
  });

  it('ignores the position of an earlier stream of the table (the table was created again)', async () => {
    await writeStreamPosition(file, { streamArn: `${ARN}-old`, shards: { 'shardId-1': '101' } });
    expect(await readStreamPosition(file, ARN, recordingLog(lines))).toEqual({ streamArn: ARN, shards: {} });
    expect(lines).toEqual([{ level: 'info', message: expect.stringContaining('earlier stream') }]);
  });

  it('writes whole JSON a person can read', async () => {
    await writeStreamPosition(file, { streamArn: ARN, shards: { 'shardId-1': '101' } });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ streamArn: ARN, shards: { 'shardId-1': '101' } });
  });
});
