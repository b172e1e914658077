import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { adminToken, api, createUser, emailsTo, latestSignupCode, signIn, uniqueEmail } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys, stats } from '../store/keys';
import type { MeResponse } from './api-types';

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

  it('clears the remains of a sign-up that failed half-way, so the person can start again', async () => {
    const email = uniqueEmail();
    const cognito = new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint') });
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: inject('userPoolId'),
        Username: 'half-created-user',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect((await api('POST', '/api/auth/signup/start', { body: signupData(email) })).status).toBe(202);
    const code = await latestSignupCode(email);
    expect((await api('POST', '/api/auth/signup/verify', { body: { ...signupData(email), code } })).status).toBe(201);
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: inject('userPoolId'), Username: 'half-created-user' })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await signIn(email, PASSWORD);
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
