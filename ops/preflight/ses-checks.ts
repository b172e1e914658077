/**
 * Preflight checks of the stage's email: the SES identity, its DKIM, and the account's way out of the
 * SES sandbox. Until the identity is verified Cognito mails sign-up codes itself (`sesIdentityVerified:
 * false`); a stage that says it is verified must be, or the user pool refuses the identity at deploy.
 */
import { GetAccountCommand, GetEmailIdentityCommand, type GetEmailIdentityCommandOutput } from '@aws-sdk/client-sesv2';
import { type CheckResult, fail, type PreflightContext, pass, warn } from './check';

/** What the stack verifies: the whole domain when the stage has one, else the sender address. */
export const sesIdentityOf = (stage: PreflightContext['stage']): string => stage.domainName ?? stage.senderEmail;

/** The three CNAME records a domain identity's Easy DKIM wants, as the operator types them into DNS. */
export function dkimRecords(domain: string, tokens: readonly string[]): string {
  return tokens.map((t) => `${t}._domainkey.${domain} CNAME ${t}.dkim.amazonses.com`).join('; ');
}

async function getIdentity(ctx: PreflightContext, identity: string): Promise<GetEmailIdentityCommandOutput | null> {
  try {
    return await ctx.clients.sesv2.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
  } catch (err) {
    if (err instanceof Error && err.name === 'NotFoundException') return null;
    throw err;
  }
}

export async function checkSesIdentity(ctx: PreflightContext): Promise<CheckResult[]> {
  const { stage } = ctx;
  const identity = sesIdentityOf(stage);
  const isDomain = stage.domainName !== undefined;
  const out = await getIdentity(ctx, identity);
  // Not verified yet is fine for a first deploy (Cognito mails by itself) and fatal once the stage says otherwise.
  const notYet = (name: string, detail: string, fix: string) =>
    stage.sesIdentityVerified
      ? fail(name, `${detail}, but cdk.json says sesIdentityVerified: true (the user pool would refuse it)`, fix)
      : warn(name, `${detail}; Cognito mails sign-up codes itself until it is`, fix);

  const idName = `SES identity ${identity}`;
  if (!out) {
    return [
      notYet(
        idName,
        `does not exist in ${stage.region}`,
        stage.sesIdentityVerified
          ? `set context.stages.${stage.name}.sesIdentityVerified to false and deploy (the stack creates the identity), then verify it`
          : 'the first deploy creates it; then verify it (docs/operations.md, "Email")',
      ),
    ];
  }
  const tokens = out.DkimAttributes?.Tokens ?? [];
  const verifyFix = isDomain
    ? `publish the DKIM records: ${dkimRecords(identity, tokens)}`
    : `open the link SES mailed to ${identity} (check the spam folder)`;
  const results: CheckResult[] = [];
  if (out.VerifiedForSendingStatus) {
    results.push(
      stage.sesIdentityVerified
        ? pass(idName, 'verified for sending')
        : warn(
            idName,
            'verified, but Cognito still mails by itself',
            `set context.stages.${stage.name}.sesIdentityVerified to true and deploy`,
          ),
    );
  } else {
    results.push(notYet(idName, 'not verified yet', verifyFix));
  }

  if (isDomain) {
    const dkimName = `SES DKIM ${identity}`;
    const status = out.DkimAttributes?.Status ?? 'NOT_STARTED';
    results.push(
      status === 'SUCCESS'
        ? pass(dkimName, 'DKIM signing verified')
        : notYet(dkimName, `DKIM status ${status}`, `publish the DKIM records: ${dkimRecords(identity, tokens)}`),
    );
  }
  return results;
}

export async function checkSesProductionAccess(ctx: PreflightContext): Promise<CheckResult> {
  const { stage } = ctx;
  const name = `SES production access ${stage.region}`;
  const out = await ctx.clients.sesv2.send(new GetAccountCommand({}));
  if (out.SendingEnabled === false) {
    return fail(
      name,
      'sending is paused for the account (bounces or complaints)',
      `read the SES account dashboard in ${stage.region}, fix the cause, then: aws sesv2 put-account-sending-attributes --region ${stage.region} --sending-enabled`,
    );
  }
  if (out.ProductionAccessEnabled) return pass(name, 'out of the SES sandbox');
  const review = out.Details?.ReviewDetails?.Status;
  const detail =
    review === 'PENDING'
      ? 'in the SES sandbox; the request to leave it is pending (AWS answers within about a day)'
      : 'in the SES sandbox: mail reaches verified addresses only, so founders get no sign-up code';
  const fix =
    review === 'PENDING'
      ? 'wait for AWS support to answer the case'
      : `aws sesv2 put-account-details --region ${stage.region} --production-access-enabled --mail-type TRANSACTIONAL ` +
        `--website-url https://${stage.domainName ?? '<your site>'} --use-case-description "<what you send>" (docs/operations.md, "Leaving the SES sandbox")`;
  // Dev stages may live in the sandbox on purpose (their testers verify their own addresses).
  return stage.production ? fail(name, detail, fix) : warn(name, detail, fix);
}
