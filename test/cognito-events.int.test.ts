/**
 * Trust follows Cognito on the next request: a user deleted, disabled or signed out everywhere in Cognito directly
 * (here through its API, as the console calls it) has their sessions ended by Cognito's own events — cognito-local
 * reports the calls to the local bus as CloudTrail reports them to EventBridge, and the cognito-sessions consumer
 * ends the sessions as `npm run account:end-sessions` does — without waiting for the access token to expire.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  GlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { handler as cognitoSessions } from '../functions/consumers/cognito-sessions';
import { SESSION_ENDED_MESSAGE } from '../functions/lib/admin-mfa';
import { coachSessionExists } from '../functions/store/coach-sessions';
import { api, createProfilelessUser, createUser, eventsSettled, signIn } from './helpers';

const PASSWORD = 'Founder-Passw0rd'; // what test/users.ts gives every user it creates
const cognito = new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint') });
const user = (username: string) => ({ UserPoolId: inject('userPoolId'), Username: username });

/** The product's words for a session its account has ended, on a founder's and on every signed-in route. */
async function expectEnded(token: string, paths: readonly string[]) {
  for (const path of paths) {
    const refused = await api('GET', path, { token });
    expect(refused.status, path).toBe(401);
    expect(refused.body, path).toEqual({ error: 'Unauthorized', message: SESSION_ENDED_MESSAGE });
  }
}

const FOUNDER_PATHS = ['/api/me', '/api/dashboard', '/api/questions/trigger'] as const;
/** auth_time has whole seconds: a sign-in after the call waits for the next one. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));

describe("Cognito's own calls end a user's sessions on the next request", () => {
  it('a founder disabled in Cognito (control: the same token worked before)', async () => {
    const founder = await createUser();
    expect((await api('GET', '/api/dashboard', { token: founder.token })).status).toBe(200);
    await cognito.send(new AdminDisableUserCommand(user(founder.username)));
    expect((await eventsSettled()).deadLetters).toBe(0);
    await expectEnded(founder.token, FOUNDER_PATHS);
    // Enabled again, a new sign-in is a new session.
    await cognito.send(new AdminEnableUserCommand(user(founder.username)));
    await nextSecond();
    const fresh = await signIn(founder.username, PASSWORD);
    expect((await api('GET', '/api/dashboard', { token: fresh.accessToken })).status).toBe(200);
  });

  it('a founder deleted in Cognito, whose sub Cognito can no longer tell', async () => {
    const founder = await createUser();
    expect((await api('GET', '/api/me', { token: founder.token })).status).toBe(200);
    await cognito.send(new AdminDeleteUserCommand(user(founder.username)));
    await eventsSettled();
    await expectEnded(founder.token, FOUNDER_PATHS);
  });

  it('a founder signed out everywhere by an administrator, and by themselves; a later sign-in goes on', async () => {
    const first = await createUser();
    await cognito.send(new AdminUserGlobalSignOutCommand(user(first.username)));
    await eventsSettled();
    await expectEnded(first.token, FOUNDER_PATHS);

    const second = await createUser();
    const other = await signIn(second.username, PASSWORD);
    await cognito.send(new GlobalSignOutCommand({ AccessToken: second.token }));
    await eventsSettled();
    // Every session begun before the call ends, not only the one that asked.
    await expectEnded(second.token, FOUNDER_PATHS);
    await expectEnded(other.accessToken, ['/api/me']);
    await nextSecond();
    const after = await signIn(second.username, PASSWORD);
    expect((await api('GET', '/api/me', { token: after.accessToken })).status).toBe(200);
  });

  it('a coach taken out of the admin group or deleted: refused on every route, not only on admin routes', async () => {
    const demoted = await createUser({ admin: true });
    expect((await api('GET', '/api/admin/stats', { token: demoted.token })).status).toBe(200);
    await cognito.send(new AdminRemoveUserFromGroupCommand({ ...user(demoted.username), GroupName: 'admin' }));
    await eventsSettled();
    await expectEnded(demoted.token, ['/api/admin/stats', '/api/admin/founders', '/api/me']);

    // A coach as the operator makes one: no founder profile, and no record until the API has something to keep.
    const username = `coach-${randomUUID().slice(0, 8)}`;
    await createProfilelessUser({ username, email: `${username}@example.com`, password: PASSWORD, group: 'admin' });
    const { accessToken } = await signIn(username, PASSWORD);
    expect((await api('GET', '/api/me', { token: accessToken })).status).toBe(200);
    await cognito.send(new AdminDeleteUserCommand(user(username)));
    await eventsSettled();
    await expectEnded(accessToken, ['/api/me', '/api/admin/stats']);
  });

  it("leaves no record under a founder's sub when the app itself deletes the account", async () => {
    const founder = await createUser();
    const deleted = await api('POST', '/api/me/delete', { token: founder.token, body: { email: founder.email } });
    expect(deleted.status).toBe(200);
    // The deletion's own AdminDeleteUser is reported like any other; it finds nothing left to end.
    expect((await eventsSettled()).deadLetters).toBe(0);
    expect(await coachSessionExists(founder.sub)).toBe(false);
  });

  describe('what the consumer leaves alone', () => {
    /** Cognito's event for a call, as CloudTrail hands it to the default bus. */
    const cloudTrailEvent = (eventName: string, sub: string, requestParameters: Record<string, unknown>) => ({
      version: '0',
      id: randomUUID(),
      'detail-type': 'AWS API Call via CloudTrail',
      source: 'aws.cognito-idp',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: [],
      detail: {
        eventSource: 'cognito-idp.amazonaws.com',
        eventName,
        eventTime: new Date().toISOString(),
        requestParameters,
        additionalEventData: { sub },
      },
    });

    it("another pool's admin call: the founder with that sub goes on", async () => {
      const founder = await createUser();
      await cognitoSessions(
        cloudTrailEvent('AdminDisableUser', founder.sub, { userPoolId: 'us-east-1_another', username: 'HIDDEN' }),
      );
      expect((await api('GET', '/api/me', { token: founder.token })).status).toBe(200);
    });

    it("a stranger's own global sign-out (maybe another pool's) writes nothing under their sub", async () => {
      const stranger = randomUUID();
      await cognitoSessions(cloudTrailEvent('GlobalSignOut', stranger, { accessToken: 'HIDDEN' }));
      expect(await coachSessionExists(stranger)).toBe(false);
      // The same call by a user of ours without a profile (a coach) would: an admin call of this pool does.
      await cognitoSessions(cloudTrailEvent('AdminUserGlobalSignOut', stranger, { userPoolId: inject('userPoolId') }));
      expect(await coachSessionExists(stranger)).toBe(true);
    });
  });
});
