/**
 * The post-deploy smoke checks: what a founder's first minute touches (the API's health, the site, the login page,
 * one authenticated read as the canary user). Each check answers one line; none throws, so one failure never hides
 * the others. Every call carries its own timeout: a hung origin fails the check instead of the deploy job.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ROUTES } from '#shared/routes';
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

/** The site's runtime configuration, as the frontend reads it: where and how to sign in. */
export interface SignInConfig {
  readonly region: string;
  readonly userPoolClientId: string;
  readonly userPoolEndpoint: string | undefined;
  readonly authFlowType: string;
}

export async function readSignInConfig(siteUrl: string): Promise<SignInConfig> {
  const res = await get(`${siteUrl}/config.json`);
  if (res.status !== 200) throw new Error(`/config.json answered ${res.status}`);
  const data = JSON.parse(res.body) as Record<string, unknown>;
  const text = (key: string): string | undefined => (typeof data[key] === 'string' ? (data[key] as string) : undefined);
  const region = text('region');
  const userPoolClientId = text('userPoolClientId');
  const authFlowType = text('authFlowType');
  if (!region || !userPoolClientId || !authFlowType) throw new Error('/config.json lacks region, client or flow');
  return { region, userPoolClientId, userPoolEndpoint: text('userPoolEndpoint'), authFlowType };
}

/** Signs the canary in as the site's own client does and reads its account: the API's authorizer end to end. */
export async function checkCanaryRead(siteUrl: string, canary: Canary): Promise<CheckResult> {
  const name = `canary read (sign in, GET ${ME_PATH})`;
  try {
    const config = await readSignInConfig(siteUrl);
    if (config.authFlowType !== 'USER_PASSWORD_AUTH') {
      return {
        name,
        ok: false,
        saw: `the site's client signs in with ${config.authFlowType}; this check speaks USER_PASSWORD_AUTH`,
      };
    }
    const cognito = new CognitoIdentityProviderClient({
      region: config.region,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: CALL_TIMEOUT_MS },
      ...(config.userPoolEndpoint ? { endpoint: config.userPoolEndpoint } : {}),
    });
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: canary.username, PASSWORD: canary.password },
      }),
    );
    const token = auth.AuthenticationResult?.AccessToken;
    if (!token)
      return { name, ok: false, saw: `sign-in answered no tokens (challenge ${auth.ChallengeName ?? 'none'})` };
    const res = await get(`${siteUrl}${ME_PATH}`, { authorization: `Bearer ${token}` });
    return { name, ok: res.status === 200, saw: `signed in as ${canary.username}; ${ME_PATH} answered ${res.status}` };
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
