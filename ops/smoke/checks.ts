/**
 * The post-deploy smoke checks: what a founder's first minute touches (the API's health, the site, the login page,
 * one authenticated read as the canary user). Each check answers one line; none throws, so one failure never hides
 * the others. Every call carries its own timeout: a hung origin fails the check instead of the deploy job.
 */
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { ROUTES } from '#shared/routes';
import { configureAmplify } from '../../frontend/src/lib/auth-amplify';
import { parseRuntimeConfig, type RuntimeConfig } from '../../frontend/src/lib/config';
import { PATHS } from '../../frontend/src/lib/paths';

export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  /** What the check saw: a status, a body's gist, an error's message. Never a credential or a token. */
  readonly saw: string;
}

export interface Canary {
  readonly username: string;
  readonly password: string;
}

/** Per HTTP call; the deploy job's smoke step gives the whole run a few minutes. */
export const CALL_TIMEOUT_MS = 10_000;

/** The element the app mounts into (frontend/index.html); a page without it is not the app. */
export const APP_ROOT = '<div id="root">';

export const HEALTH_PATH = ROUTES['platform.health'].path;
export const ME_PATH = ROUTES['accounts.me'].path;
export const LOGIN_PATH = PATHS.login;

const gist = (text: string): string => text.replace(/\s+/g, ' ').slice(0, 120);

const failed = (name: string, err: unknown): CheckResult => ({
  name,
  ok: false,
  saw: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

export async function checkHealth(siteUrl: string): Promise<CheckResult> {
  const name = `health (GET ${HEALTH_PATH})`;
  try {
    const res = await get(`${siteUrl}${HEALTH_PATH}`);
    const ok = res.status === 200 && /"status"\s*:\s*"ok"/.test(res.body);
    return { name, ok, saw: `${res.status} ${gist(res.body)}` };
  } catch (err) {
    return failed(name, err);
  }
}

/** The SPA's index and the login route both have to answer the app's page (CloudFront serves index.html for both). */
export async function checkPage(siteUrl: string, path: string, label: string): Promise<CheckResult> {
  const name = `${label} (GET ${path})`;
  try {
    const res = await get(`${siteUrl}${path}`);
    const html = /text\/html/.test(res.type);
    const root = res.body.includes(APP_ROOT);
    const ok = res.status === 200 && html && root;
    const what = `${res.status} ${res.type || 'no content-type'}${root ? ', app root present' : ', no app root'}`;
    return { name, ok, saw: what };
  } catch (err) {
    return failed(name, err);
  }
}

/** The site's runtime configuration, read and checked as the frontend reads it (frontend/src/lib/config.ts). */
export async function readSiteConfig(siteUrl: string): Promise<RuntimeConfig> {
  const res = await get(`${siteUrl}/config.json`);
  if (res.status !== 200) throw new Error(`/config.json answered ${res.status}`);
  return parseRuntimeConfig(JSON.parse(res.body));
}

/**
 * The canary's access token, signed in as the site's own client signs in: Amplify's signIn with the flow the site's
 * config names (SRP on every cloud stage, whose app client allows nothing else; the password flow offline, where
 * cognito-local has no SRP). Amplify keeps the session in memory in Node; it is signed out again right after.
 */
export async function canaryAccessToken(config: RuntimeConfig, canary: Canary): Promise<string> {
  configureAmplify(config);
  const signedIn = await withTimeout(
    signIn({ username: canary.username, password: canary.password, options: { authFlowType: config.authFlowType } }),
    'sign-in',
  );
  if (!signedIn.isSignedIn) throw new Error(`sign-in asked for ${signedIn.nextStep.signInStep}, not tokens`);
  const { tokens } = await fetchAuthSession();
  if (!tokens) throw new Error('sign-in answered no tokens');
  return tokens.accessToken.toString();
}

/** Amplify's calls take no signal: a hung Cognito endpoint fails the check after CALL_TIMEOUT_MS instead. */
async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Signs the canary in as the site's own client does and reads its account: the API's authorizer end to end. */
export async function checkCanaryRead(siteUrl: string, canary: Canary): Promise<CheckResult> {
  const name = `canary read (sign in, GET ${ME_PATH})`;
  try {
    const config = await readSiteConfig(siteUrl);
    const token = await canaryAccessToken(config, canary);
    try {
      const res = await get(`${siteUrl}${ME_PATH}`, { authorization: `Bearer ${token}` });
      return {
        name,
        ok: res.status === 200,
        saw: `signed in as ${canary.username} (${config.authFlowType}); ${ME_PATH} answered ${res.status}`,
      };
    } finally {
      // Local only (no global sign-out): the canary's next run signs in afresh.
      await signOut().catch(() => undefined);
    }
  } catch (err) {
    return failed(name, err);
  }
}

export async function runSmoke(siteUrl: string, canary: Canary): Promise<CheckResult[]> {
  const base = siteUrl.replace(/\/+$/, '');
  return [
    await checkHealth(base),
    await checkPage(base, '/', 'site'),
    await checkPage(base, LOGIN_PATH, 'sign-in page'),
    await checkCanaryRead(base, canary),
  ];
}

export const formatResult = (r: CheckResult): string => `${r.ok ? 'PASS' : 'FAIL'} ${r.name}: ${r.saw}`;

/** The canary's secret: JSON `{ "username", "password" }`. */
export function parseCanary(text: string): Canary {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('the canary secret is not JSON; it holds {"username": "…", "password": "…"}');
  }
  const record = (data ?? {}) as Record<string, unknown>;
  const { username, password } = record;
  if (typeof username !== 'string' || username === '' || typeof password !== 'string' || password === '') {
    throw new Error('the canary secret needs a non-empty "username" and "password"');
  }
  return { username, password };
}

/** The canary's Secrets Manager secret on a stage. */
export const canarySecretName = (stage: string): string => `preseed/${stage}/canary`;
