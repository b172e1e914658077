import { describe, expect, it } from 'vitest';
import { cognitoSessionsPattern, matchesCognitoSessions } from '#shared/events';
import { readCognitoCall } from './cognito-sessions';

const SUB = '3f1c2a9e-8b7d-4c6a-9e5f-0a1b2c3d4e5f';
const POOL = 'eu-central-1_Abc123';
const RECEIVED = new Date('2026-12-01T10:00:30.000Z');

/** A CloudTrail event's detail as Cognito writes it: the sub kept, the username hidden. */
const detail = (overrides: Record<string, unknown> = {}) => ({
  eventSource: 'cognito-idp.amazonaws.com',
  eventName: 'AdminDisableUser',
  eventTime: '2026-12-01T10:00:05Z',
  requestParameters: { userPoolId: POOL, username: 'HIDDEN_DUE_TO_SECURITY_REASONS' },
  additionalEventData: { sub: SUB },
  ...overrides,
});

describe('readCognitoCall', () => {
  it("reads the sub, the call's second and the pool", () => {
    expect(readCognitoCall(detail(), RECEIVED)).toEqual({
      name: 'AdminDisableUser',
      sub: SUB,
      atSeconds: Date.parse('2026-12-01T10:00:05Z') / 1000,
      userPoolId: POOL,
      groupName: null,
      appTurnedOff: false,
    });
  });

  it('tells an authenticator app turned off from one turned on, or not said', () => {
    const mfa = (settings: unknown) =>
      detail({ eventName: 'SetUserMFAPreference', requestParameters: { softwareTokenMfaSettings: settings } });
    expect(readCognitoCall(mfa({ enabled: false }), RECEIVED)).toMatchObject({ appTurnedOff: true });
    expect(readCognitoCall(mfa({ enabled: true }), RECEIVED)).toMatchObject({ appTurnedOff: false });
    expect(readCognitoCall(mfa(undefined), RECEIVED)).toMatchObject({ appTurnedOff: false });
  });

  it('takes a group that CloudTrail shows, and none that it hides', () => {
    const shown = detail({
      eventName: 'AdminRemoveUserFromGroup',
      requestParameters: { userPoolId: POOL, groupName: 'admin' },
    });
    expect(readCognitoCall(shown, RECEIVED)).toMatchObject({ groupName: 'admin' });
    const hidden = detail({
      eventName: 'AdminRemoveUserFromGroup',
      requestParameters: { userPoolId: POOL, groupName: 'HIDDEN_DUE_TO_SECURITY_REASONS' },
    });
    expect(readCognitoCall(hidden, RECEIVED)).toMatchObject({ groupName: null });
  });

  it("reads the user's own call, which names no pool", () => {
    const own = detail({
      eventName: 'GlobalSignOut',
      requestParameters: { accessToken: 'HIDDEN_DUE_TO_SECURITY_REASONS' },
    });
    expect(readCognitoCall(own, RECEIVED)).toMatchObject({ name: 'GlobalSignOut', userPoolId: null });
  });

  it('falls back to the time received, rounded down, without a readable eventTime', () => {
    expect(readCognitoCall(detail({ eventTime: 'yesterday' }), RECEIVED)).toMatchObject({
      atSeconds: Math.floor(RECEIVED.getTime() / 1000),
    });
  });

  it.each([
    ['no detail', null],
    ['another call', detail({ eventName: 'AdminEnableUser' })],
    ['a refused call', detail({ errorCode: 'UserNotFoundException' })],
    ['no sub', detail({ additionalEventData: null })],
    ['a hidden sub', detail({ additionalEventData: { sub: 'HIDDEN_DUE_TO_SECURITY_REASONS' } })],
    ['a sub that is not a UUID', detail({ additionalEventData: { sub: 'USER#x' } })],
  ])('ignores %s, saying why', (_what, input) => {
    expect(typeof readCognitoCall(input, RECEIVED)).toBe('string');
  });
});

describe('the rule (cognitoSessionsPattern) and the local bus matching it', () => {
  const event = (d: Record<string, unknown>, source = 'aws.cognito-idp') => ({
    source,
    'detail-type': 'AWS API Call via CloudTrail',
    detail: d,
  });

  it("matches the pool's admin calls and the users' own calls", () => {
    expect(matchesCognitoSessions(event(detail()), POOL)).toBe(true);
    expect(matchesCognitoSessions(event(detail({ eventName: 'DeleteUser', requestParameters: {} })), POOL)).toBe(true);
  });

  it("refuses another pool's admin calls, other calls, sources and services", () => {
    expect(matchesCognitoSessions(event(detail()), 'eu-central-1_Other')).toBe(false);
    expect(matchesCognitoSessions(event(detail({ eventName: 'AdminEnableUser' })), POOL)).toBe(false);
    expect(matchesCognitoSessions(event(detail(), 'preseed.app'), POOL)).toBe(false);
    expect(matchesCognitoSessions(event(detail({ eventSource: 'iam.amazonaws.com' })), POOL)).toBe(false);
    expect(
      matchesCognitoSessions({ ...event(detail()), 'detail-type': 'AWS Console Action via CloudTrail' }, POOL),
    ).toBe(false);
  });

  it('names the same calls, source and pool as the matcher', () => {
    expect(cognitoSessionsPattern(POOL)).toEqual({
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: {
        eventSource: ['cognito-idp.amazonaws.com'],
        $or: [
          {
            eventName: ['AdminDeleteUser', 'AdminDisableUser', 'AdminUserGlobalSignOut', 'AdminRemoveUserFromGroup'],
            requestParameters: { userPoolId: [POOL] },
          },
          { eventName: ['GlobalSignOut', 'DeleteUser', 'SetUserMFAPreference'] },
        ],
      },
    });
  });
});
