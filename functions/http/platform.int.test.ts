import { describe, expect, it } from 'vitest';
import { api } from '../../test/helpers';

describe('platform routes', () => {
  it('answers the health check without a token', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    // The offline stack reports its emulators; the cloud says 'unchecked' (decision 039).
    expect(res.body).toEqual({ status: 'ok', dependencies: { dynamodb: 'up', cognito: 'up', s3: 'up', ses: 'up' } });
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
});
