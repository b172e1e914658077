/**
 * The realtime side against the offline stack: the same $connect/$disconnect handler the
 * WebSocket API runs, and the push consumer posting through the management API's SDK client
 * pointed at the local endpoint.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { LOCAL_REALTIME_PATH, type PhasesMessage, REALTIME_PROTOCOL } from '#shared/realtime-messages';
import { adminToken, api, createUser, eventsSettled, setPhases } from '../../test/helpers';
import { pushPhases } from '../consumers/realtime-push';
import { rootLogger } from '../lib/logger';
import { ddb, tableName } from '../store/client';
import { connectionsOf, saveConnection } from '../store/connections';
import { keys } from '../store/keys';
import { endFounderSessions } from '../store/profiles';

type Opened = { ok: true; socket: WebSocket; messages: PhasesMessage[]; next(): Promise<PhasesMessage> };
type Refused = { ok: false; status: number; message: string };

interface Handshake {
  /** Offered as the browser does, after `preseed.v1`. */
  token?: string;
  userId?: string;
  /** Overrides what is offered (default: `preseed.v1` and the token). */
  protocols?: string[];
  /** More of the URL's query, as an older client sent it. */
  query?: Record<string, string>;
}

/** Opens the founder's connection like the browser does; resolves with the handshake's outcome. */
function connect({ token, userId, protocols, query = {} }: Handshake): Promise<Opened | Refused> {
  const url = new URL(LOCAL_REALTIME_PATH, inject('apiUrl'));
  url.protocol = 'ws:';
  for (const [k, v] of Object.entries({ ...query, ...(userId ? { userId } : {}) })) url.searchParams.set(k, v);
  const offered = protocols ?? [REALTIME_PROTOCOL, ...(token ? [token] : [])];
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, offered);
    const messages: PhasesMessage[] = [];
    let read = 0;
    let waiting: (() => void) | undefined;
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as PhasesMessage);
      waiting?.();
    });
    socket.once('open', () =>
      resolve({
        ok: true,
        socket,
        messages,
        // The next message not yet read, whether it arrived before this call or arrives within 5 s.
        next: () =>
          new Promise((res, rej) => {
            const take = () => {
              const message = messages[read];
              if (!message) return false;
              read++;
              waiting = undefined;
              clearTimeout(timer);
              res(message);
              return true;
            };
            const timer = setTimeout(() => rej(new Error('no realtime message within 5 s')), 5000);
            if (!take()) waiting = take;
          }),
      }),
    );
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => {
        const parsed = body ? (JSON.parse(body) as { message?: string }) : {};
        resolve({ ok: false, status: res.statusCode ?? 0, message: parsed.message ?? '' });
      });
    });
    socket.once('error', (err) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(err);
    });
  });
}

function opened(result: Opened | Refused): Opened {
  if (!result.ok) throw new Error(`connection refused: ${result.status} ${result.message}`);
  return result;
}

