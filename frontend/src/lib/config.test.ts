import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, parseRuntimeConfig } from './config';

const valid = {
  stage: 'local',
  region: 'eu-west-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiBase: '/api',
  realtimeUrl: '/ws',
  price: { amount: 29900, currency: 'EUR' },
};

describe('parseRuntimeConfig', () => {
  it('accepts a complete config', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('drops an empty optional endpoint', () => {
    expect(parseRuntimeConfig({ ...valid, userPoolEndpoint: '' })).not.toHaveProperty('userPoolEndpoint');
  });

  it('rejects a missing field or an unknown auth flow', () => {
    expect(() => parseRuntimeConfig({ ...valid, userPoolId: undefined })).toThrow(ConfigError);
    expect(() => parseRuntimeConfig({ ...valid, authFlowType: 'CUSTOM_AUTH' })).toThrow(/authFlowType/);
    expect(() => parseRuntimeConfig('nope')).toThrow(ConfigError);
  });

  it('requires the price in whole minor units with a three-letter currency', () => {
    expect(parseRuntimeConfig({ ...valid, price: { amount: 29900, currency: 'eur' } }).price).toEqual({
      amount: 29900,
      currency: 'EUR',
    });
    expect(() => parseRuntimeConfig({ ...valid, price: undefined })).toThrow(/price is missing/);
    expect(() => parseRuntimeConfig({ ...valid, price: { amount: 299.5, currency: 'EUR' } })).toThrow(/amount/);
    expect(() => parseRuntimeConfig({ ...valid, price: { amount: -1, currency: 'EUR' } })).toThrow(/amount/);
    expect(() => parseRuntimeConfig({ ...valid, price: { amount: '29900', currency: 'EUR' } })).toThrow(/amount/);
    expect(() => parseRuntimeConfig({ ...valid, price: { amount: 29900, currency: 'euro' } })).toThrow(/currency/);
  });

  it("passes on the stage's coach MFA requirement, which is off when absent", () => {
    expect(parseRuntimeConfig({ ...valid, adminMfa: 'required' }).adminMfa).toBe('required');
    expect(parseRuntimeConfig(valid)).not.toHaveProperty('adminMfa');
    expect(() => parseRuntimeConfig({ ...valid, adminMfa: 'yes' })).toThrow(/adminMfa/);
  });
});

describe('loadConfig', () => {
  it('fetches /config.json once and retries after a failure', async () => {
    const failing = vi.fn<typeof fetch>(async () => new Response('', { status: 500 }));
    await expect(loadConfig(failing)).rejects.toThrow(/500/);

    const ok = vi.fn<typeof fetch>(async () => Response.json(valid));
    const [a, b] = await Promise.all([loadConfig(ok), loadConfig(ok)]);
    expect(a).toEqual(b);
    expect(ok).toHaveBeenCalledTimes(1);
    expect(ok).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });
});
