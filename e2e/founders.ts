/** Makes founders through the real sign-up API and the local checkout, as the browser would. */
import { randomUUID } from 'node:crypto';

export interface Founder {
  email: string;
  password: string;
  firstName: string;
}

interface MailItem {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export async function mail(appUrl: string, to: string): Promise<MailItem[]> {
  const all = (await (await fetch(`${appUrl}/_dev/mail.json`)).json()) as MailItem[];
  return all.filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
}

/** The newest 6-digit code emailed to an address whose subject matches. */
export async function codeFromMail(appUrl: string, to: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const found = (await mail(appUrl, to)).find((m) => subject.test(m.subject));
    const code = found ? /\b(\d{6})\b/.exec(`${found.text} ${found.html}`)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${to} with subject ${subject}`);
}

export function newFounder(): Founder {
  return { email: `founder-${randomUUID().slice(0, 8)}@example.com`, password: 'Founder-Passw0rd', firstName: 'Grace' };
}

async function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** What the sign-up asks for besides the password; the API and the browser's form send the same. */
export function signUpDetails(founder: Founder) {
  return { firstName: founder.firstName, lastName: 'Hopper', startupName: 'Compilers Inc', email: founder.email };
}

/** Signs up through the API with the emailed code; the founder exists but has not paid. */
export async function signUpFounder(appUrl: string, founder = newFounder()): Promise<Founder> {
  const data = signUpDetails(founder);
  const start = await post(`${appUrl}/api/auth/signup/start`, { ...data, password: founder.password });
  if (start.status !== 202) throw new Error(`sign-up start: ${start.status} ${await start.text()}`);
  const code = await codeFromMail(appUrl, founder.email, /Verification Code/);
  const verify = await post(`${appUrl}/api/auth/signup/verify`, { ...data, password: founder.password, code });
  if (verify.status !== 201) throw new Error(`sign-up verify: ${verify.status} ${await verify.text()}`);
  return founder;
}

export async function accessToken(appUrl: string, username: string, password: string): Promise<string> {
  const config = (await (await fetch(`${appUrl}/config.json`)).json()) as {
    userPoolEndpoint: string;
    userPoolClientId: string;
  };
  const res = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { AccessToken?: string } };
  const token = body.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  return token;
}

/** Pays through the local checkout page's form, which delivers the signed webhook. */
export async function payFor(appUrl: string, founder: Founder): Promise<void> {
  const token = await accessToken(appUrl, founder.email, founder.password);
  const checkout = await post(`${appUrl}/api/payments/checkout`, {}, token);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`local checkout answered ${paid.status}`);
}

/** A founder signed up and paid through the API, ready to log in to the product. */
export async function signUpPaidFounder(appUrl: string, founder = newFounder()): Promise<Founder> {
  await signUpFounder(appUrl, founder);
  await payFor(appUrl, founder);
  return founder;
}

async function authed(appUrl: string, founder: Founder, method: string, path: string, body?: unknown) {
  const token = await accessToken(appUrl, founder.email, founder.password);
  return fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** One API call as the founder; throws on an error answer, resolves with the JSON (undefined for 204). */
export async function founderApi(appUrl: string, founder: Founder, method: string, path: string, body?: unknown) {
  const res = await authed(appUrl, founder, method, path, body);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : ((await res.json()) as unknown);
}

/** Saves an idea and answers every trigger question through the API, as the founder's pages would. */
export async function answerAllTriggerQuestions(appUrl: string, founder: Founder): Promise<number> {
  await authed(appUrl, founder, 'PUT', '/api/idea', { idea: 'Meal plans for busy parents' });
  const res = await authed(appUrl, founder, 'GET', '/api/questions/trigger');
  const { questions } = (await res.json()) as { questions: { id: string }[] };
  for (const [i, q] of questions.entries()) {
    const saved = await authed(appUrl, founder, 'PUT', `/api/answers/trigger/${q.id}`, {
      answers: [`Answer ${i + 1}`],
    });
    if (saved.status !== 200) throw new Error(`answer ${q.id}: ${saved.status} ${await saved.text()}`);
  }
  return questions.length;
}

/** A coach's unlock of one phase through the API (the business-model unlock opens validation tests). */
export async function unlockPhase(
  appUrl: string,
  adminPassword: string,
  founder: Founder,
  phase: string,
): Promise<void> {
  const me = (await (await authed(appUrl, founder, 'GET', '/api/me')).json()) as { userId: string };
  const unlock = await fetch(`${appUrl}/api/admin/founders/${me.userId}/unlock`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await accessToken(appUrl, 'admin', adminPassword)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ phase }),
  });
  if (unlock.status !== 200) throw new Error(`unlock of ${phase}: ${unlock.status} ${await unlock.text()}`);
}

/**
 * Waits until the local bus has delivered every event (consumers run asynchronously, as in the cloud). The idle
 * route does not wait for a delivery on its back-off timer, so this asks again while one is, for a few seconds.
 */
export async function eventsSettled(appUrl: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const state = (await (await fetch(`${appUrl}/_dev/events/idle`)).json()) as { retrying?: number };
    if (!state.retrying || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