const closed = (socket: WebSocket) =>
  new Promise<void>((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
  });

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('realtime $connect', () => {
  it('refuses a connection without a token, or with one that is not a valid token', async () => {
    const none = await connect({});
    expect(none).toMatchObject({ ok: false, status: 401, message: expect.stringMatching(/access token/) });
    const forged = await connect({ token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' });
    expect(forged).toMatchObject({ ok: false, status: 401 });
    const founder = await createUser();
    const twoTokens = await connect({ protocols: [REALTIME_PROTOCOL, founder.token, founder.token.replace(/.$/, '')] });
    expect(twoTokens).toMatchObject({ ok: false, status: 401 });
    expect(await connectionsOf(founder.sub)).toEqual([]);
  });

  it('takes the access token as a subprotocol and selects preseed.v1; a token in the URL is refused, never used', async () => {
    const founder = await createUser();
    const tab = opened(await connect({ token: founder.token }));
    // Node's client, like a browser, fails a handshake that does not select one of the offered subprotocols.
    expect(tab.socket.protocol).toBe(REALTIME_PROTOCOL);
    expect(await connectionsOf(founder.sub)).toHaveLength(1);

    // An older client: the token in the query (where access logs keep it), no subprotocol.
    const legacy = await connect({ protocols: [], query: { token: founder.token }, userId: founder.sub });
    expect(legacy).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/reload/) });
    // Refused even alongside a valid subprotocol token, so a URL with a token never works.
    const both = await connect({ token: founder.token, query: { token: founder.token } });
    expect(both).toMatchObject({ ok: false, status: 400 });
    // The token alone, without the protocol it belongs to.
    expect(await connect({ protocols: [founder.token] })).toMatchObject({ ok: false, status: 400 });
    expect(await connectionsOf(founder.sub)).toHaveLength(1);
    tab.socket.close();
  });

  it("refuses a founder asking for another founder's changes", async () => {
    const a = await createUser();
    const b = await createUser();
    const result = await connect({ token: a.token, userId: b.sub });
    expect(result).toMatchObject({ ok: false, status: 403, message: expect.stringMatching(/your own account/) });
    expect(await connectionsOf(a.sub)).toEqual([]);
    expect(await connectionsOf(b.sub)).toEqual([]);
  });

  it('refuses administrators and founders who have not paid', async () => {
    expect(await connect({ token: await adminToken() })).toMatchObject({ ok: false, status: 403 });
    const unpaid = await createUser({ paid: false });
    expect(await connect({ token: unpaid.token })).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringMatching(/Payment Required/),
    });
  });

  it('refuses a session the account ended (as the HTTP API does), and takes one begun after', async () => {
    const founder = await createUser();
    const [, payload = ''] = founder.token.split('.');
    const authTime = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { auth_time: number }).auth_time;
    // Ended in the very second the session began: that session counts as before (auth_time has whole seconds).
    expect(await endFounderSessions(founder.sub, authTime)).toBe(true);
    expect(await connect({ token: founder.token })).toMatchObject({
      ok: false,
      status: 401,
      message: expect.stringMatching(/session has ended/),
    });
    expect(await connectionsOf(founder.sub)).toEqual([]);
    // The sessions ended a second before this one began: it is let in.
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(founder.sub),
        UpdateExpression: 'SET sessionsValidAfter = :at',
        ExpressionAttributeValues: { ':at': authTime - 1 },
      }),
    );
    const tab = opened(await connect({ token: founder.token }));
    expect(await connectionsOf(founder.sub)).toHaveLength(1);
    tab.socket.close();
  });

  it('records a founder’s connection (with its own id in the query) and forgets it on $disconnect', async () => {
    const founder = await createUser();
    const { socket } = opened(await connect({ token: founder.token, userId: founder.sub }));
    const ids = await connectionsOf(founder.sub);
    expect(ids).toHaveLength(1);
    const owner = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.connectionOwner(ids[0] ?? '') }));
    expect(owner.Item).toMatchObject({ userId: founder.sub, expiresAt: expect.any(Number) });
    expect(owner.Item?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 7000);

    socket.close();
    await closed(socket);
    const left = await waitFor(
      () => connectionsOf(founder.sub),
      (list) => list.length === 0,
    );
    expect(left).toEqual([]);
    const rest = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.connectionOwner(ids[0] ?? '').PK },
      }),
    );
    expect(rest.Items).toEqual([]);
  });
});

describe('realtime push', () => {
  it("pushes the founder's new flags to every open tab when a coach unlocks", async () => {
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true });
    const tab1 = opened(await connect({ token: founder.token }));
    const tab2 = opened(await connect({ token: founder.token }));
    const other = await createUser();
    const otherTab = opened(await connect({ token: other.token }));

    const unlocked = await api('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token: await adminToken(),
      body: { phase: 'trigger' },
    });
    expect(unlocked.status).toBe(200);
    const [m1, m2] = await Promise.all([tab1.next(), tab2.next()]);
    for (const message of [m1, m2]) {
      expect(message).toMatchObject({
        type: 'phases',
        phases: { generate_idea_status: true, trigger_questions_status: true, value_proposition_status: false },
        version: expect.any(Number),
      });
    }
    await eventsSettled();
    expect(otherTab.messages).toEqual([]);
    for (const tab of [tab1, tab2, otherTab]) tab.socket.close();
  });

  it('forgets connections the management API says are gone (410) and still reaches the open ones', async () => {
    const founder = await createUser();
    const tab = opened(await connect({ token: founder.token }));
    await saveConnection(founder.sub, 'Z29uZS1jb25uZWN0aW9u', new Date());
    expect(await connectionsOf(founder.sub)).toHaveLength(2);

    const outcome = await pushPhases(founder.sub, rootLogger);
    expect(outcome).toEqual({ sent: 1, gone: 1 });
    expect((await tab.next()).type).toBe('phases');
    expect(await connectionsOf(founder.sub)).toHaveLength(1);
    tab.socket.close();
  });

  it('sends nothing and reads nothing more when the founder has no connection', async () => {
    const founder = await createUser();
    expect(await pushPhases(founder.sub, rootLogger)).toEqual({ sent: 0, gone: 0 });
  });
});

describe('the local realtime side', () => {
  const control = (action: 'stop' | 'start') =>
    fetch(new URL(`/_dev/realtime/${action}`, inject('apiUrl')), { method: 'POST' });

  it('drops every socket when stopped, refuses new ones, and accepts again once started', async () => {
    const founder = await createUser();
    const tab = opened(await connect({ token: founder.token }));
    try {
      expect((await control('stop')).status).toBe(200);
      await closed(tab.socket);
      expect(await connect({ token: founder.token })).toMatchObject({ ok: false, status: 503 });
      const left = await waitFor(
        () => connectionsOf(founder.sub),
        (list) => list.length === 0,
      );
      expect(left).toEqual([]);
    } finally {
      await control('start');
    }
    const again = opened(await connect({ token: founder.token }));
    expect(await connectionsOf(founder.sub)).toHaveLength(1);
    again.socket.close();
  });
});
