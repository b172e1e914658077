/**
 * The idea route with a real automation URL that misbehaves: the founder still gets an
 * answer (the spec's error text in the results), never a failed request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateIdeasResponse } from '#shared/api-types';
import { IDEA_FAILURE_MESSAGES } from '#shared/domain/ai-failures';
import { createUser } from '../../test/helpers';
import { AI_ENV } from '../integrations/ai/index';
import { createLogger, setLogSink } from '../lib/logger';
import { aiRoutes } from './ai';

let server: Server;
let base = '';
// Timeouts are covered by the adapter's own tests (functions/integrations/ai/webhook.test.ts).
let mode: 'good' | 'malformed' | 'error' = 'good';
/** A founder with a profile: AI generations are counted only while it exists (store/ai-generations.ts). */
let founderSub = '';

beforeAll(async () => {
  founderSub = (await createUser()).sub;
  setLogSink(() => undefined);
  server = createServer((_req, res) => {
    if (mode === 'error') {
      res.writeHead(500);
      return void res.end('boom');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(mode === 'good' ? JSON.stringify({ 'Meal kits': 'Weekly kits.', 'Plan app': 'Plans meals.' }) : 'not json');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env[AI_ENV.ideas] = `${base}/ideas`;
});

afterAll(async () => {
  delete process.env[AI_ENV.ideas];
  await new Promise<void>((r) => server.close(() => r()));
});

async function generate(): Promise<GenerateIdeasResponse> {
  const route = aiRoutes['journey.generateIdeas'];
  const result = await route.handle({
    routeId: 'journey.generateIdeas',
    body: { text: 'Meal plans for busy parents' },
    query: {},
    params: {},
    principal: { sub: founderSub, username: founderSub, groups: [], isAdmin: false, authTime: 1 },
    caller: { profile: null, items: [] },
    event: {} as APIGatewayProxyEventV2,
    log: createLogger(),
    requestId: 'test',
  });
  return result.body as GenerateIdeasResponse;
}

describe('idea generation through the webhook adapter', () => {
  it('returns the automation ideas on a good answer', async () => {
    mode = 'good';
    expect(await generate()).toEqual({
      ideas: [
        { title: 'Meal kits', description: 'Weekly kits.' },
        { title: 'Plan app', description: 'Plans meals.' },
      ],
      source: 'webhook',
    });
  });

  it('answers with the spec error text when the automation fails', async () => {
    mode = 'error';
    expect(await generate()).toEqual({ ideas: [], source: null, error: 'Failed to generate idea. Please try again.' });
  });

  it('says the answer could not be read when the automation answers malformed', async () => {
    mode = 'malformed';
    expect(await generate()).toEqual({ ideas: [], source: null, error: IDEA_FAILURE_MESSAGES.malformed });
  });
});
