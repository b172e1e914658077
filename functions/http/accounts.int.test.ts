import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { MeResponse } from '#shared/api-types';
import { freshClientAddress } from '../../test/api-request';
import {
  adminToken,
  api,
  createProfilelessUser,
  createUser,
  emailsTo,
  latestSignupCode,
  signIn,
  uniqueEmail,
} from '../../test/helpers';
import { OTP } from '../lib/otp';
import { ddb, tableName } from '../store/client';
import { keys, stats } from '../store/keys';
import { hitRateLimit } from '../store/rate-limits';

const PASSWORD = 'Sturdy-Passw0rd';
const signupData = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  startupName: 'Analytical Engines',
  email,
  password: PASSWORD,
});
const wrongCode = (code: string) => String(((Number(code) - 100_000 + 1) % 900_000) + 100_000);

async function userCount(): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.stat(stats.users) }));
  return Number(out.Item?.value ?? 0);
}

describe('sign-up with an emailed code', () => {
  it('emails a code, refuses a wrong one, and creates the account with the right one', async () => {
    const email = uniqueEmail();
    const usersBefore = await userCount();
    const start = await api('POST', '/api/auth/signup/start', { body: signupData(email) });
    expect(start.status).toBe(202);
    expect(start.body).toEqual({ email, expiresInSeconds: 300, resendAfterSeconds: 60 });
    const [mail] = await emailsTo(email);
    expect(mail?.subject).toBe('Your Sign-In Verification Code');
    const code = await latestSignupCode(email);
    // The code travels only by email, never in the response.
    expect(JSON.stringify(start.body)).not.toContain(code);

    const wrong = await api('POST', '/api/auth/signup/verify', {
      body: { ...signupData(email), code: wrongCode(code) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Invalid OTP: The verification code you entered is incorrect.' });

    const ok = await api<{ userId: string }>('POST', '/api/auth/signup/verify', {
      body: { ...signupData(email), code },
    });
    expect(ok.status).toBe(201);

    const { accessToken } = await signIn(email, PASSWORD);
    const me = await api<MeResponse>('GET', '/api/me', { token: accessToken });
    expect(me.body).toMatchObject({
      userId: ok.body.userId,
      isAdmin: false,
      profile: { email, firstName: 'Ada', lastName: 'Lovelace', startupName: 'Analytical Engines', paid: false },
      phases: {
        generate_idea_status: false,
        trigger_questions_status: false,
        value_proposition_status: false,
        bmc_status: false,
      },
    });
    expect(await userCount()).toBe(usersBefore + 1);
    // The code is consumed with the account.
    const pending = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.signupCode(email) }));
    expect(pending.Item).toBeUndefined();
  });

  it('checks every field and the password policy before sending anything', async () => {
    const email = uniqueEmail();
    const res = await api('POST', '/api/auth/signup/start', {
      body: { ...signupData(email), firstName: '  ', password: 'short' },
    });
    expect(res.status).toBe(400);
    const details = (res.body as { details: { field: string; message: string }[] }).details;
    expect(details).toContainEqual({ field: 'firstName', message: 'First name is required.' });
    expect(details).toContainEqual({ field: 'password', message: 'Password must be at least 8 characters long.' });
    expect(await emailsTo(email)).toEqual([]);
  });

  it('refuses a resend within 60 seconds, saying how long to wait', async () => {
    const email = uniqueEmail();
    expect((await api('POST', '/api/auth/signup/start', { body: signupData(email) })).status).toBe(202);
    const again = await api('POST', '/api/auth/signup/start', { body: signupData(email) });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(again.body).toMatchObject({
      message: expect.stringMatching(/wait \d+ seconds/),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('refuses the sixth try even with the right code', async () => {
    const email = uniqueEmail();
    await api('POST', '/api/auth/signup/start', { body: signupData(email) });
    const code = await latestSignupCode(email);
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/auth/signup/verify', {
        body: { ...signupData(email), code: wrongCode(code) },
      });
      expect(res.status).toBe(400);
    }
    const sixth = await api('POST', '/api/auth/signup/verify', { body: { ...signupData(email), code } });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ message: expect.stringContaining('Too many attempts') });
  });

  it('refuses an expired code with 410', async () => {
    const email = uniqueEmail();
    await api('POST', '/api/auth/signup/start', { body: signupData(email) });
    const code = await latestSignupCode(email);
    // Age the stored code past its 300 s instead of waiting five minutes.
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.signupCode(email),
        UpdateExpression: 'SET codeExpiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const res = await api('POST', '/api/auth/signup/verify', { body: { ...signupData(email), code } });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ message: expect.stringContaining('expired') });
  });

  it('refuses an email that already has an account, before sending a code', async () => {
    const founder = await createUser();
    const res = await api('POST', '/api/auth/signup/start', { body: signupData(founder.email) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: expect.stringContaining('already exists') });
    expect(await emailsTo(founder.email)).toEqual([]);
  });

  it('finishes a sign-up of its own that failed half-way (user created, no profile), reusing that user', async () => {
    const email = uniqueEmail();
    // What a verify leaves when it dies between creating the user and writing the profile, after
    // the pending code itself has expired: the recorded sign-up user and the Cognito user.
    const sub = await createPoolUserWithEmail('half-created-user', email);
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.signupUser(email), username: 'half-created-user', createdAt: new Date().toISOString() },
      }),
    );
    expect((await api('POST', '/api/auth/signup/start', { body: signupData(email) })).status).toBe(202);
    const code = await latestSignupCode(email);
    const verified = await api<{ userId: string }>('POST', '/api/auth/signup/verify', {
      body: { ...signupData(email), code },
    });
    expect(verified.status).toBe(201);
    expect(verified.body.userId).toBe(sub);
    await signIn(email, PASSWORD);
    const leftover = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.signupUser(email) }));
    expect(leftover.Item).toBeUndefined();
  });
});

