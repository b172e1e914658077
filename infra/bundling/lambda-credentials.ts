/**
 * Bundled in place of `@aws-sdk/credential-provider-node` (LAMBDA_ALIASES in
 * infra/constructs/bundling.ts); never loaded by the local stack or the tests, which run the sources.
 *
 * Lambda hands every function its role's credentials in AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
 * AWS_SESSION_TOKEN, and the SDK's default chain reads exactly those first. The rest of the chain
 * (SSO, ini files, credential processes, web identity, container and instance metadata, with the
 * nested STS, SSO and sign-in clients they bring) never answers on Lambda, yet was about 120 KB of
 * every bundle and some 7 ms of every cold start to parse.
 */

export interface EnvironmentCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** The SDK calls this once per client and memoizes what the provider answers. */
export const defaultProvider = () => async (): Promise<EnvironmentCredentials> => {
  const {
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_SESSION_TOKEN: sessionToken,
    AWS_CREDENTIAL_EXPIRATION: expiration,
  } = process.env;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'No AWS credentials in the environment: this bundle reads only the AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY ' +
        'pair Lambda sets (see infra/bundling/lambda-credentials.ts).',
    );
  }
  return {
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    ...(expiration ? { expiration: new Date(expiration) } : {}),
  };
};
