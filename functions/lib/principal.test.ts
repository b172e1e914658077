import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { parseGroups, principalFromEvent } from './principal';

/** An event as API Gateway's JWT authorizer hands it over: every claim flattened to a string. */
function eventWith(claims: Record<string, string | number | boolean | string[]>): APIGatewayProxyEventV2 {
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

describe('principalFromEvent: claims as the local server passes them (as the token has them)', () => {
  it('takes a numeric auth_time and an array of groups', () => {
    expect(
      principalFromEvent(eventWith({ ...ACCESS, auth_time: 1_800_000_000, 'cognito:groups': ['founders', 'admin'] })),
    ).toMatchObject({ authTime: 1_800_000_000, groups: ['founders', 'admin'], isAdmin: true });
  });

  it('accepts the smallest positive auth_time and refuses what is not a whole number of seconds', () => {
    expect(principalFromEvent(eventWith({ ...ACCESS, auth_time: '1' }))?.authTime).toBe(1);
    expect(principalFromEvent(eventWith({ ...ACCESS, auth_time: 1 }))?.authTime).toBe(1);
    const refused = [
      'x1800000000',
      '1800000000x',
      ' 1800000000',
      '0x10',
      '1e3',
      '99999999999999999999',
      ['1800000000'],
      true,
      0,
      -1,
      1.5,
    ];
    for (const authTime of refused) {
      expect(principalFromEvent(eventWith({ ...ACCESS, auth_time: authTime })), String(authTime)).toBeNull();
    }
  });

  it('has no caller for a subject that is not a string, nor for an authorizer without a JWT', () => {
    expect(principalFromEvent(eventWith({ ...ACCESS, sub: 123 }))).toBeNull();
    expect(principalFromEvent({ requestContext: { authorizer: {} } } as unknown as APIGatewayProxyEventV2)).toBeNull();
  });

  it('names the caller by the sub when the token has no username string; no groups means no admin', () => {
    const { username: _u, 'cognito:groups': _g, ...rest } = ACCESS;
    expect(principalFromEvent(eventWith(rest))).toMatchObject({ username: 'sub-1', groups: [], isAdmin: false });
    expect(principalFromEvent(eventWith({ ...ACCESS, username: 42 }))?.username).toBe('sub-1');
    expect(principalFromEvent(eventWith({ ...ACCESS, 'cognito:groups': '[administrators]' }))?.isAdmin).toBe(false);
  });
});

describe('parseGroups', () => {
  it('reads the forms API Gateway flattens a list to, trimmed, without empty names', () => {
    expect(parseGroups('[admin editors]')).toEqual(['admin', 'editors']);
    expect(parseGroups(' [admin, editors] ')).toEqual(['admin', 'editors']);
    expect(parseGroups('[,admin,]')).toEqual(['admin']);
    expect(parseGroups('[]')).toEqual([]);
  });

  it('reads a bracketed JSON list as JSON, spaces inside the brackets or not', () => {
    expect(parseGroups('["admin","editors"]')).toEqual(['admin', 'editors']);
    expect(parseGroups('[ "admin" ]')).toEqual(['admin']);
    expect(parseGroups('["admin", 1]')).toEqual(['admin', '1']);
    expect(parseGroups('[1e3]')).toEqual(['1e3']);
  });

  it('falls back to spaces and commas when the quoted list is not JSON', () => {
    expect(parseGroups('["admin" editors]')).toEqual(['"admin"', 'editors']);
  });

  it('reads an unbracketed list, a half-bracketed one as names, and nothing as no groups', () => {
    expect(parseGroups('admin editors')).toEqual(['admin', 'editors']);
    expect(parseGroups(',admin,')).toEqual(['admin']);
    expect(parseGroups('[admin')).toEqual(['[admin']);
    expect(parseGroups('admin]')).toEqual(['admin]']);
    expect(parseGroups('')).toEqual([]);
    expect(parseGroups('   ')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups(['admin', 'x'])).toEqual(['admin', 'x']);
    expect(parseGroups(['a b', 'c,d'])).toEqual(['a b', 'c,d']);
  });
});
