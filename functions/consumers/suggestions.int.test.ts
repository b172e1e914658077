import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventBridgeEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_GENERATION_LIMITS } from '#shared/domain/ai-limits';
import { createUser } from '../../test/helpers';
import { AI_ENV } from '../integrations/ai/index';
import { countAiGeneration } from '../store/ai-generations';
import { getSuggestions } from '../store/suggestions';
import { handler } from './suggestions';

/** A trigger-suggestions automation that is down: it counts the calls it gets and fails each. */
let calls = 0;
const automation = createServer((_req, res) => {
  calls += 1;
  res.writeHead(500).end();
});
const before = process.env[AI_ENV.trigger];

beforeAll(async () => {
  automation.listen(0, '127.0.0.1');
  await once(automation, 'listening');
  process.env[AI_ENV.trigger] = `http://127.0.0.1:${(automation.address() as AddressInfo).port}/trigger`;
});

afterAll(async () => {
  if (before === undefined) delete process.env[AI_ENV.trigger];
  else process.env[AI_ENV.trigger] = before;
  automation.close();
  await once(automation, 'close');
});

function ideaSaved(userId: string): EventBridgeEvent<string, unknown> {
  return {
    version: '0',
    id: `test-${userId}-${Date.now()}`,
    'detail-type': 'IdeaSaved',
    source: 'preseed.journey',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'local',
    resources: [],
    detail: { userId, idea: 'Meal plans for busy parents' },
  };
}

describe('trigger suggestions count against the AI generation limits', () => {
  it('calls the automation again for a re-announced idea while it fails, but not past the founder’s limit', async () => {
    const founder = await createUser();
    await handler(ideaSaved(founder.sub));
    expect(calls).toBeGreaterThan(0);
    expect((await getSuggestions(founder.sub, 'trigger'))?.source).toBe('failed');

    // The announcement used one of the hour's generations; a founder who uses up the rest gets no more calls.
    const [hourly] = AI_GENERATION_LIMITS;
    const now = Math.floor(Date.now() / 1000);
    for (let used = 1; used < hourly.limit; used++) {
      expect((await countAiGeneration(founder.sub, now)).allowed).toBe(true);
    }
    const callsBefore = calls;
    await handler(ideaSaved(founder.sub));
    expect(calls).toBe(callsBefore);
  });
});
