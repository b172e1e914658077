import { describe, expect, it } from 'vitest';
import type { RedriveResult } from './event-bus';
import { redriveEventsCli } from './redrive-events';

const delivered: RedriveResult = {
  consumer: 'email-sender',
  eventId: 'e1',
  detailType: 'PhaseUnlocked',
  file: 'email-sender--e1.json',
  outcome: 'delivered',
};
const failed: RedriveResult = {
  ...delivered,
  eventId: 'e2',
  file: 'email-sender--e2.json',
  outcome: 'failed',
  error: 'Error: connect ECONNREFUSED',
};

function run(argv: string[], answer: () => Promise<Response>) {
  const lines: string[] = [];
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fake = (async (url: URL | RequestInfo, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return answer();
  }) as typeof fetch;
  return redriveEventsCli(argv, { print: (l) => lines.push(l), fetch: fake }).then((code) => ({ code, lines, calls }));
}

describe('npm run events:redrive', () => {
  it('asks the running stack to redrive, one consumer if named, and prints one line per delivery', async () => {
    const { code, lines, calls } = await run(
      ['--consumer', 'email-sender', '--url', 'http://localhost:3100'],
      async () => Response.json({ results: [delivered, failed] }),
    );
    expect(calls[0]?.url).toBe('http://localhost:3100/_dev/events/redrive?consumer=email-sender');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(lines).toEqual([
      'DELIVERED email-sender e1 (PhaseUnlocked): removed from the store.',
      'FAILED email-sender e2 (PhaseUnlocked): Error: connect ECONNREFUSED; still parked as email-sender--e2.json.',
      '1 delivered, 1 still parked.',
    ]);
    expect(code).toBe(1);
  });

  it('exits 0 when nothing is left parked, 2 when no stack answers or a flag is wrong', async () => {
    expect((await run([], async () => Response.json({ results: [delivered] }))).code).toBe(0);
    const down = await run([], async () => {
      throw new TypeError('fetch failed');
    });
    expect(down.code).toBe(2);
    expect(down.lines[0]).toMatch(/start the stack \(npm start\)/);
    // --stage is the cloud's queues (ops/events/redrive.test.ts): it never asks the local stack.
    const cloud = await run(['--stage', 'dev'], async () => Response.json({ results: [] }));
    expect(cloud.code).toBe(2);
    expect(cloud.lines[0]).toMatch(/Name the consumer whose queue to redrive/);
    expect(cloud.calls).toEqual([]);
  });

  it('names the consumers when asked for one that does not exist, and refuses an address that is not http', async () => {
    const typo = await run(['--consumer', 'email-sendr'], async () => Response.json({ results: [] }));
    expect(typo.code).toBe(2);
    expect(typo.lines[0]).toMatch(/No consumer named "email-sendr": one of .*email-sender/);
    expect(typo.calls).toEqual([]);
    const url = await run(['--url', 'localhost:3000'], async () => Response.json({ results: [] }));
    expect(url.code).toBe(2);
    expect(url.lines[0]).toMatch(/not an http\(s\) address/);
    expect((await run(['extra'], async () => Response.json({ results: [] }))).code).toBe(2);
  });
});
