import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { principalFromEvent } from './principal';

/** An event as API Gateway's JWT authorizer hands it over: every claim flattened to a string. */
function eventWith(claims: Record<string, string>): APIGatewayProxyEventV2 {
  return { requestContext: { authorizer: { jwt: { claims, scopes: null } } } } as unknown as APIGatewayProxyEventV2;
}

const ACCESS = {
  sub: 'sub-1',
  username: 'coach',
  token_use: 'access',
  auth_time: '1800000000',
  client_id: 'client',
  'cognito:groups': '[admin]',
};

describe('principalFromEvent', () => {
  it("builds the caller from an access token's claims, with the session's sign-in time", () => {
    expect(principalFromEvent(eventWith(ACCESS))).toEqual({
      sub: 'sub-1',
      username: 'coach',
      groups: ['admin'],
      isAdmin: true,
      authTime: 1_800_000_000,
    });
  });

  it("refuses an ID token, which API Gateway's authorizer lets through by its audience", () => {
    const { client_id: _clientId, ...rest } = ACCESS;
    expect(principalFromEvent(eventWith({ ...rest, token_use: 'id', aud: 'client' }))).toBeNull();
  });

  it('refuses a token without a usable auth_time: its session could not be ended', () => {
    const { auth_time: _authTime, ...rest } = ACCESS;
    expect(principalFromEvent(eventWith(rest))).toBeNull();
    for (const authTime of ['', 'soon', '-5', '1.5', '0']) {
      expect(principalFromEvent(eventWith({ ...ACCESS, auth_time: authTime })), authTime).toBeNull();
    }
  });

  it('has no caller without claims or a subject', () => {
    expect(principalFromEvent({ requestContext: {} } as unknown as APIGatewayProxyEventV2)).toBeNull();
    expect(principalFromEvent(eventWith({ ...ACCESS, sub: '' }))).toBeNull();
  });
});