/** Creates a Cognito user with a verified email and no profile; returns its sub. */
function createPoolUserWithEmail(username: string, email: string, group?: string): Promise<string> {
  return createProfilelessUser({ username, email, password: PASSWORD, ...(group ? { group } : {}) });
}

async function userExists(username: string): Promise<boolean> {
  const cognito = new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint') });
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: inject('userPoolId'), Username: username }));
    return true;
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return false;
    throw err;
  }
}

describe('sign-up under attack', () => {
  it("never deletes or changes an account it did not start: a coach's email answers 409 and the coach signs in", async () => {
    const email = uniqueEmail('coach');
    const username = `coach-${randomUUID().slice(0, 8)}`;
    await createPoolUserWithEmail(username, email, 'admin');
    const start = await api('POST', '/api/auth/signup/start', { body: signupData(email) });
    expect(start.status).toBe(409);
    expect(await userExists(username)).toBe(true);
    expect(await emailsTo(email)).toEqual([]);
    await signIn(username, PASSWORD);
  });

  it('does not take over a user without a profile that some other path created (no group either)', async () => {
    const email = uniqueEmail('stray');
    const username = `stray-${randomUUID().slice(0, 8)}`;
    await createPoolUserWithEmail(username, email);
    expect((await api('POST', '/api/auth/signup/start', { body: signupData(email) })).status).toBe(409);
    expect(await userExists(username)).toBe(true);
    await signIn(username, PASSWORD);
  });

  it('compares at most five codes however many guesses arrive at once', async () => {
    const email = uniqueEmail();
    await api('POST', '/api/auth/signup/start', { body: signupData(email) });
    const code = await latestSignupCode(email);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () =>
        api('POST', '/api/auth/signup/verify', { body: { ...signupData(email), code: wrongCode(code) } }),
      ),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const right = await api('POST', '/api/auth/signup/verify', { body: { ...signupData(email), code } });
    expect(right.status).toBe(429);
  });

  it('limits verify calls per client, wherever they claim to come from', async () => {
    const client = freshClientAddress();
    const calls = await Promise.all(
      Array.from({ length: OTP.verifiesPerClientPerHour + 5 }, (_, i) =>
        api('POST', '/api/auth/signup/verify', {
          clientAddress: client,
          headers: { 'x-forwarded-for': `10.9.${i}.1`, 'cloudfront-viewer-address': `10.8.${i}.1:443` },
          body: { ...signupData(uniqueEmail()), code: '123456' },
        }),
      ),
    );
    const statuses = calls.map((c) => c.status);
    expect(statuses.filter((s) => s === 410)).toHaveLength(OTP.verifiesPerClientPerHour);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('answers "already registered" only within the per-client limit', async () => {
    const founder = await createUser();
    const client = freshClientAddress();
    for (let i = 0; i < OTP.sendsPerClientPerHour; i++) {
      await api('POST', '/api/auth/signup/start', { clientAddress: client, body: signupData(uniqueEmail('probe')) });
    }
    const probe = await api('POST', '/api/auth/signup/start', {
      clientAddress: client,
      body: signupData(founder.email),
    });
    expect(probe.status).toBe(429);
  });

  it('two verifies with the right code at once: 201/201 or 201/409, one account', async () => {
    const email = uniqueEmail();
    const usersBefore = await userCount();
    await api('POST', '/api/auth/signup/start', { body: signupData(email) });
    const code = await latestSignupCode(email);
    const both = await Promise.all(
      [0, 1].map(() => api('POST', '/api/auth/signup/verify', { body: { ...signupData(email), code } })),
    );
    const statuses = both.map((b) => b.status).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(await userCount()).toBe(usersBefore + 1);
    await signIn(email, PASSWORD);
  });

  it("keeps the sender's words out of the code email (no relay for text to any address)", async () => {
    const email = uniqueEmail();
    const firstName = 'Win a prize at evil.example';
    const start = await api('POST', '/api/auth/signup/start', { body: { ...signupData(email), firstName } });
    expect(start.status).toBe(202);
    const [mail] = await emailsTo(email);
    expect(mail?.text).not.toContain('evil');
    expect(mail?.html).not.toContain('evil');
    expect(mail?.text).not.toContain('Analytical Engines');
  });
});

describe('sliding-window rate limits', () => {
  it('lets no more than the limit through across a clock-hour boundary', async () => {
    const name = `test#${randomUUID()}`;
    const hourEnd = Math.ceil(Date.now() / 1000 / 3600) * 3600;
    const before = await Promise.all(Array.from({ length: 5 }, () => hitRateLimit(name, 5, 3600, hourEnd - 1)));
    const after = await Promise.all(Array.from({ length: 5 }, () => hitRateLimit(name, 5, 3600, hourEnd + 1)));
    expect(before.every((v) => v.allowed)).toBe(true);
    expect(after.some((v) => v.allowed)).toBe(false);
    expect(after[0]?.retryAfterSeconds).toBe(3600 - 2);
    expect((await hitRateLimit(name, 5, 3600, hourEnd - 1 + 3600)).allowed).toBe(true);
  });

  it('never lets a parallel burst past the limit', async () => {
    const name = `test#${randomUUID()}`;
    const now = Math.floor(Date.now() / 1000);
    const burst = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit(name, 5, 3600, now)));
    expect(burst.filter((v) => v.allowed)).toHaveLength(5);
  });
});

