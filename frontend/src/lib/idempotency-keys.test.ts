import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/routes';
import { ApiError, apiFetch, configureApi } from './api';
import { forgetOpenSaves } from './idempotency-keys';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const saved = {
  answer: { questionId: 'q1', category: 'Customer Jobs', answers: ['A'], submittedAt: '', updatedAt: '' },
  progress: { answered: 1, total: 3, complete: false },
};

function keysSent(): (string | null)[] {
  return fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER));
}

const save = (answers: string[], questionId = 'q1') =>
  apiFetch('journey.saveAnswer', { params: { type: 'trigger', questionId }, body: { answers } });

beforeEach(() => {
  fetchMock.mockReset();
  forgetOpenSaves();
  configureApi({ apiBase: '/api', getAccessToken: async () => 'token', fetch: fetchMock });
});

describe('Idempotency-Key on saves', () => {
  it('reuses the key when the same save is retried after a 503, and makes a new one for the next save', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(503, { error: 'ServiceUnavailable', message: 'Try again.' }))
      .mockResolvedValueOnce(jsonResponse(200, saved))
      .mockResolvedValueOnce(jsonResponse(200, saved));
    await expect(save(['A'])).rejects.toBeInstanceOf(ApiError);
    await save(['A']);
    await save(['A']);
    const [first, retry, next] = keysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('reuses the key after a lost connection and while the API says the key is being handled', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(409, { error: 'IdempotencyKeyInUse', message: 'In a moment.' }))
      .mockResolvedValueOnce(jsonResponse(200, saved));
    await expect(save(['A'])).rejects.toMatchObject({ status: 0 });
    await expect(save(['A'])).rejects.toMatchObject({ status: 409 });
    await save(['A']);
    const sent = keysSent();
    expect(new Set(sent).size).toBe(1);
  });

  it('makes a new key when the text changed before the retry, or the first attempt was refused', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(503, { error: 'ServiceUnavailable', message: 'Try again.' }))
      .mockResolvedValueOnce(jsonResponse(400, { error: 'BadRequest', message: 'No.' }))
      .mockResolvedValueOnce(jsonResponse(200, saved));
    await expect(save(['A'])).rejects.toBeInstanceOf(ApiError);
    await expect(save(['A, edited'])).rejects.toMatchObject({ status: 400 });
    await save(['A, edited']);
    const [first, edited, afterRefusal] = keysSent();
    expect(edited).not.toBe(first);
    expect(afterRefusal).not.toBe(edited);
  });

  it('keeps one open key per address: a failed save of another question does not share it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { error: 'ServiceUnavailable', message: 'Try again.' }));
    await expect(save(['A'], 'q1')).rejects.toBeInstanceOf(ApiError);
    await expect(save(['A'], 'q2')).rejects.toBeInstanceOf(ApiError);
    await expect(save(['A'], 'q1')).rejects.toBeInstanceOf(ApiError);
    const [q1, q2, q1Again] = keysSent();
    expect(q2).not.toBe(q1);
    expect(q1Again).toBe(q1);
  });

  it('sends no key on a read', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { questions: [] }));
    await apiFetch('questions.list', { params: { type: 'trigger' } });
    expect(keysSent()).toEqual([null]);
  });
});
