import { describe, expect, it } from 'vitest';
import { userFromClaims } from './auth';

describe('userFromClaims', () => {
  it('reads sub, username and groups from the access token and the email from the id token', () => {
    expect(
      userFromClaims(
        { sub: 's-1', username: 'admin', 'cognito:groups': ['admin'] },
        { sub: 's-1', email: 'admin@example.com' },
      ),
    ).toEqual({ sub: 's-1', username: 'admin', email: 'admin@example.com', isAdmin: true });
  });

  it('treats users outside the admin group as founders', () => {
    expect(userFromClaims({ sub: 's-2', username: 'u', 'cognito:groups': ['editors'] }, undefined)).toEqual({
      sub: 's-2',
      username: 'u',
      email: '',
      isAdmin: false,
    });
  });

  it('has no user without a subject', () => {
    expect(userFromClaims({ username: 'x' }, undefined)).toBeNull();
  });
});
