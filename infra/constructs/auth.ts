import { Duration, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  type CfnUserPool,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  UserPoolGroup,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ADMIN_GROUP, FUNCTION_TIMEOUT_SECONDS } from '#shared/deploy-names';
import { PASSWORD_POLICY } from '#shared/domain/password-policy';
import { type CognitoTier, logRetentionOf, removalPolicyOf, resourcePrefix, type StageConfig } from '../stages';
import type { Email } from './email';
import { AppFunction } from './function';
import { COGNITO_MESSAGES_ENTRY } from './lambda-entries';
import { acknowledge } from './nag';

const COGNITO_FEATURE_PLANS: Record<CognitoTier, FeaturePlan> = {
  essentials: FeaturePlan.ESSENTIALS,
  plus: FeaturePlan.PLUS,
};

/** Lifetime of access and ID tokens. */
export const TOKEN_VALIDITY = Duration.minutes(15);
/** How long a rotated-out refresh token still works, for a retry of the request that rotated it. */
export const REFRESH_TOKEN_GRACE = Duration.seconds(10);

/** What Cognito's own emails say in the From header; the address is the stage's SES sender. */
export const COGNITO_SENDER_NAME = 'Preseed';

export interface AuthProps {
  readonly stage: StageConfig;
  /** The stage's SES sender: Cognito's own emails (password-reset codes) go out from it once it is verified. */
  readonly email: Email;
}

/**
 * The Cognito user pool. Users never sign themselves up here: our API verifies the
 * e-mail with its own code and then creates the user (AdminCreateUser).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** The `iss` claim of the pool's tokens, which the API's JWT authorizer trusts. */
  readonly issuerUrl: string;
  /** Cognito's CustomMessage trigger: its emails in Preseed's words (functions/cognito/custom-message.ts). */
  readonly customMessage: AppFunction;

  constructor(scope: Construct, id: string, { stage, email }: AuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: resourcePrefix(stage),
      selfSignUpEnabled: false,
      // The bootstrap administrator signs in as `admin`, founders with their e-mail.
      signInAliases: { username: true, email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      autoVerify: { email: true },
      // A changed address only takes effect once its code is confirmed.
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your Preseed code',
        emailBody: 'Your Preseed code is {####}.',
      },
      // Once SES has verified the stage's identity (`sesIdentityVerified`), Cognito's own emails (password-reset
      // codes) come from the stage's SES sender like every other email, not from no-reply@verificationemail.com with
      // Cognito's daily cap of 50. Before that the pool must not name the identity: Cognito refuses an unverified
      // one when the pool is created, which would roll back the stage's first deploy (decision 016).
      email: stage.sesIdentityVerified
        ? UserPoolEmail.withSES({
            fromEmail: email.senderEmail,
            fromName: COGNITO_SENDER_NAME,
            configurationSetName: email.configurationSet.configurationSetName,
          })
        : UserPoolEmail.withCognito(),
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // The stage's `cognitoTier` (infra/stages.ts; its price in docs/capacity.md): threat protection
      // (compromised credentials, risky sign-ins) comes with Plus and is billed per active user.
      featurePlan: COGNITO_FEATURE_PLANS[stage.cognitoTier],
      ...(stage.cognitoTier === 'plus'
        ? { standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION }
        : {}),
      deletionProtection: stage.production,
      removalPolicy: removalPolicyOf(stage),
    });

    // withSES names the sender address as the identity; the stage may verify a whole domain instead, so the
    // pool points at the identity that really exists (and is created before it).
    if (stage.sesIdentityVerified) {
      (this.userPool.node.defaultChild as CfnUserPool).addPropertyOverride(
        'EmailConfiguration.SourceArn',
        email.identity.emailIdentityArn,
      );
    }

    // Cognito calls it synchronously while sending and gives up after 5 s.
    this.customMessage = new AppFunction(this, 'CustomMessage', {
      entry: COGNITO_MESSAGES_ENTRY,
      stage,
      description: `Preseed ${stage.name}: Cognito's emails (password-reset code) in Preseed's words`,
      environment: {},
      logRetention: logRetentionOf(stage),
      removalPolicy: removalPolicyOf(stage),
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.cognitoTrigger),
      memorySize: 256,
    });
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, this.customMessage.live);

    new UserPoolGroup(this, 'AdminGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description: 'Coaches and operators: review phases, manage questions, see statistics.',
    });

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      // SRP only: the password never leaves the browser (/config.json says USER_SRP_AUTH on every cloud
      // stage). USER_PASSWORD_AUTH is cognito-local's flow; the offline stack makes its own client.
      authFlows: { userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // A stolen access or ID token is good for 15 minutes at most; Amplify renews them with the refresh token.
      accessTokenValidity: TOKEN_VALIDITY,
      idTokenValidity: TOKEN_VALIDITY,
      refreshTokenValidity: Duration.days(30),
      // Every refresh returns a new refresh token and retires the old one (after this grace for a retried
      // request), so a stolen refresh token stops working once the founder's browser refreshes. Rotation
      // refreshes through GetTokensFromRefreshToken (Amplify 6 does) and rules out REFRESH_TOKEN_AUTH, which
      // CDK therefore leaves out of the client's flows.
      refreshTokenRotationGracePeriod: REFRESH_TOKEN_GRACE,
      // The browser must not rewrite its e-mail in Cognito: our API owns it. An empty list would mean
      // "every standard attribute", so the harmless names are the only writable ones.
      writeAttributes: new ClientAttributes().withStandardAttributes({ givenName: true, familyName: true }),
    });

    const stack = Stack.of(this);
    this.issuerUrl = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;

    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      "The password policy is PASSWORD_POLICY (shared/domain/password-policy.ts), shared with the API's own " +
        'checks and the product specification: length 8 with upper case, lower case and digits, no symbol required.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is optional (TOTP) in the pool: founders sign up through an e-mail code and may enable an authenticator ' +
        'app. Coaches must: the API refuses admin routes to a coach without one (ADMIN_MFA, functions/lib/admin-mfa.ts).',
    );
    if (!stage.production) {
      acknowledge(
        this.userPool,
        'AwsSolutions-COG8',
        'Non-production stage without real users: the Plus feature plan (threat protection) is billed per user ' +
          'and enabled on production stages only.',
      );
    }
  }
}
