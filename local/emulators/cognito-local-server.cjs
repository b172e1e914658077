'use strict';
/*
 * Runs cognito-local 5.3.0 with the targets it lacks but aws-amplify 6.22 or our operator command calls —
 * GetTokensFromRefreshToken (token refresh), GlobalSignOut (signOut({ global: true })),
 * AdminUserGlobalSignOut and AdminSetUserMFAPreference (npm run account:end-sessions) — and with
 * refreshed tokens keeping their sign-in's `auth_time`, as Cognito's do (cognito-local stamps the refresh
 * time; the API ends sessions by `auth_time`). The Router and isSupportedTarget both read the very
 * `Targets` object exported by lib/targets/targets, per request, so changing its keys before the server
 * starts is enough.
 *
 * With PRESEED_COGNITO_MAIL_RELAY=<aws-ses-v2-local URL>, confirmation codes (ForgotPassword,
 * SignUp, ...) are also sent as emails to that SES emulator (from PRESEED_COGNITO_MAIL_FROM when set),
 * so they show up in the local mail viewer; they are still printed to the console as cognito-local
 * always does. A CustomMessage trigger (cognito.ts `triggers`) words them as in the cloud.
 *
 * Environment: HOST, PORT (read by cognito-local), cwd = the directory holding `.cognito/`.
 */
require('./exit-with-parent.cjs')();

const { Targets } = require('cognito-local/lib/targets/targets');
const { InitiateAuth } = require('cognito-local/lib/targets/initiateAuth');
const { InvalidParameterError, NotAuthorizedError, UserNotFoundError } = require('cognito-local/lib/errors');
const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender');
const { attributeValue } = require('cognito-local/lib/services/userPoolService');
const publicKey = require('cognito-local/lib/keys/cognitoLocal.public.json');
const privateKey = require('cognito-local/lib/keys/cognitoLocal.private.json');
// jsonwebtoken is cognito-local's dependency, not ours: resolve it from there.
const { createRequire } = require('node:module');
const jwt = createRequire(require.resolve('cognito-local/package.json'))('jsonwebtoken');

/**
 * A refresh continues a sign-in, so Cognito's refreshed tokens carry that sign-in's `auth_time`;
 * cognito-local stamps the refresh time instead. Its refresh token is a JWT whose `iat` is the sign-in's
 * time, so the refreshed access and ID tokens are signed again with that as `auth_time` (nothing else changes).
 */
function keepSignInTime(token, authTime) {
  const payload = token ? jwt.decode(token) : null;
  if (!payload || typeof payload !== 'object') return token;
  return jwt.sign({ ...payload, auth_time: authTime }, privateKey.pem, { algorithm: 'RS256', keyid: 'CognitoLocal' });
}

Targets.InitiateAuth = (services) => {
  const initiateAuth = InitiateAuth(services);
  return async (ctx, req) => {
    const result = await initiateAuth(ctx, req);
    const isRefresh = req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN';
    const signedInAt = isRefresh ? jwt.decode(req.AuthParameters?.REFRESH_TOKEN ?? '')?.iat : undefined;
    const tokens = result.AuthenticationResult;
    if (typeof signedInAt !== 'number' || !tokens) return result;
    return {
      ...result,
      AuthenticationResult: {
        ...tokens,
        AccessToken: keepSignInTime(tokens.AccessToken, signedInAt),
        IdToken: keepSignInTime(tokens.IdToken, signedInAt),
      },
    };
  };
};

Targets.GetTokensFromRefreshToken = (services) => {
  const initiateAuth = Targets.InitiateAuth(services);
  return async (ctx, req) => {
    if (!req.RefreshToken) throw new InvalidParameterError('Missing required parameter RefreshToken');
    if (!req.ClientId) throw new InvalidParameterError('Missing required parameter ClientId');
    const result = await initiateAuth(ctx, {
      ClientId: req.ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      ClientMetadata: req.ClientMetadata,
    });
    const accessToken = result.AuthenticationResult?.AccessToken;
    return {
      AuthenticationResult: {
        ...result.AuthenticationResult,
        // Real Cognito returns the refresh token again unless rotation is on; Amplify keeps whatever comes back.
        RefreshToken: req.RefreshToken,
        TokenType: 'Bearer',
        ExpiresIn: secondsLeft(accessToken),
      },
    };
  };
};