describe('who am I', () => {
  it('answers from the token alone: a founder with profile and flags, the administrator without', async () => {
    const founder = await createUser({ paid: true });
    const me = await api<MeResponse>('GET', '/api/me', { token: founder.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      userId: founder.sub,
      username: founder.username,
      isAdmin: false,
      profile: { email: founder.email, paid: true },
    });

    const admin = await api<MeResponse>('GET', '/api/me', { token: await adminToken() });
    expect(admin.body).toMatchObject({ username: 'admin', isAdmin: true, profile: null });
  });
});

describe('the setup wizard', () => {
  const answers = {
    startupName: 'MealMate',
    businessType: 'saas',
    stage: 'mvp',
    industry: 'tech',
    customerType: 'b2c',
    description: 'Weekly meal plans for busy parents.',
    teamSize: '2-5',
    fundingStatus: 'angel',
    website: '',
  };

  it("saves the answers to the founder's profile", async () => {
    const founder = await createUser({ paid: false });
    const res = await api('PUT', '/api/me/onboarding', { token: founder.token, body: answers });
    expect(res.status).toBe(200);
    const me = await api<MeResponse>('GET', '/api/me', { token: founder.token });
    expect(me.body.profile?.onboarding).toEqual({ ...answers, website: null });
    expect(me.body.profile?.startupName).toBe('MealMate');
  });

  it('refuses an option the wizard does not offer', async () => {
    const founder = await createUser();
    const res = await api('PUT', '/api/me/onboarding', {
      token: founder.token,
      body: { ...answers, stage: 'unicorn' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: [{ field: 'stage', message: expect.stringContaining('idea') }] });
  });
});
