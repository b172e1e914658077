import { describe, expect, it } from 'vitest';
import { adminToken, api, createUser } from '../../test/helpers';

describe('platform routes', () => {
  it('answers the health check without a token', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await api('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ error: 'NotFound', message: expect.stringContaining('/api/nope') });
  });

  it('answers a known path with the wrong method with 404 JSON', async () => {
    const res = await api('DELETE', '/api/health');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'NotFound' });
  });

  it('tells a signed-in user who they are, from the token alone', async () => {
    const founder = await createUser();
    const me = await api('GET', '/api/me', { token: founder.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ userId: founder.sub, username: founder.username, isAdmin: false });

    const admin = await api('GET', '/api/me', { token: await adminToken() });
    expect(admin.body).toMatchObject({ username: 'admin', isAdmin: true });
  });
});
