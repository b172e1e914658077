/**
 * No API answer may be cached, by a browser or anything in between: successes, refusals of the
 * handlers and of the local server (its own 401 and 404), alike. Also proves the origin check stays
 * off offline, where no origin secret is configured: these calls carry no x-origin-verify header.
 */
import { describe, expect, it } from 'vitest';
import { api, createUser } from './helpers';

describe('Cache-Control on API answers', () => {
  const expectNoStore = (res: { status: number; headers: Headers }, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
  };

  it('is no-store on a 200 (public and signed in)', async () => {
    expectNoStore(await api('GET', '/api/health'), 200);
    const founder = await createUser();
    expectNoStore(await api('GET', '/api/me', { token: founder.token }), 200);
  });

  it("is no-store on the handlers' 4xx", async () => {
    const bad = await api('POST', '/api/auth/signup/start', { body: { email: 'not an address' } });
    expectNoStore(bad, 400);
    expect(bad.body).toMatchObject({ error: 'BadRequest' });
    const unpaid = await createUser({ paid: false });
    expectNoStore(await api('GET', '/api/dashboard', { token: unpaid.token }), 403);
  });

  it("is no-store on the server's own 401 and on the 404 of an unknown API path", async () => {
    expectNoStore(await api('GET', '/api/me'), 401);
    const unknown = await api('GET', '/api/no-such-route');
    expectNoStore(unknown, 404);
    expect(unknown.body).toMatchObject({ error: 'NotFound' });
  });
});
