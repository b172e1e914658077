import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { MeResponse } from '#shared/api-types';
import { ApiError, apiFetch, configureApi, FALLBACK_ERROR_MESSAGE, resolveUrl } from './api';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
const getAccessToken = vi.fn(async (): Promise<string | undefined> => 'token-123');

beforeEach(() => {
  fetchMock.mockReset();
  getAccessToken.mockClear();
  configureApi({ apiBase: '/api', getAccessToken, fetch: fetchMock });
});

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('resolveUrl', () => {
  it('keeps route paths as they are for the same-origin /api base', () => {
    expect(resolveUrl('/api', '/api/health')).toBe('/api/health');
    expect(resolveUrl('/api/', '/api/health')).toBe('/api/health');
  });

  it('sends paths to another origin when apiBase names one', () => {
    expect(resolveUrl('https://api.example.com/api', '/api/me')).toBe('https://api.example.com/api/me');
    expect(resolveUrl('https://x.execute-api.eu-west-1.amazonaws.com/prod/api', '/api/me')).toBe(
      'https://x.execute-api.eu-west-1.amazonaws.com/prod/api/me',
    );
  });
});

describe('apiFetch', () => {
  it('builds the path from the route table and sends the bearer token for signed-in routes', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { questions: [] }));
    const data = await apiFetch('questions.list', { params: { type: 'value-proposition' } });
    expect(data).toEqual({ questions: [] });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/questions/value-proposition');
    expect(init.method).toBe('GET');
    expect(headers.get('authorization')).toBe('Bearer token-123');
  });

  it('adds the query string and leaves out absent values', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { founders: [], nextCursor: null, counts: { pending: 0, unlocked: 0 } }),
    );
    await apiFetch('review.list', { params: { type: 'trigger' }, query: { state: 'unlocked', cursor: undefined } });
    expect(lastRequest().url).toBe('/api/admin/review/trigger?state=unlocked');
  });

  it('takes every type from the contract: no caller names a response type, and wrong calls do not compile', () => {
    expectTypeOf(apiFetch<'accounts.me'>).returns.resolves.toEqualTypeOf<MeResponse>();
    expectTypeOf(apiFetch<'journey.deleteAnswer'>).returns.resolves.toEqualTypeOf<undefined>();
    expectTypeOf<Parameters<typeof apiFetch<'journey.saveIdea'>>[1]>().toExtend<{ body: { idea: string } }>();
    const wrongCalls = [
      // @ts-expect-error the route takes a body
      () => apiFetch('journey.saveIdea'),
      // @ts-expect-error the body has no such field
      () => apiFetch('journey.saveIdea', { body: { title: 'x' } }),
      // @ts-expect-error the path has a {type} placeholder
      () => apiFetch('journey.listAnswers'),
      // @ts-expect-error the route reads no query
      () => apiFetch('accounts.me', { query: { page: 2 } }),
    ];
    expect(wrongCalls).toHaveLength(4);
  });

  it('sends no token to public routes', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }));
    await apiFetch('platform.health');
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(lastRequest().headers.has('authorization')).toBe(false);
  });

  it('sends the body as JSON with the route method', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { question: { id: 'q1' } }));
    const created = await apiFetch('questions.create', {
      body: { type: 'trigger', category: 'Customer Jobs', text: 'Who?' },
    });
    expect(created.question.id).toBe('q1');
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ type: 'trigger', category: 'Customer Jobs', text: 'Who?' });
  });

  it('resolves undefined for an empty answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiFetch('accounts.me')).resolves.toBeUndefined();
  });

  it('throws ApiError with the API error body', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: 'BadRequest', message: 'Question text is required.', details: [{ field: 'text' }] }),
    );
    const error = await apiFetch('questions.create', { body: { type: 'trigger', category: '', text: '' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      error: 'BadRequest',
      message: 'Question text is required.',
      details: [{ field: 'text' }],
    });
  });

  it("maps API Gateway's own 401 body to an Unauthorized ApiError", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Unauthorized' }));
    await expect(apiFetch('accounts.me')).rejects.toMatchObject({
      status: 401,
      error: 'Unauthorized',
      message: 'Unauthorized',
    });
  });

  it('reports a refused access token (401) to the auth layer, and nothing else', async () => {
    const onSessionRefused = vi.fn();
    configureApi({ apiBase: '/api', getAccessToken, fetch: fetchMock, onSessionRefused });
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Unauthorized', message: 'Your session has ended.' }));
    await expect(apiFetch('accounts.me')).rejects.toMatchObject({ status: 401, message: 'Your session has ended.' });
    expect(onSessionRefused).toHaveBeenCalledTimes(1);
    // With the refusal itself: its code says why (AccountDeleted: lib/session-refused.ts).
    expect(onSessionRefused).toHaveBeenCalledWith(expect.objectContaining({ status: 401, error: 'Unauthorized' }));
    // A public route's 401 is about its own credentials (a share link's passcode), not the session.
    await expect(apiFetch('platform.health')).rejects.toMatchObject({ status: 401 });
    fetchMock.mockResolvedValue(jsonResponse(403, { error: 'Forbidden', message: 'No.' }));
    await expect(apiFetch('accounts.me')).rejects.toMatchObject({ status: 403 });
    getAccessToken.mockResolvedValueOnce(undefined);
    await expect(apiFetch('accounts.me')).rejects.toMatchObject({ status: 401 });
    expect(onSessionRefused).toHaveBeenCalledTimes(1);
  });

  it('falls back to a generic message for non-JSON errors', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('accounts.me')).rejects.toMatchObject({
      status: 502,
      error: 'Http502',
      message: FALLBACK_ERROR_MESSAGE,
    });
  });

  it('reports network failures as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('platform.health')).rejects.toMatchObject({ status: 0, error: 'NetworkError' });
  });

  it('refuses signed-in routes without a session, before calling the network', async () => {
    getAccessToken.mockResolvedValueOnce(undefined);
    await expect(apiFetch('accounts.me')).rejects.toMatchObject({ status: 401, error: 'Unauthorized' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses to build a path with a missing parameter', async () => {
    // @ts-expect-error params are required for routes with placeholders
    await expect(apiFetch('questions.list')).rejects.toThrow(/Missing path parameter type/);
  });
});
