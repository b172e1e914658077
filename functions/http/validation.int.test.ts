import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ValidationTestsResponse } from '#shared/api-types';
import { PAGE_LOCKED_MESSAGES } from '#shared/domain/phases';
import { adminToken, api, createUser, type TestUser } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';

async function storedRun(founder: TestUser, testId: string): Promise<Record<string, unknown> | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.testRun(founder.sub, testId), ConsistentRead: true }),
  );
  return out.Item;
}

describe('validation tests behind the business-model unlock', () => {
  it('refuses a paid founder before the unlock with 403 naming it, writing nothing; after the unlock it works', async () => {
    const founder = await createUser({ paid: true });
    const calls = [
      ['GET', '/api/validation-tests', undefined],
      ['PUT', '/api/validation-tests/test-1', { status: 'in-progress', progress: 10 }],
      ['DELETE', '/api/validation-tests/test-2', undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: founder.token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ error: 'Forbidden', message: PAGE_LOCKED_MESSAGES.validation });
    }
    expect(PAGE_LOCKED_MESSAGES.validation).toContain('Business Model');
    expect(await storedRun(founder, 'test-1')).toBeUndefined();
    expect(await storedRun(founder, 'test-2')).toBeUndefined();

    // The coach's business-model unlock sets the flag the sidebar opens the pages with.
    const unlock = await api('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token: await adminToken(),
      body: { phase: 'business-model' },
    });
    expect(unlock.status).toBe(200);

    const started = await api('PUT', '/api/validation-tests/test-1', {
      token: founder.token,
      body: { status: 'in-progress', progress: 10 },
    });
    expect(started.status).toBe(200);
    expect((await api('DELETE', '/api/validation-tests/test-2', { token: founder.token })).status).toBe(204);
    const list = await api<ValidationTestsResponse>('GET', '/api/validation-tests', { token: founder.token });
    expect(list.status).toBe(200);
    expect(list.body.tests.find((t) => t.id === 'test-1')).toMatchObject({ status: 'in-progress', progress: 10 });
    expect(list.body.tests.some((t) => t.id === 'test-2')).toBe(false);
  });
});
