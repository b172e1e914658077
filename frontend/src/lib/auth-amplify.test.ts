import { Amplify } from 'aws-amplify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../test/test-config';
import { CUSTOM_ENDPOINT_WARNING, configureAmplify } from './auth-amplify';

const LOCAL = { ...TEST_CONFIG, userPoolEndpoint: 'http://localhost:9229' };

const warnedAboutEndpoint = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.some((args) => args.some((arg) => typeof arg === 'string' && CUSTOM_ENDPOINT_WARNING.test(arg)));

describe('configureAmplify', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is what stops the custom-endpoint warning: Amplify itself still emits it for a local endpoint', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: LOCAL.userPoolId,
          userPoolClientId: LOCAL.userPoolClientId,
          userPoolEndpoint: LOCAL.userPoolEndpoint,
        },
      },
    });
    expect(warnedAboutEndpoint(warn)).toBe(true);
  });

  it('configures the local endpoint without that warning, and leaves console.warn as it was', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureAmplify(LOCAL);
    configureAmplify(LOCAL);
    expect(warnedAboutEndpoint(warn)).toBe(false);
    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe(LOCAL.userPoolEndpoint);
    console.warn('another warning');
    expect(warn).toHaveBeenCalledWith('another warning');
  });
});