Targets.GlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    let claims;
    try {
      claims = jwt.verify(req.AccessToken ?? '', publicKey.pem, { algorithms: ['RS256'] });
    } catch {
      throw new NotAuthorizedError('Invalid Access Token');
    }
    if (typeof claims !== 'object' || claims.token_use !== 'access') {
      throw new NotAuthorizedError('Invalid Access Token');
    }
    const userPool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await userPool.getUserByUsername(ctx, claims.username ?? claims.sub);
    if (!user) throw new NotAuthorizedError('Access Token has been revoked');
    // Revoking every refresh token is what GlobalSignOut guarantees; access tokens stay valid
    // until they expire here, since cognito-local keeps no list of issued access tokens.
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

/** Revokes every refresh token of a user, as Cognito's AdminUserGlobalSignOut does (access tokens live on). */
Targets.AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

/**
 * An operator's change of a user's MFA settings (turning the authenticator app off after a lost phone), with
 * the rules of cognito-local's own SetUserMFAPreference.
 */
Targets.AdminSetUserMFAPreference =
  ({ cognito }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
      throw new InvalidParameterError('User has not verified software token MFA');
    }
    const methods = new Set(user.UserMFASettingList ?? []);
    if (software) {
      if (software.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
      else methods.delete('SOFTWARE_TOKEN_MFA');
    }
    const preferred = software?.PreferredMfa && methods.has('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : undefined;
    await userPool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: preferred,
      // Turned off, the app's secret goes too: the next setup starts from a new one, as in Cognito.
      ...(methods.has('SOFTWARE_TOKEN_MFA') ? {} : { SoftwareTokenMfaConfiguration: undefined }),
    });
    return {};
  };

/*
 * With PRESEED_COGNITO_EVENT_BUS=<local EventBridge URL>, the calls that end a user's sessions are reported there as
 * CloudTrail reports them to the cloud's default event bus ("AWS API Call via CloudTrail", source aws.cognito-idp):
 * the user's sub in additionalEventData, the username and tokens hidden, the pool named only by the admin calls.
 * Only successful calls are reported (CloudTrail also logs refused ones, with an errorCode the consumer ignores).
 * The report is awaited, so once the Cognito call has answered its event is on the bus.
 */
const eventBus = process.env.PRESEED_COGNITO_EVENT_BUS;
const HIDDEN = 'HIDDEN_DUE_TO_SECURITY_REASONS';
const REPORTED_CALLS = {
  AdminDeleteUser: 'admin',
  AdminDisableUser: 'admin',
  AdminUserGlobalSignOut: 'admin',
  AdminRemoveUserFromGroup: 'admin',
  GlobalSignOut: 'self',
  DeleteUser: 'self',
  SetUserMFAPreference: 'self',
};

async function subOfCall(services, ctx, kind, req) {
  if (kind === 'self') {
    const claims = jwt.decode(req.AccessToken ?? '');
    return claims && typeof claims === 'object' ? claims.sub : undefined;
  }
  // Read before the call: after AdminDeleteUser there is no user to read.
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  return user ? attributeValue('sub', user.Attributes) : undefined;
}

async function reportCall(name, kind, req, sub) {
  const detail = {
    eventVersion: '1.08',
    // CloudTrail's time has whole seconds.
    eventTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    eventSource: 'cognito-idp.amazonaws.com',
    eventName: name,
    awsRegion: process.env.AWS_REGION || 'us-east-1',
    requestParameters:
      kind === 'admin'
        ? { userPoolId: req.UserPoolId, username: HIDDEN, ...(req.GroupName ? { groupName: req.GroupName } : {}) }
        : {
            accessToken: HIDDEN,
            ...(req.SoftwareTokenMfaSettings
              ? {
                  softwareTokenMfaSettings: {
                    enabled: req.SoftwareTokenMfaSettings.Enabled,
                    preferredMfa: req.SoftwareTokenMfaSettings.PreferredMfa,
                  },
                }
              : {}),
          },
    responseElements: null,
    additionalEventData: { sub },
    readOnly: false,
    eventType: 'AwsApiCall',
    managementEvent: true,
    eventCategory: 'Management',
  };
  const response = await fetch(eventBus, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSEvents.PutEvents' },
    body: JSON.stringify({
      Entries: [
        { Source: 'aws.cognito-idp', DetailType: 'AWS API Call via CloudTrail', Detail: JSON.stringify(detail) },
      ],
    }),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} ${await response.text()}`);
}

if (eventBus) {
  for (const [name, kind] of Object.entries(REPORTED_CALLS)) {
    const makeTarget = Targets[name];
    Targets[name] = (services) => {
      const target = makeTarget(services);
      return async (ctx, req) => {
        const sub = await subOfCall(services, ctx, kind, req).catch(() => undefined);
        const result = await target(ctx, req);
        if (typeof sub === 'string') {
          try {
            await reportCall(name, kind, req, sub);
          } catch (error) {
            // The Cognito call stands, as in the cloud when an event is late; the console says it was not reported.
            ctx.logger.warn(`could not report ${name} to ${eventBus}: ${error.message}`);
          }
        }
        return result;
      };
    };
  }
}

function secondsLeft(token) {
  const payload = token ? jwt.decode(token) : null;
  if (!payload || typeof payload.exp !== 'number') return undefined;
  return Math.max(0, payload.exp - Math.floor(Date.now() / 1000));
}

const mailRelay = process.env.PRESEED_COGNITO_MAIL_RELAY;
if (mailRelay) {
  const printToConsole = ConsoleMessageSender.prototype.sendEmail;
  ConsoleMessageSender.prototype.sendEmail = async function sendEmail(ctx, user, destination, message) {
    await printToConsole.call(this, ctx, user, destination, message);
    try {
      await relayToSes(destination, message);
    } catch (error) {
      // Losing the copy in the mail viewer must not fail the Cognito call; the console still has the code.
      ctx.logger.warn(`could not relay the code email to ${mailRelay}: ${error.message}`);
    }
  };
}

async function relayToSes(destination, message) {
  // Cognito's default verification email, unless a CustomMessage trigger supplied one.
  const subject = message.emailSubject || 'Your verification code';
  const text = message.emailMessage || `Your verification code is ${message.__code}. `;
  const response = await fetch(new URL('/v2/email/outbound-emails', mailRelay), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // aws-ses-v2-local only checks that some SigV4 header is present.
      authorization:
        'AWS4-HMAC-SHA256 Credential=S3RVER/20240101/us-east-1/ses/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: JSON.stringify({
      // The app's sender when the stack names it (the cloud pool sends from the stage's SES identity), else Cognito's.
      FromEmailAddress: process.env.PRESEED_COGNITO_MAIL_FROM || 'no-reply@verificationemail.com',
      Destination: { ToAddresses: [destination] },
      Content: {
        Simple: {
          Subject: { Data: subject },
          Body: message.emailMessage ? { Html: { Data: text } } : { Text: { Data: text } },
        },
      },
    }),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} ${await response.text()}`);
}

// Real Cognito with AliasAttributes ['email'] resolves a verified email to its user; cognito-local does that
// only when email is the username (UsernameAttributes), which would force usernames to be emails and refuse
// the administrator's username `admin`. See docs/decisions/004.
const { UserPoolServiceImpl } = require('cognito-local/lib/services/userPoolService');
const getUserByUsername = UserPoolServiceImpl.prototype.getUserByUsername;
UserPoolServiceImpl.prototype.getUserByUsername = async function getUserByUsernameOrEmailAlias(ctx, username) {
  const user = await getUserByUsername.call(this, ctx, username);
  if (user || typeof username !== 'string' || !username.includes('@')) return user;
  if (!this.options.AliasAttributes?.includes('email')) return user;
  const wanted = username.toLowerCase();
  const users = await this.listUsers(ctx);
  return (
    users.find(
      (u) =>
        attributeValue('email', u.Attributes)?.toLowerCase() === wanted &&
        attributeValue('email_verified', u.Attributes) === 'true',
    ) ?? null
  );
};

require('cognito-local/lib/bin/start.js');
